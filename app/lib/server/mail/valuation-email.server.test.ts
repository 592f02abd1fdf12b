/** The agent's mail about "Get my in-person evaluation" (issue 43): the home, its figures as shown, the timeline; the payload's home read field by field. */
import { describe, expect, it } from "vitest";
import { valuationHomeOf } from "~/lib/leads";
import type { OutboxNotification } from "./outbox.server";
import { buildNotificationEmail } from "../leads/forms.server";

const home = {
  account: "1234567",
  address: "10234 105 Street NW",
  path: "/home-value/1234567",
  assessed: 412_000,
  rollYear: 2026,
  estimate: { low: 431_000, high: 455_000 },
  timeline: "In 3 to 6 months",
  url: "https://agent.example/home-value/1234567",
};
const payload = {
  name: "Sam <b>Seller</b>",
  email: "sam@example.com",
  phone: "780-555-0177",
  message: null,
  serviceType: "selling",
  submittedAt: "2026-11-29T17:29:00.000Z",
  contactId: 3,
  home,
};
const row = (p: Record<string, unknown>): OutboxNotification => ({
  id: 9,
  kind: "contact",
  source: "contact_form",
  message_id: "<contact-9@averyhomes.example>",
  attempts: 1,
  created_at: new Date("2026-11-29T17:30:00Z"),
  recipient: null,
  payload: p,
});

describe("the agent's mail about an evaluation request", () => {
  it("names the home, its assessment, the range shown and when they may sell, escaped in the HTML", () => {
    const mail = buildNotificationEmail(row(payload));
    expect(mail.subject).toBe("Evaluation request: 10234 105 Street NW from Sam <b>Seller</b>");
    expect(mail.text).toContain("Assessment:");
    expect(mail.text).toContain("$412,000 (2026 roll)");
    expect(mail.text).toContain("$431,000 – $455,000");
    expect(mail.text).toContain("In 3 to 6 months");
    expect(mail.text).toContain("https://agent.example/home-value/1234567");
    expect(mail.html).toContain("Sam &lt;b&gt;Seller&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Seller");
  });

  it("says when no range was shown, and falls back to the page's path for a foreign URL", () => {
    const mail = buildNotificationEmail(row({ ...payload, home: { ...home, estimate: null, url: "https://evil.example/x" } }));
    expect(mail.text).toContain("(no range: too few comparable homes)");
    expect(mail.text).toContain("/home-value/1234567");
    expect(mail.text).not.toContain("evil.example");
  });

  it("reads a payload's home only when its account is an account", () => {
    expect(valuationHomeOf({ ...home, account: "<script>" })).toBeNull();
    expect(valuationHomeOf("home")).toBeNull();
    expect(valuationHomeOf({ ...home, assessed: "lots", estimate: { low: 1 } })).toMatchObject({ assessed: 0, estimate: null });
    // A contact message without a home is the contact mail of before.
    const { home: _, serviceType: __, ...plain } = payload;
    expect(buildNotificationEmail(row(plain)).subject).toBe("New contact message from Sam <b>Seller</b>");
  });
});
