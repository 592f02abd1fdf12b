import { describe, expect, it } from "vitest";
import { isOpen, nextOpening, replyDueAt } from "./working-hours";

// Instants are written with Edmonton's offset of their day: -07:00 (MST) before 2026-03-08 02:00
// and from 2026-11-01 02:00, -06:00 (MDT) in between. Hours: weekdays 09-18, weekends 10-16.
const at = (iso: string) => new Date(iso);
const due = (since: string, minutes: number) => replyDueAt(at(since), minutes).toISOString();

describe("replyDueAt", () => {
  it("counts only opening time: a Friday lead at 17:30 with an hour is due Saturday 10:30", () => {
    expect(due("2026-03-06T17:30:00-07:00", 60)).toBe(at("2026-03-07T10:30:00-07:00").toISOString());
  });

  it("adds the minutes within the same day when they fit, closing time included", () => {
    expect(due("2026-05-12T10:15:00-06:00", 60)).toBe(at("2026-05-12T11:15:00-06:00").toISOString());
    expect(due("2026-05-12T17:00:00-06:00", 60)).toBe(at("2026-05-12T18:00:00-06:00").toISOString());
  });

  it("carries what is left of a lead just before closing to the next morning", () => {
    expect(due("2026-05-11T17:50:00-06:00", 30)).toBe(at("2026-05-12T09:20:00-06:00").toISOString());
  });

  it("starts a lead sent at night at the next opening", () => {
    expect(due("2026-05-12T23:40:00-06:00", 30)).toBe(at("2026-05-13T09:30:00-06:00").toISOString());
    expect(due("2026-05-13T03:00:00-06:00", 30)).toBe(at("2026-05-13T09:30:00-06:00").toISOString());
  });

  it("uses the weekend's hours and goes from Sunday to Monday", () => {
    expect(due("2026-05-16T08:00:00-06:00", 60)).toBe(at("2026-05-16T11:00:00-06:00").toISOString());
    expect(due("2026-05-17T15:30:00-06:00", 60)).toBe(at("2026-05-18T09:30:00-06:00").toISOString());
    expect(due("2026-05-16T16:00:00-06:00", 1)).toBe(at("2026-05-17T10:01:00-06:00").toISOString());
  });

  it("spans several days: 24 hours of opening time from Friday 17:00 end on Tuesday 11:00", () => {
    // Friday 1 h, Saturday 6 h, Sunday 6 h, Monday 9 h: 22 h, then 2 h on Tuesday.
    expect(due("2026-05-15T17:00:00-06:00", 24 * 60)).toBe(at("2026-05-19T11:00:00-06:00").toISOString());
    // A whole working week from Monday's opening ends at Friday's closing.
    expect(due("2026-05-11T09:00:00-06:00", 5 * 9 * 60)).toBe(at("2026-05-15T18:00:00-06:00").toISOString());
  });

  it("crosses the spring change (Sunday 2026-03-08, 02:00 -> 03:00) on wall-clock hours", () => {
    // Saturday 15:30 MST: 30 min on Saturday, 30 on Sunday from 10:00, which is now MDT.
    expect(due("2026-03-07T15:30:00-07:00", 60)).toBe("2026-03-08T16:30:00.000Z");
    expect(due("2026-03-07T15:30:00-07:00", 60)).toBe(at("2026-03-08T10:30:00-06:00").toISOString());
    // Sent in the night of the change, before and after the skipped hour.
    expect(due("2026-03-08T01:30:00-07:00", 15)).toBe(at("2026-03-08T10:15:00-06:00").toISOString());
    expect(due("2026-03-08T03:30:00-06:00", 15)).toBe(at("2026-03-08T10:15:00-06:00").toISOString());
    // Sunday's six hours end at 16:00 MDT, and Monday opens at 09:00 MDT.
    expect(due("2026-03-08T09:00:00-06:00", 6 * 60 + 15)).toBe(at("2026-03-09T09:15:00-06:00").toISOString());
  });

  it("crosses the autumn change (Sunday 2026-11-01, 02:00 -> 01:00) on wall-clock hours", () => {
    // Saturday 15:00 MDT: 60 min on Saturday, 60 on Sunday from 10:00, which is now MST.
    expect(due("2026-10-31T15:00:00-06:00", 120)).toBe("2026-11-01T18:00:00.000Z");
    expect(due("2026-10-31T15:00:00-06:00", 120)).toBe(at("2026-11-01T11:00:00-07:00").toISOString());
    // Both 01:30s of the repeated hour wait for 10:00 MST.
    expect(due("2026-11-01T01:30:00-06:00", 30)).toBe(at("2026-11-01T10:30:00-07:00").toISOString());
    expect(due("2026-11-01T01:30:00-07:00", 30)).toBe(at("2026-11-01T10:30:00-07:00").toISOString());
    expect(due("2026-11-01T15:45:00-07:00", 30)).toBe(at("2026-11-02T09:15:00-07:00").toISOString());
  });

  it("measures a window that spans a change in real time", () => {
    // Opening in the skipped hour starts at 03:30 MDT; the 01:00-03:00 window of the autumn night lasts three hours.
    const spring = [{ days: ["Sunday"], opens: "02:30", closes: "04:00" }];
    expect(nextOpening(at("2026-03-08T00:00:00-07:00"), spring).toISOString()).toBe(at("2026-03-08T03:30:00-06:00").toISOString());
    expect(replyDueAt(at("2026-03-08T00:00:00-07:00"), 45, spring).toISOString()).toBe(at("2026-03-15T02:45:00-06:00").toISOString());
    const autumn = [{ days: ["Sunday"], opens: "01:00", closes: "03:00" }];
    expect(replyDueAt(at("2026-11-01T00:00:00-06:00"), 170, autumn).toISOString()).toBe(at("2026-11-01T02:50:00-07:00").toISOString());
  });

  it("keeps seconds and milliseconds", () => {
    expect(due("2026-05-12T10:00:30.250-06:00", 1)).toBe(at("2026-05-12T10:01:30.250-06:00").toISOString());
  });

  it("refuses negative or non-finite minutes", () => {
    expect(() => replyDueAt(at("2026-05-12T10:00:00-06:00"), -1)).toThrow(RangeError);
    expect(() => replyDueAt(at("2026-05-12T10:00:00-06:00"), Number.NaN)).toThrow(RangeError);
  });

  it("refuses opening hours that never open", () => {
    expect(() => replyDueAt(at("2026-05-12T10:00:00-06:00"), 5, [])).toThrow(RangeError);
  });

  it("follows the hours it is given", () => {
    const nights = [{ days: ["Tuesday"], opens: "20:00", closes: "23:00" }];
    expect(replyDueAt(at("2026-05-12T22:30:00-06:00"), 60, nights).toISOString()).toBe(at("2026-05-19T20:30:00-06:00").toISOString());
  });
});

describe("isOpen", () => {
  it("opens at the opening minute and closes at the closing one", () => {
    expect(isOpen(at("2026-05-16T09:59:59-06:00"))).toBe(false);
    expect(isOpen(at("2026-05-16T10:00:00-06:00"))).toBe(true);
    expect(isOpen(at("2026-05-16T15:59:59-06:00"))).toBe(true);
    expect(isOpen(at("2026-05-16T16:00:00-06:00"))).toBe(false);
    expect(isOpen(at("2026-05-15T17:59:00-06:00"))).toBe(true);
    expect(isOpen(at("2026-05-15T18:00:00-06:00"))).toBe(false);
  });

  it("reads the hours in Edmonton time on both change days", () => {
    expect(isOpen(at("2026-03-08T10:00:00-06:00"))).toBe(true);
    expect(isOpen(at("2026-03-08T09:30:00-06:00"))).toBe(false);
    expect(isOpen(at("2026-11-01T10:00:00-07:00"))).toBe(true);
    expect(isOpen(at("2026-11-01T09:30:00-07:00"))).toBe(false);
    expect(isOpen(at("2026-11-01T15:30:00-07:00"))).toBe(true);
  });
});

describe("nextOpening", () => {
  it("is the instant itself while open", () => {
    expect(nextOpening(at("2026-05-12T12:00:00-06:00")).toISOString()).toBe(at("2026-05-12T12:00:00-06:00").toISOString());
  });

  it("is the next opening after closing, at night and over the weekend", () => {
    expect(nextOpening(at("2026-05-15T18:00:00-06:00")).toISOString()).toBe(at("2026-05-16T10:00:00-06:00").toISOString());
    expect(nextOpening(at("2026-05-13T02:00:00-06:00")).toISOString()).toBe(at("2026-05-13T09:00:00-06:00").toISOString());
    expect(nextOpening(at("2026-05-17T16:30:00-06:00")).toISOString()).toBe(at("2026-05-18T09:00:00-06:00").toISOString());
  });

  it("lands on the local opening time across both changes", () => {
    expect(nextOpening(at("2026-03-07T20:00:00-07:00")).toISOString()).toBe("2026-03-08T16:00:00.000Z");
    expect(nextOpening(at("2026-10-31T20:00:00-06:00")).toISOString()).toBe("2026-11-01T17:00:00.000Z");
  });
});
