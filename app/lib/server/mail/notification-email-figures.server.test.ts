/** The agent's mail about a listing inquiry with the buyer's figures (issue 28); without them, the mail as it was. */
import { describe, expect, it } from "vitest";
import type { OutboxNotification } from "./outbox.server";
import { buildNotificationEmail } from "../leads/forms.server";

const PATH = "/listings/28123456-10123-jasper-avenue-nw-edmonton";
const listing = {
  key: "28123456",
  address: "10123 Jasper Avenue NW, Edmonton",
  mlsNumber: "E4400001",
  path: PATH,
  url: `https://agent.example${PATH}`,
};
const figures = { down: 25_000, rate: 5.4, amortizationYears: 25, monthlyTotal: 3050, includesTax: true, includesCondoFee: true };
const SENTENCE = "$25,000 down at 5.4 %, 25 years: about $3,050 a month with tax and condo fee";
const payload = {
  name: "Ann <b>",
  email: "ann@example.com",
  phone: null,
  message: "Hello",
  submittedAt: "2026-11-23T17:29:00.000Z",
  contactId: 3,
  inquiryId: 4,
};
const row = (p: Record<string, unknown>): OutboxNotification => ({
  id: 9,
  kind: "contact",
  source: "contact_form",
  message_id: "<contact-9@averyhomes.example>",
  attempts: 1,
  created_at: new Date("2026-11-23T17:30:00Z"),
  recipient: null,
  payload: p,
});

describe("the agent's mail with the buyer's figures", () => {
  it("has a 'Their figures' row in the text and the HTML, after the home", () => {
    const mail = buildNotificationEmail(row({ ...payload, listing, figures }));
    expect(mail.text).toContain(`Listing page:  https://agent.example${PATH}\nTheir figures: ${SENTENCE}\nSource:`);
    expect(mail.html).toContain(
      `<th align="left" style="padding:4px 12px 4px 0;vertical-align:top">Their figures</th><td style="padding:4px 0">${SENTENCE}</td>`,
    );
    expect(mail.html).toContain("Ann &lt;b&gt;");
  });
  it("is the mail of today without figures, with figures that are not figures, and for a message not about a home", () => {
    const plain = buildNotificationEmail(row({ ...payload, listing }));
    expect(plain.text).not.toContain("Their figures");
    expect(plain.html).not.toContain("Their figures");
    expect(buildNotificationEmail(row({ ...payload, listing, figures: { ...figures, down: "<script>alert(1)</script>" } }))).toEqual(plain);
    expect(buildNotificationEmail(row({ ...payload, listing, figures: "<img src=x onerror=alert(1)>" }))).toEqual(plain);
    expect(buildNotificationEmail(row({ ...payload, figures }))).toEqual(buildNotificationEmail(row(payload)));
  });
});
