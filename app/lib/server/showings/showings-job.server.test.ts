import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toListingRow } from "../listings/property.server";
import { removeListings, upsertListings } from "../listings/store.server";
import { HOME } from "../../../../tests/support/listing-routes";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { bookShowing } from "./book.server";
import { calendarUrlProblem } from "./calendar-fetch.server";
import { readShowingSettings, saveCalendarUrl } from "./settings.server";
import { ShowingsJob } from "./showings-job.server";

const t = testDatabaseForThisFile();
const NOW = new Date("2026-11-29T12:00:00Z");
const CALENDAR = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//EN",
  "BEGIN:VEVENT",
  "UID:weekly@test",
  "DTSTAMP:20261101T000000Z",
  "DTSTART;TZID=America/Edmonton:20261130T100000",
  "DTEND;TZID=America/Edmonton:20261130T110000",
  "RRULE:FREQ=DAILY;COUNT=3",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

let origin = "";
const server = createServer((req, res) => {
  if (req.url === "/cal.ics") res.writeHead(200, { "content-type": "text/calendar" }).end(CALENDAR);
  else res.writeHead(404).end();
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const job = (localHosts: { hostname: string; port: number }[], feed = true) =>
  new ShowingsJob(t.db, { calendar: { localHosts }, feed, queued: () => {}, now: () => NOW });
const stand = () => [{ hostname: "127.0.0.1", port: Number(new URL(origin).port) }];

describe(`the showings job (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("reads the agent's calendar from its address and stores its busy times, recurrences expanded", async () => {
    await saveCalendarUrl(t.db, `${origin}/cal.ics`);
    expect(await job(stand()).readCalendar(undefined, true)).toBe("read");
    const settings = await readShowingSettings(t.db);
    expect(settings.busy.map((b) => new Date(b.start).toISOString())).toEqual([
      "2026-11-30T17:00:00.000Z",
      "2026-12-01T17:00:00.000Z",
      "2026-12-02T17:00:00.000Z",
    ]);
    expect(settings.busyError).toBeNull();
  });

  it("never reads an address inside the network, keeping the last busy times and saying why", async () => {
    await saveCalendarUrl(t.db, `${origin}/cal.ics`);
    expect(await job([]).readCalendar(undefined, true)).toBe("failed");
    expect((await readShowingSettings(t.db)).busyError).toMatch(/https/);
    for (const bad of [
      "https://10.0.0.1/cal.ics",
      "https://127.0.0.1/cal.ics",
      "http://8.8.8.8/cal.ics",
      "https://8.8.8.8:8443/cal.ics",
      "ftp://x/y",
    ])
      expect(await calendarUrlProblem(bad, { localHosts: [] }), bad).not.toBeNull();
    expect(await calendarUrlProblem("webcal://8.8.8.8/private/basic.ics", { localHosts: [] })).toBeNull();
  });

  it("cancels the future showings of a home that left the market, once", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    const listing = { key: HOME.ListingKey, address: "10123 Jasper Avenue NW, Edmonton", mlsNumber: "E4400001", path: "/listings/x" };
    const booked = await bookShowing(
      t.db,
      { name: "Ann", email: "ann@example.com", phone: "780-555-0101", note: "", slot: "2026-12-01T17:00:00.000Z" },
      listing,
      30,
      NOW,
    );
    expect(booked.ok).toBe(true);
    // Still for sale: nothing happens; off the feed's market: cancelled once.
    expect(await job([]).cancelUnavailable()).toBe(0);
    await upsertListings(t.db, [toListingRow({ ...HOME, StandardStatus: "Pending", ModificationTimestamp: "2025-06-01T00:00:00Z" })]);
    // A server without the feed knows no listing, so it cancels nothing.
    await job([], false).run({ signal: new AbortController().signal } as never);
    expect(
      Number((await t.db.rows<{ n: number }>(sql`select count(*)::integer as n from showings where status = 'cancelled'`))[0]!.n),
    ).toBe(0);
    expect(await job([]).cancelUnavailable()).toBe(1);
    expect(await job([]).cancelUnavailable()).toBe(0);
    await removeListings(t.db, [HOME.ListingKey]);
    expect(await job([]).cancelUnavailable()).toBe(0);
    const mails = await t.db.rows<{ recipient: string | null; payload: { similarUrl: string } }>(
      sql`select recipient, payload from notification_outbox where kind = 'invitation' order by id`,
    );
    expect(mails.map((m) => m.recipient).sort()).toEqual(["ann@example.com", null]);
    expect(mails.find((m) => m.recipient)!.payload.similarUrl).toMatch(/\/listings\?city=Edmonton$/);
  });
});
