import { describe, expect, it } from "vitest";
import { emailOf } from "./email-of.server";
import { MalformedPayloadError } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";
import { AGENT, ORIGIN, UNSAFE_HTML, deliveredMail } from "../../../../tests/support/parsed-mail";
import { type WarmingPayload, buildWarmingEmail, inboxLinkOf } from "./warming-email.server";

const payload = (over: Partial<WarmingPayload> = {}): WarmingPayload => ({
  name: "Robin Buyer",
  email: "robin@example.com",
  reason: "Opened 123 Main St NW twice from an alert",
  ...over,
});
const row = (p: unknown, person_id: number | null = 7): OutboxNotification => ({
  id: 44,
  kind: "warming",
  source: "listing_alerts",
  payload: p,
  message_id: "<warming-1@averyhomes.example>",
  attempts: 1,
  created_at: new Date("2026-11-28T15:00:00Z"),
  recipient: null,
  person_id,
});

describe("the agent's warming-up notice", () => {
  it("tells the agent who and why, with their page in the inbox, marked automatic, answered to the person", () => {
    const mail = emailOf(row(payload()), AGENT, ORIGIN);
    expect(mail.to).toBe(AGENT);
    expect(mail.subject).toBe("Warming up: Robin Buyer");
    expect(mail.text).toContain("Robin Buyer is warming up: Opened 123 Main St NW twice from an alert.");
    expect(mail.text).toContain(`Open in the inbox: ${ORIGIN}/inbox/people/7`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/inbox/people/7" style="font-weight:bold">Open Robin Buyer in the inbox</a>`);
    expect(mail.html).toContain('<a href="mailto:robin@example.com">robin@example.com</a>');
    expect(mail.replyTo).toEqual({ name: "Robin Buyer", address: "robin@example.com" });
    expect(mail.headers).toEqual({ "Auto-Submitted": "auto-generated", "X-Notification-Id": "44" });
  });

  it("links the inbox page from the payload's own link, else the site's origin and the row's person; never elsewhere", () => {
    expect(inboxLinkOf({ person_id: 7 }, `${ORIGIN}/inbox/people/9`, undefined)).toBe(`${ORIGIN}/inbox/people/9`);
    expect(inboxLinkOf({ person_id: 7 }, undefined, `${ORIGIN}/`)).toBe(`${ORIGIN}/inbox/people/7`);
    expect(inboxLinkOf({ person_id: 7 }, "https://evil.example/login", ORIGIN)).toBe(`${ORIGIN}/inbox/people/7`);
    expect(inboxLinkOf({ person_id: null }, undefined, ORIGIN)).toBeNull();
    expect(inboxLinkOf({ person_id: 7 }, undefined, undefined)).toBeNull();
    expect(inboxLinkOf({ person_id: 7 }, undefined, "javascript:alert(1)")).toBeNull();
    const unlinked = buildWarmingEmail(row(payload()));
    expect(unlinked.text).not.toContain("Open in the inbox");
    expect(unlinked.html).not.toContain("/inbox/");
  });

  it("is written by the mailer with the payload's link, every link absolute on the site or to the person", async () => {
    const mail = await deliveredMail(row(payload({ url: `${ORIGIN}/inbox/people/7` })));
    expect(mail.parsed.to).toMatchObject({ value: [{ address: AGENT }] });
    expect(mail.header("auto-submitted")).toBe("auto-generated");
    for (const link of mail.links) expect(link === "mailto:robin@example.com" || new URL(link).origin === ORIGIN, link).toBe(true);
    expect(mail.links).toContain(`${ORIGIN}/inbox/people/7`);
  });

  it("shows what a visitor typed as text, and never links a doubtful address", async () => {
    const mail = await deliveredMail(
      row(payload({ name: "<b>Robin</b><script>x</script>\r\nBcc: victim@example.com", email: "x@example.com?bcc=victim@example.com" })),
    );
    expect(mail.parsed.subject).toBe("Warming up: <b>Robin</b><script>x</script> Bcc: victim@example.com");
    expect(mail.text).toContain("<b>Robin</b><script>x</script> Bcc: victim@example.com is warming up");
    expect(mail.html).not.toContain("<b>Robin</b>");
    expect(mail.html).not.toMatch(UNSAFE_HTML);
    expect(mail.html).not.toContain("mailto:");
    expect(mail.parsed.replyTo).toBeUndefined();
    expect(mail.raw).not.toMatch(/^Bcc:/im);
  });

  it("refuses a payload without a reason", () => {
    expect(() => emailOf(row({ name: "A", email: "a@example.com" }), AGENT, ORIGIN)).toThrow(MalformedPayloadError);
    expect(() => emailOf(row(null), AGENT, ORIGIN)).toThrow(/not an object/);
  });
});
