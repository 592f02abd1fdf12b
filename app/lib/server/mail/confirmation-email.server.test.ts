import { describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { CHANGE_SUBJECT, CONFIRMATION_SUBJECT, type ConfirmationPayload, buildConfirmationEmail } from "./confirmation-email.server";
import { emailOf } from "./email-of.server";
import { MalformedPayloadError } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";
import { AGENT, ORIGIN, UNSAFE_HTML, deliveredMail } from "../../../../tests/support/parsed-mail";

const confirmUrl = `${ORIGIN}/alerts/confirm/c0nf1rm.t0ken`;
const payload = (over: Partial<ConfirmationPayload> = {}): ConfirmationPayload => ({
  label: "Houses in Edmonton, $300,000–$500,000",
  kind: "search",
  frequency: "daily",
  confirmUrl,
  name: "Robin Buyer",
  ...over,
});
const row = (p: unknown, recipient: string | null = "robin@example.com"): OutboxNotification => ({
  id: 12,
  kind: "confirmation",
  source: "listing_alerts",
  payload: p,
  message_id: "<confirm-1@averyhomes.example>",
  attempts: 1,
  created_at: new Date("2026-11-25T18:00:00Z"),
  recipient,
  person_id: null,
});

/** Anything that would make the confirmation itself promote something. */
const PROMOTIONAL = /newsletter|free |home valuation|open house|special offer|facebook|instagram|youtube|linkedin/i;

describe("the confirmation of a listing-alert sign-up", () => {
  it("asks the visitor to confirm what they asked for, with the link, from the agent, marked automatic", async () => {
    const mail = await deliveredMail(row(payload()));
    expect(mail.parsed.subject).toBe(CONFIRMATION_SUBJECT);
    expect(mail.parsed.to).toMatchObject({ value: [{ name: "", address: "robin@example.com" }] });
    expect(mail.parsed.replyTo?.value[0]).toMatchObject({ name: site.agent.name, address: site.agent.email });
    expect(mail.header("auto-submitted")).toBe("auto-generated");
    expect(mail.parsed.headers.get("list")).toBeUndefined();
    expect(mail.parsed.messageId).toBe("<confirm-1@averyhomes.example>");
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain(
      "Your search: Houses in Edmonton, $300,000–$500,000\nYou will receive new listings and price drops that match this search, once a day, at 7:00 a.m. Edmonton time.",
    );
    expect(mail.text).toContain(`Confirm here:\n${confirmUrl}\nThe link works for 7 days.`);
    expect(mail.html).toContain(`<a href="${confirmUrl}" style="font-weight:bold">Confirm my listing alerts</a>`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Nothing is sent until you confirm.");
      for (const fact of [site.agent.name, site.brokerage.name, site.agent.phone]) expect(part).toContain(fact);
      expect(part).not.toMatch(PROMOTIONAL);
    }
  });

  it("says what a watched home brings, and how often", () => {
    const mail = buildConfirmationEmail(row(payload({ kind: "watch", label: "123 Main St NW", frequency: "instant" })));
    expect(mail.text).toContain(
      "Watch this home: 123 Main St NW\nYou will receive this home's price changes, status changes and when it leaves the market, as they happen.",
    );
    expect(buildConfirmationEmail(row(payload({ frequency: "weekly" }))).text).toContain(
      "once a week, on Saturdays at 7:00 a.m. Edmonton time.",
    );
  });

  it("asks to confirm a change of how often, not new alerts, when the address already has the search (issue 38)", async () => {
    const mail = await deliveredMail(row(payload({ frequency: "weekly", change: { from: "daily" } })));
    expect(mail.parsed.subject).toBe(CHANGE_SUBJECT);
    expect(mail.text).toContain("Please confirm the change to your listing alerts asked for on");
    expect(mail.text).toContain(
      "Your search: Houses in Edmonton, $300,000–$500,000\nYou already receive new listings and price drops that match this search, once a day, at 7:00 a.m. Edmonton time. Once you confirm, they will come once a week, on Saturdays at 7:00 a.m. Edmonton time.",
    );
    expect(mail.html).toContain(`<a href="${confirmUrl}" style="font-weight:bold">Confirm the change</a>`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Nothing changes until you confirm.");
      expect(part).toContain("your alerts stay as they are.");
      expect(part).not.toContain("You will receive");
    }
    expect(() => buildConfirmationEmail(row({ ...payload(), change: { from: "hourly" } }))).toThrow(/malformed change/);
    expect(() => buildConfirmationEmail(row({ ...payload(), change: "daily" }))).toThrow(/malformed change/);
  });

  it("links only to the site, absolutely", async () => {
    const mail = await deliveredMail(row(payload()));
    expect(mail.links).toEqual([confirmUrl]);
    expect(mail.html).not.toMatch(UNSAFE_HTML);
  });

  it("carries nothing of the typed name: not in To:, not as a greeting, not as a link", async () => {
    for (const name of [
      "Visit https://evil.example/win now",
      "<b>Robin</b> <script>alert(1)</script>\r\nBcc: victim@example.com",
      "Call 1-900-SCAM now",
      null,
    ]) {
      const mail = await deliveredMail(row(payload({ name })));
      expect(mail.parsed.to).toMatchObject({ value: [{ name: "", address: "robin@example.com" }] });
      expect(mail.raw).toMatch(/^To: robin@example\.com$/m);
      expect(mail.text).toMatch(/^Hello,\n/);
      for (const part of [mail.text, mail.html, mail.raw]) {
        expect(part).not.toContain("evil.example");
        expect(part).not.toContain("Robin</b>");
        expect(part).not.toContain("1-900-SCAM");
      }
      expect(mail.links).toEqual([confirmUrl]);
      expect(mail.html).not.toMatch(UNSAFE_HTML);
      expect(mail.raw).not.toMatch(/^Bcc:/im);
    }
  });

  it("refuses a malformed payload with its reason", () => {
    const refused = (p: unknown, recipient?: string | null) => () => emailOf(row(p, recipient), AGENT);
    expect(refused([])).toThrow(MalformedPayloadError);
    expect(refused(payload(), null)).toThrow(/no valid address/);
    expect(refused({ ...payload(), label: " " })).toThrow(/no label/);
    expect(refused({ ...payload(), kind: "spam" })).toThrow(/unknown kind "spam"/);
    expect(refused({ ...payload(), frequency: "hourly" })).toThrow(/unknown frequency "hourly"/);
    expect(refused({ ...payload(), confirmUrl: "javascript:alert(1)" })).toThrow(/no confirmation link/);
    expect(refused({ ...payload(), confirmUrl: `${ORIGIN}/inbox` })).toThrow(/no confirmation link/);
  });
});
