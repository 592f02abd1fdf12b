import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { emailOf } from "./email-of.server";
import type { OutboxNotification } from "./outbox.server";
import { createMailer } from "./mailer.server";
import { buildNotificationEmail } from "../leads/forms.server";
import { decoded, header } from "../../../../tests/support/test-smtp";

const agent = "agent@averyhomes.example";
const created_at = new Date("2026-11-23T17:30:00Z");
const contactPayload = {
  name: "Jane Doe",
  email: "jane@example.com",
  phone: null,
  message: "Hello",
  submittedAt: "2026-11-23T17:29:00.000Z",
  contactId: 3,
};
const row = (over: Partial<OutboxNotification> & Pick<OutboxNotification, "kind" | "payload">): OutboxNotification => ({
  id: 9,
  source: "contact_form",
  message_id: `<${over.kind}-9@averyhomes.example>`,
  attempts: 1,
  created_at,
  recipient: null,
  ...over,
});

describe("emailOf", () => {
  it("keeps the agent's notification of a submission exactly as it was, to the configured address", () => {
    for (const n of [
      row({ kind: "contact", payload: contactPayload }),
      row({
        kind: "lead",
        source: "Welcome Page Form",
        payload: { fullName: "Sam", email: "sam@example.com", phone: "780-555-0111", serviceType: "buying", comments: null, leadId: 4 },
      }),
    ]) {
      const { replyTo, subject, text, html, messageId, date } = buildNotificationEmail(n);
      expect(emailOf(n, agent)).toEqual({
        to: agent,
        replyTo,
        subject,
        text,
        html,
        messageId,
        date,
        headers: { "X-Lead-Source": n.source, "X-Notification-Id": "9" },
      });
    }
  });

  it("sends the acknowledgement to the visitor, and the reminder and summary to the agent", () => {
    expect(emailOf(row({ kind: "acknowledgement", recipient: "jane@example.com", payload: contactPayload }), agent).to).toBe(
      "jane@example.com",
    );
    const reminder = emailOf(
      row({
        kind: "reminder",
        payload: {
          personId: 1,
          name: "Jane Doe",
          email: "jane@example.com",
          phone: null,
          form: "contact_form",
          waitingSince: "2026-11-23T16:00:00Z",
          url: "https://x.example/inbox/people/1",
        },
      }),
      agent,
    );
    expect(reminder.to).toBe(agent);
    expect(reminder.subject).toBe("Still waiting: Jane Doe (contact form, 1 h 30 min)");
    const summary = emailOf(
      row({ kind: "summary", payload: { date: "2026-11-23", inboxUrl: "https://x.example/inbox", people: [] } }),
      agent,
    );
    expect(summary.to).toBe(agent);
    expect(
      emailOf(
        row({ kind: "summary", recipient: "assistant@averyhomes.example", payload: { date: "2026-11-23", inboxUrl: "", people: [] } }),
        agent,
      ).to,
    ).toBe("assistant@averyhomes.example");
  });

  it("sends the alert confirmation and the alert to the visitor, the warming notice to the agent with their inbox page", () => {
    const origin = "https://x.example";
    const confirmation = emailOf(
      row({
        kind: "confirmation",
        recipient: "robin@example.com",
        payload: { label: "Houses", kind: "search", frequency: "daily", confirmUrl: `${origin}/alerts/confirm/c`, name: null },
      }),
      agent,
    );
    expect(confirmation.to).toBe("robin@example.com");
    const item = {
      kind: "new",
      address: "1 Elm St",
      city: null,
      price: 1,
      oldPrice: null,
      status: "active",
      beds: null,
      baths: null,
      brokerage: null,
      photoUrl: null,
      pageUrl: `${origin}/alerts/open/t/K`,
      subscriptionLabel: "Houses",
    };
    const alert = emailOf(
      row({
        kind: "alert",
        recipient: "robin@example.com",
        person_id: 3,
        payload: {
          name: "Robin",
          items: [item],
          total: 1,
          allLinks: [],
          manageUrl: `${origin}/alerts/manage/m`,
          unsubscribeUrl: `${origin}/alerts/unsubscribe/m`,
        },
      }),
      agent,
    );
    expect(alert.to).toBe("robin@example.com");
    expect(alert.headers["List-Unsubscribe"]).toBe(`<${origin}/alerts/unsubscribe/m>`);
    const warming = emailOf(
      row({ kind: "warming", person_id: 3, payload: { name: "Robin", email: "robin@example.com", reason: "Watches 1 Elm St" } }),
      agent,
      origin,
    );
    expect(warming.to).toBe(agent);
    expect(warming.text).toContain(`${origin}/inbox/people/3`);
  });

  it("refuses a kind it does not know", () => {
    expect(() => emailOf(row({ kind: "fax" as OutboxNotification["kind"], payload: {} }), agent)).toThrow(/no e-mail for kind "fax"/);
  });
});

describe("the mailer, through emailOf", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  async function deliver(n: OutboxNotification): Promise<string> {
    const dir = mkdtempSync(path.join(tmpdir(), "agent-site-mail-"));
    folders.push(dir);
    await createMailer({ mailDir: dir, from: "site@averyhomes.example", to: agent }).deliver(n as OutboxNotification);
    return readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8");
  }

  it("writes the acknowledgement to the visitor, as an automatic reply answered by the agent, with no header anyone typed", async () => {
    const raw = await deliver(
      row({
        kind: "acknowledgement",
        recipient: "jane@example.com",
        payload: { ...contactPayload, name: "Jane\r\nBcc: victim@example.com", message: "<script>x</script>" },
      }),
    );
    expect(header(raw, "To")).toBe("jane@example.com");
    expect(header(raw, "Reply-To")).toBe(`${site.agent.name} <${site.agent.email}>`);
    expect(header(raw, "Auto-Submitted")).toBe("auto-replied");
    expect(header(raw, "Bcc")).toBeUndefined();
    expect(header(raw, "X-Lead-Source")).toBeUndefined();
    expect(raw).not.toMatch(/^Bcc:/im);
    // Nothing typed is written into it at all (decision 042).
    expect(decoded(raw)).not.toContain("script");
    expect(decoded(raw)).not.toContain("Jane");
  });

  it("writes a reminder to the agent, marked as automatic", async () => {
    const raw = await deliver(
      row({
        kind: "reminder",
        payload: {
          personId: 1,
          name: "Jane\r\nBcc: victim@example.com",
          email: "jane@example.com",
          phone: null,
          form: "contact_form",
          waitingSince: "2026-11-23T16:00:00Z",
          url: "",
        },
      }),
    );
    expect(header(raw, "To")).toBe(agent);
    expect(header(raw, "Auto-Submitted")).toBe("auto-generated");
    expect(header(raw, "Subject")).toBe("Still waiting: Jane Bcc: victim@example.com (contact form, 1 h 30 min)");
    expect(raw).not.toMatch(/^Bcc:/im);
  });
});
