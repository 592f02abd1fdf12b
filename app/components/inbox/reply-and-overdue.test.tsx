/** The person page's answers, the Overdue marks and the response-time summary as the server renders them. */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Submission } from "~/lib/inbox";
import type { ResponseForm } from "~/lib/response-times";
import { formatDuration } from "~/lib/format";
import { OverdueBadge, ReplyDue } from "./overdue";
import { ReplyActions, latestMessageOf } from "./reply-actions";
import { ResponseTimesSummary } from "./response-times";

const html = (node: React.ReactElement) => renderToString(node).replace(/<!-- -->/g, "");

const submission = (fields: Record<string, unknown>): Submission => ({
  id: 1,
  kind: "contact",
  source: "contact_form",
  fields,
  createdAt: new Date("2026-11-23T04:51:00Z"),
  notification: { status: "sent", attempts: 1, lastError: null, sentAt: null },
  acknowledgement: null,
  consent: null,
});

describe("ReplyActions", () => {
  it("offers Call and Text only with a phone, each a 44 px target, and the e-mail quotes the latest message", () => {
    const out = html(
      <ReplyActions
        person={{ name: "Ana Émile", email: "ana@example.com", phone: "780-555-0199" }}
        latest={submission({ message: "Is it sold? <b>& #1</b>" })}
      />,
    );
    expect(out).toContain('href="tel:+17805550199"');
    expect(out).toContain('href="sms:+17805550199?&amp;body=Hi%20Ana%2C%20this%20is%20Jordan%20Avery%20from%20Northgate%20Realty%20Group.');
    expect(out).toMatch(
      /href="mailto:ana@example\.com\?subject=Re%3A%20your%20message%20to%20Jordan%20Avery&amp;body=[^"]*Nov%2022%2C%202026%2C%209%3A51%20p\.m\.[^"]*%3E%20Is%20it%20sold%3F%20%3Cb%3E%26%20%231%3C%2Fb%3E"/,
    );
    expect(out.match(/min-h-11/g)).toHaveLength(3);
    const noPhone = html(<ReplyActions person={{ name: "", email: "x@example.com", phone: null }} latest={undefined} />);
    expect(noPhone).not.toContain("tel:");
    expect(noPhone).not.toContain("sms:");
    expect(noPhone).toContain(">Reply by e-mail</a>");
  });

  it("answers a listing inquiry about its home", () => {
    expect(latestMessageOf(submission({ message: "Still for sale?", listing: { address: "1 Main St NW", path: "/listings/1" } }))).toEqual({
      text: "Still for sale?",
      when: "Nov 22, 2026, 9:51 p.m.",
      listingAddress: "1 Main St NW",
    });
    expect(latestMessageOf(submission({ comments: "Looking in Glenora" }))?.listingAddress).toBeNull();
  });
});

describe("Overdue", () => {
  const since = new Date("2026-11-23T16:00:00Z");
  it("says Overdue in words, with how long they wait, and on their page when the reply was due", () => {
    expect(html(<OverdueBadge since={since} now={new Date("2026-11-23T19:05:00Z")} />)).toMatch(
      /Overdue<span[^>]*> · waiting 3 h 5 min<\/span>/,
    );
    expect(html(<ReplyDue since={since} due={new Date("2026-11-23T17:00:00Z")} now={new Date("2026-11-23T19:05:00Z")} />)).toContain(
      "Waiting since <time",
    );
    expect(html(<ReplyDue since={since} due={new Date("2026-11-23T17:00:00Z")} now={new Date("2026-11-23T19:05:00Z")} />)).toContain(
      "; your reply was due <time",
    );
    expect(html(<ReplyDue since={since} due={new Date("2026-11-23T17:00:00Z")} now={since} />)).toMatch(
      /; a reminder comes at <time[^>]*>[^<]*<\/time> if they are still New/,
    );
    expect(html(<ReplyDue since={null} due={null} now={since} />)).toBe("");
  });
  it("writes durations short", () => {
    expect([30, 59 * 60, 3 * 3600 + 300, 24 * 3600, 50 * 3600].map((s) => formatDuration(s * 1000))).toEqual([
      "1 min",
      "59 min",
      "3 h 5 min",
      "24 h",
      "2 d 2 h",
    ]);
  });
});

describe("ResponseTimesSummary", () => {
  const stat = <F extends ResponseForm | null>(form: F, medianSeconds: number | null, replies: number, waiting = 0) => ({
    form,
    replies,
    waiting,
    medianSeconds,
    p90Seconds: medianSeconds && medianSeconds * 2,
  });
  it("says No replies yet when none", () => {
    expect(
      html(<ResponseTimesSummary times={{ days: 30, overall: stat(null, null, 0, 2), forms: [stat("contact", null, 0, 2)] }} />),
    ).toContain("No replies yet (2 submissions waiting).");
  });
  it("shows the median, the 90th percentile and the count, overall and per form", () => {
    const out = html(
      <ResponseTimesSummary
        times={{ days: 30, overall: stat(null, 1800, 3, 1), forms: [stat("contact", 600, 1), stat("listing", 2400, 2)] }}
      />,
    );
    expect(out).toMatch(/All forms<\/th><td[^>]*>30 min<\/td><td[^>]*>1 h<\/td><td[^>]*>3<\/td>/);
    expect(out).toContain("Contact form");
    expect(out).toContain("Listing inquiry");
    expect(out).toContain("1 submission not answered yet");
  });
});
