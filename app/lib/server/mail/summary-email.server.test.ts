import { describe, expect, it } from "vitest";
import { type SummaryPayload, type SummaryPerson, buildSummaryEmail } from "./summary-email.server";

const person = (id: number, over: Partial<SummaryPerson> = {}): SummaryPerson => ({
  id,
  name: `Person ${id}`,
  email: `p${id}@example.com`,
  form: "contact_form",
  since: "2026-11-22T20:00:00.000Z",
  overdue: false,
  url: `https://www.averyhomes.example/inbox/people/${id}`,
  ...over,
});
const summary = (people: unknown[], over: Partial<SummaryPayload> = {}) =>
  buildSummaryEmail({
    id: 5,
    message_id: "<summary-2026-11-23@averyhomes.example>",
    created_at: new Date("2026-11-23T15:00:00Z"),
    payload: { date: "2026-11-23", inboxUrl: "https://www.averyhomes.example/inbox", people, ...over },
  });

describe("the morning summary", () => {
  it("lists the overdue first and marks them, then the others, longest waiting first", () => {
    const mail = summary([
      person(1, { since: "2026-11-22T21:00:00.000Z" }),
      person(2, { overdue: true, since: "2026-11-22T18:00:00.000Z", form: "Welcome Page Form" }),
      person(3, { since: "2026-11-22T19:00:00.000Z" }),
      person(4, { overdue: true, since: "2026-11-21T18:00:00.000Z" }),
    ]);
    expect(mail.subject).toBe("Morning summary, November 23, 2026: 4 people are New (2 overdue)");
    const order = [...mail.text.matchAll(/^(\[OVERDUE\] )?Person (\d)$/gm)].map((m) => `${m[1] ? "!" : ""}${m[2]}`);
    expect(order).toEqual(["!4", "!2", "3", "1"]);
    expect(mail.text).toContain(
      "[OVERDUE] Person 2\n  welcome form · p2@example.com · since November 22, 2026 at 11:00 a.m. (Edmonton time)\n  https://www.averyhomes.example/inbox/people/2\n",
    );
    expect(mail.html.indexOf("Person 4")).toBeLessThan(mail.html.indexOf("Person 3"));
    expect(mail.html).toContain(
      '<strong style="color:#b91c1c">OVERDUE</strong> <a href="https://www.averyhomes.example/inbox/people/4">Person 4</a>',
    );
    expect(mail.text).toContain("The inbox: https://www.averyhomes.example/inbox");
  });

  it("says so when no one is waiting, and counts one person in the singular", () => {
    expect(summary([]).subject).toBe("Morning summary, November 23, 2026: no one is waiting");
    expect(summary([]).html).not.toContain("<ul");
    expect(summary([person(1)]).subject).toBe("Morning summary, November 23, 2026: 1 person is New");
  });

  it("is marked as automatic", () => {
    expect(summary([]).headers).toEqual({ "Auto-Submitted": "auto-generated", "X-Notification-Id": "5" });
    expect(summary([]).date).toEqual(new Date("2026-11-23T15:00:00Z"));
  });

  it("escapes what visitors typed, keeps the subject on one line, and links only http(s)", () => {
    const mail = summary([person(1, { name: "<script>alert(1)</script>\r\nBcc: victim@example.com", url: "javascript:alert(1)" })], {
      date: "2026-11-23\r\nBcc: victim@example.com",
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Bcc: victim@example.com");
    expect(mail.html).not.toContain("javascript:");
  });
});
