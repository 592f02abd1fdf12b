import { describe, expect, it } from "vitest";
import { formatDuration as waitedFor } from "../../format";
import { type ReminderPayload, buildReminderEmail, mailtoLink, telLink } from "./reminder-email.server";

const payload: ReminderPayload = {
  personId: 12,
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "(780) 555-0111",
  form: "contact_form",
  waitingSince: "2026-11-23T16:10:00.000Z",
  url: "https://www.averyhomes.example/inbox/people/12",
};
const reminder = (p: Partial<Record<keyof ReminderPayload, unknown>> = {}) =>
  buildReminderEmail({
    id: 77,
    message_id: "<reminder-1@averyhomes.example>",
    created_at: new Date("2026-11-23T17:30:00Z"),
    payload: { ...payload, ...p },
  });

describe("the agent's reminder", () => {
  it("says who has waited how long, from which form", () => {
    const mail = reminder();
    expect(mail.subject).toBe("Still waiting: Jane Doe (contact form, 1 h 20 min)");
    expect(mail.text).toContain("Jane Doe is still New, waiting for 1 h 20 min.");
    expect(mail.text).toContain("Waiting since: November 23, 2026 at 9:10 a.m. (Edmonton time)");
    expect(reminder({ form: "Welcome Page Form" }).subject).toBe("Still waiting: Jane Doe (welcome form, 1 h 20 min)");
    expect(reminder({ form: "Listing inquiry" }).subject).toBe("Still waiting: Jane Doe (Listing inquiry, 1 h 20 min)");
  });

  it("links a call, an e-mail and the person's page in one tap", () => {
    const mail = reminder();
    expect(mail.html).toContain('<a href="tel:7805550111">(780) 555-0111</a>');
    expect(mail.html).toContain('<a href="mailto:jane@example.com">jane@example.com</a>');
    expect(mail.html).toContain(
      '<a href="https://www.averyhomes.example/inbox/people/12" style="font-weight:bold">Open Jane Doe in the inbox</a>',
    );
    expect(mail.text).toContain("Open in the inbox: https://www.averyhomes.example/inbox/people/12");
    expect(mail.replyTo).toEqual({ name: "Jane Doe", address: "jane@example.com" });
  });

  it("does without a phone, and never links a URL that is not http(s)", () => {
    const mail = reminder({ phone: null, url: "javascript:alert(1)" });
    expect(mail.text).toContain("Call:          (no phone given)");
    expect(mail.html).not.toContain("tel:");
    expect(mail.html).not.toContain("javascript:");
    expect(mail.text).not.toContain("Open in the inbox");
  });

  it("is marked as automatic", () => {
    expect(reminder().headers).toEqual({ "Auto-Submitted": "auto-generated", "X-Notification-Id": "77" });
    expect(reminder().messageId).toBe("<reminder-1@averyhomes.example>");
  });

  it("escapes what the visitor typed and keeps the subject on one line", () => {
    const mail = reminder({ name: "<script>alert(1)</script>\r\nBcc: victim@example.com", email: "x@example.com?bcc=victim@example.com" });
    expect(mail.subject).toBe("Still waiting: <script>alert(1)</script> Bcc: victim@example.com (contact form, 1 h 20 min)");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Bcc: victim@example.com");
    expect(mail.html).not.toContain("mailto:");
    expect(mail.replyTo).toBeUndefined();
  });

  it("writes waiting times at a glance", () => {
    expect(waitedFor(45 * 60_000)).toBe("45 min");
    expect(waitedFor(80 * 60_000)).toBe("1 h 20 min");
    expect(waitedFor(2 * 3_600_000)).toBe("2 h");
    expect(waitedFor(51 * 3_600_000 + 5 * 60_000)).toBe("2 d 3 h");
    expect(waitedFor(-5)).toBe("0 min");
  });

  it("dials only what looks like a number, and writes only to one plain address", () => {
    expect(telLink("+1 780 555 0111")).toBe("tel:+17805550111");
    expect(telLink("call me")).toBeNull();
    expect(mailtoLink("jane@example.com")).toBe("mailto:jane@example.com");
    expect(mailtoLink("a@example.com,b@example.com")).toBeNull();
  });
});
