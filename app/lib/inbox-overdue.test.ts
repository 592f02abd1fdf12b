import { describe, expect, it } from "vitest";
import { isOverdue, replyDueOf, withReplyDue } from "./inbox-overdue";

/** A stand-in for working hours: the reply is due `minutes` later, around the clock. */
const plainMinutes = (since: Date, minutes: number) => new Date(since.getTime() + minutes * 60_000);
const since = new Date("2026-03-02T16:00:00Z");

describe("overdue", () => {
  it("owes a reply only to someone still New who is waiting, due after the configured minutes of working time", () => {
    expect(replyDueOf({ status: "new", awaitingReplySince: since }, 60, plainMinutes)).toEqual(new Date("2026-03-02T17:00:00Z"));
    expect(replyDueOf({ status: "new", awaitingReplySince: null }, 60, plainMinutes)).toBeNull();
    expect(replyDueOf({ status: "contacted", awaitingReplySince: since }, 60, plainMinutes)).toBeNull();
    const calls: [Date, number][] = [];
    replyDueOf({ status: "new", awaitingReplySince: since }, 90, (s, m) => (calls.push([s, m]), s));
    expect(calls).toEqual([[since, 90]]);
  });

  it("is overdue from the due time on", () => {
    const due = new Date("2026-03-02T17:00:00Z");
    expect(isOverdue(due, new Date("2026-03-02T16:59:59Z"))).toBe(false);
    expect(isOverdue(due, due)).toBe(true);
    expect(isOverdue(null, due)).toBe(false);
  });

  it("keeps the list's order", () => {
    const people = [
      { id: 1, status: "contacted" as const, awaitingReplySince: null },
      { id: 2, status: "new" as const, awaitingReplySince: since },
    ];
    expect(withReplyDue(people, 30, plainMinutes)).toEqual([
      { id: 1, status: "contacted", awaitingReplySince: null, replyDue: null },
      { id: 2, status: "new", awaitingReplySince: since, replyDue: new Date("2026-03-02T16:30:00Z") },
    ]);
  });
});
