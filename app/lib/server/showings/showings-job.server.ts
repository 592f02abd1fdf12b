/**
 * The showings' job (issue 44), every few minutes under the runner's lease, woken after a sync
 * that changed listings: (1) the future showings of homes no longer for sale (under contract,
 * pending, or removed from the feed) are cancelled, once, both sides told (manage.server.ts);
 * (2) the agent's own calendar, when its address is set, is fetched (public https only,
 * calendar-fetch.server.ts) and its busy times stored, so no slot overlapping one is offered. A
 * failed fetch keeps the last good busy times and records why, which the Account page's health
 * shows.
 */
import { sql } from "drizzle-orm";
import { absoluteUrl } from "~/lib/site-url";
import { listingTombstones, listings, showings as s } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { ClockedJob, type Job, type JobContext, type JobRunOutcome } from "../../../../platform/jobs/runner";
import { select } from "../../../../platform/db/query";
import { busyTimesOf } from "./busy-times.server";
import { type CalendarRules, fetchCalendar } from "./calendar-fetch.server";
import { cancelShowingsOfListings } from "./manage.server";
import { readShowingSettings, recordCalendarFetch } from "./settings.server";

export const SHOWINGS_JOB = "showings";
/** How often the agent's calendar is read: "every few minutes" (issue 44); calendar services refresh their private feeds about as often. */
export const CALENDAR_FETCH_MS = 5 * 60_000;
/** How far ahead busy times are kept: past any `aheadDays` the Account page accepts. */
const BUSY_AHEAD_MS = 62 * 24 * 60 * 60_000;

export interface ShowingsJobOptions {
  calendar: CalendarRules;
  /** With the feed on only: without it no listing is known, and nothing may be cancelled for that. */
  feed: boolean;
  /** The outbox's wake-up, after cancellations queued their mails. */
  queued: () => void;
  log?: Pick<Console, "info" | "warn">;
  now?: () => Date;
}

export class ShowingsJob extends ClockedJob<Database, ShowingsJobOptions> implements Job {
  readonly name = SHOWINGS_JOB;
  readonly intervalMs = 60_000;
  readonly startDelayMs = 5_000;
  readonly retry = { baseMs: 30_000, maxMs: 15 * 60_000 };
  readonly lease = { ms: 120_000 };

  async run({ signal }: JobContext): Promise<JobRunOutcome> {
    if (this.options.feed) await this.cancelUnavailable();
    await this.readCalendar(signal);
    return {};
  }

  /** Cancels the future showings of the homes the feed no longer has for sale; returns how many. */
  async cancelUnavailable(): Promise<number> {
    const now = this.now();
    const keys = await select(
      this.db.rows,
      { key: sql<string>`distinct ${s.listing_key}` },
      sql`from ${s} where ${s.status} in ('requested', 'confirmed') and ${s.starts_at} > ${now.toISOString()}::timestamptz
        and (exists (select 1 from ${listings} l where l.listing_key = ${s.listing_key} and l.status is distinct from 'active')
          or exists (select 1 from ${listingTombstones} t where t.listing_key = ${s.listing_key}))`,
    );
    if (keys.length === 0) return 0;
    const cities = new Map(
      (
        await select(
          this.db.rows,
          { key: sql<string>`l.listing_key`, city: sql<string | null>`l.city` },
          sql`from ${listings} l where l.listing_key in ${keys.map((k) => k.key)}`,
        )
      ).map((r) => [r.key, r.city]),
    );
    const similarUrlOf = (key: string) => {
      const city = cities.get(key);
      // absoluteUrl keeps the path alone: the search's query is added after it.
      return `${absoluteUrl("/listings")}${city ? `?city=${encodeURIComponent(city)}` : ""}`;
    };
    const done = await cancelShowingsOfListings(
      this.db,
      keys.map((k) => k.key),
      (x) => similarUrlOf(x.listingKey),
      now,
    );
    if (done.length > 0) {
      this.options.log?.info(`[showings] ${done.length} showing(s) cancelled: the home is no longer for sale`);
      this.options.queued();
    }
    return done.length;
  }

  /** Reads the agent's calendar when its address is set and its last read is older than CALENDAR_FETCH_MS. */
  async readCalendar(signal?: AbortSignal, force = false): Promise<"read" | "failed" | "skipped"> {
    const settings = await readShowingSettings(this.db);
    const url = settings.calendarUrl;
    const now = this.now();
    if (!url) return "skipped";
    if (!force && settings.busyCheckedAt && now.getTime() - settings.busyCheckedAt.getTime() < CALENDAR_FETCH_MS - 5_000) return "skipped";
    try {
      const text = await fetchCalendar(url, this.options.calendar, signal);
      const busy = busyTimesOf(text, new Date(now.getTime() - 24 * 60 * 60_000), new Date(now.getTime() + BUSY_AHEAD_MS));
      await recordCalendarFetch(this.db, url, { busy }, now);
      return "read";
    } catch (error) {
      const reason = (error as Error).message?.split("\n")[0]?.slice(0, 200) || "the calendar could not be read";
      this.options.log?.warn(`[showings] the agent's calendar could not be read: ${reason}`);
      await recordCalendarFetch(this.db, url, { error: reason }, now);
      return "failed";
    }
  }
}
