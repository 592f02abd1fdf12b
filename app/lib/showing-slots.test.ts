import { describe, expect, it } from "vitest";
import { type Availability, DEFAULT_AVAILABILITY, offeredSlots, slotDays } from "./showing-slots";

// Edmonton is -07:00 (MST) until 2026-03-08 02:00 and from 2026-11-01 02:00, -06:00 (MDT) between.
const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => new Date(s);
const ms = (s: string) => Date.parse(s);
const only = (weekly: Availability["weekly"], more: Partial<Availability> = {}): Availability => ({
  ...DEFAULT_AVAILABILITY,
  weekly,
  ...more,
});

describe("offeredSlots", () => {
  it("cuts the site's hours into 30-minute showings from two hours' notice, a week ahead", () => {
    const slots = offeredSlots(DEFAULT_AVAILABILITY, { now: at("2026-05-12T08:00:00-06:00") });
    // Tuesday: 10:00 is the first start two hours from 08:00; the last ends at 18:00.
    expect(iso(slots[0]!)).toBe(at("2026-05-12T10:00:00-06:00").toISOString());
    expect(slots.map(iso)).toContain(at("2026-05-12T17:30:00-06:00").toISOString());
    expect(slots.map(iso)).not.toContain(at("2026-05-12T18:00:00-06:00").toISOString());
    // Saturday's hours are 10 to 16; the last start a week ahead is Tuesday 08:00 + 7 days, before opening.
    expect(slots.map(iso)).toContain(at("2026-05-16T15:30:00-06:00").toISOString());
    expect(slots.map(iso)).not.toContain(at("2026-05-16T16:00:00-06:00").toISOString());
    expect(Math.max(...slots)).toBe(ms("2026-05-18T17:30:00-06:00"));
  });

  it("keeps the buffer between showings and around busy times", () => {
    const a = only([{ days: ["Tuesday"], opens: "09:00", closes: "11:00" }], { bufferMinutes: 15, noticeMinutes: 0 });
    const now = at("2026-05-12T07:00:00-06:00");
    expect(offeredSlots(a, { now }).map(iso)).toEqual(
      ["2026-05-12T09:00:00-06:00", "2026-05-12T09:45:00-06:00", "2026-05-12T10:30:00-06:00"].map((s) => at(s).toISOString()),
    );
    // A held showing at 09:00 blocks itself; a busy time 10:20-10:30 blocks 09:45 (its buffer ends 10:30) and 10:30 (its buffer starts 10:15).
    const held = [{ start: ms("2026-05-12T09:00:00-06:00"), end: ms("2026-05-12T09:30:00-06:00") }];
    const busy = [{ start: ms("2026-05-12T10:20:00-06:00"), end: ms("2026-05-12T10:30:00-06:00") }];
    expect(offeredSlots(a, { now, held })).toEqual([ms("2026-05-12T09:45:00-06:00"), ms("2026-05-12T10:30:00-06:00")]);
    expect(offeredSlots(a, { now, held, busy })).toEqual([]);
  });

  it("leaves out time off and what is sooner than the notice", () => {
    const a = only([{ days: ["Tuesday", "Wednesday"], opens: "09:00", closes: "10:00" }], {
      timeOff: [{ start: "2026-05-13T00:00:00-06:00", end: "2026-05-14T00:00:00-06:00" }],
      noticeMinutes: 60,
    });
    expect(offeredSlots(a, { now: at("2026-05-12T08:10:00-06:00") }).map(iso)).toEqual([at("2026-05-12T09:30:00-06:00").toISOString()]);
  });

  it("starts at Edmonton's wall time on both sides of the spring change", () => {
    const a = only([{ days: ["Saturday", "Sunday", "Monday"], opens: "10:00", closes: "10:30" }], { noticeMinutes: 0, aheadDays: 3 });
    expect(offeredSlots(a, { now: at("2026-03-07T08:00:00-07:00") }).map(iso)).toEqual([
      "2026-03-07T17:00:00.000Z",
      "2026-03-08T16:00:00.000Z",
      "2026-03-09T16:00:00.000Z",
    ]);
  });

  it("starts at Edmonton's wall time on both sides of the autumn change, the repeated hour being real time too", () => {
    const a = only([{ days: ["Saturday", "Sunday"], opens: "00:30", closes: "02:00" }], { noticeMinutes: 0, aheadDays: 2 });
    const slots = offeredSlots(a, { now: at("2026-10-31T00:00:00-06:00") }).map(iso);
    // Saturday (MDT) 00:30, 01:00, 01:30. Sunday's window, 00:30 MDT to 02:00 MST, is 2½ real hours:
    // 00:30, 01:00 and 01:30 MDT, then 01:00 and 01:30 MST.
    expect(slots).toEqual([
      "2026-10-31T06:30:00.000Z",
      "2026-10-31T07:00:00.000Z",
      "2026-10-31T07:30:00.000Z",
      "2026-11-01T06:30:00.000Z",
      "2026-11-01T07:00:00.000Z",
      "2026-11-01T07:30:00.000Z",
      "2026-11-01T08:00:00.000Z",
      "2026-11-01T08:30:00.000Z",
    ]);
  });

  it("groups the slots by Edmonton day with labels in Edmonton time", () => {
    const days = slotDays([ms("2026-03-07T17:00:00Z"), ms("2026-03-08T16:00:00Z")]);
    expect(days.map((d) => d.label)).toEqual(["Saturday, March 7", "Sunday, March 8"]);
    expect(days.map((d) => d.slots[0]!.label)).toEqual(["10:00 a.m.", "10:00 a.m."]);
  });
});
