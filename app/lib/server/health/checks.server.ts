/**
 * What protects the leads, checked (issue 41, decision 048): each check answers whether its
 * problem holds now, in the agent's words. The health job (health-job.server.ts) turns the
 * answers into one alert per problem and one when it clears; the inbox's Account page shows them.
 *
 * Extension point: a new source of data the site depends on (the assessment roll's check is one;
 * the calendar feed, when it exists) adds one `HealthCheck` to `healthChecks` — typically "not
 * refreshed for N days", read from its own state row as the listings feed's check does — and
 * nothing else changes: the job, the alerts and the panel take every check in the list.
 */
import { statfs } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { assessmentImport, listingSync, notificationOutbox as o, pushMessages as p } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { latestGoodBackup } from "../../../../platform/backup/manifest";
import { formatDuration } from "../../format";
import { readShowingSettings } from "../showings/settings.server";

const HOUR = 3_600_000;
/** No good backup for this long is a problem (a daily backup missed once, plus a margin). */
export const BACKUP_MAX_AGE_MS = 36 * HOUR;
/** A notification (mail or push) still waiting after this long is a problem. */
export const NOTIFICATION_MAX_WAIT_MS = HOUR;
/** The feed must be refreshed at least every 24 hours (CREA's rule): 20 hours leaves time to act. */
export const FEED_MAX_AGE_MS = 20 * HOUR;
/** The City refreshes its roll weekly: failing for three days in a row is worth the agent's attention (the old roll keeps serving meanwhile). */
export const ROLL_FAILING_MAX_MS = 72 * HOUR;
/** The agent's calendar is read every 5 minutes: an hour without a good read means busy times may be offered. */
export const CALENDAR_FAILING_MAX_MS = HOUR;

export interface HealthCheckResult {
  failing: boolean;
  /** One sentence for the agent: what the site sees. */
  detail: string;
  /** When a failing problem began, when the check knows it (else the job records when it first saw it). */
  since?: Date;
  /** Alert only once it has held this long (from `since`, or the job's first sight of it). */
  graceMs?: number;
}

export interface HealthCheck {
  /** The key of its state row. */
  problem: string;
  /** Its name on the panel and in the alerts. */
  label: string;
  check(now: Date): Promise<HealthCheckResult>;
}

export interface HealthOptions {
  backupDir: string;
  /** The folders whose disks must keep free space: DATA_DIR and BACKUP_DIR. */
  folders: string[];
  minFreeBytes: number;
  /** The DDF® feed is configured: its sync is watched. */
  feed: boolean;
  /** The assessment roll is on (ASSESSMENTS): its import is watched. */
  assessments?: boolean;
}

/** Something renewed at `last` that must be again within `maxMs`: failing past that, since the moment it fell due; its age in words. */
function ageCheck(now: Date, last: Date, maxMs: number): { failing: boolean; since?: Date; ago: string } {
  const age = now.getTime() - last.getTime();
  const failing = age > maxMs;
  return { failing, ago: formatDuration(Math.max(0, age)), ...(failing ? { since: new Date(last.getTime() + maxMs) } : {}) };
}

export function healthChecks(db: Database, options: HealthOptions): HealthCheck[] {
  const checks: HealthCheck[] = [
    {
      problem: "backup",
      label: "Backups",
      async check(now) {
        const latest = await latestGoodBackup(options.backupDir);
        // A new site takes its first backup a minute after it starts: none for 36 hours is the problem.
        if (!latest) return { failing: true, detail: "No good backup has been taken yet", graceMs: BACKUP_MAX_AGE_MS };
        const { ago, ...state } = ageCheck(now, new Date(latest.manifest.createdAt), BACKUP_MAX_AGE_MS);
        return { ...state, detail: `The newest good backup is ${ago} old` };
      },
    },
    {
      problem: "notifications",
      label: "Notifications",
      async check(now) {
        const before = new Date(now.getTime() - NOTIFICATION_MAX_WAIT_MS);
        // The health notices themselves are left out: a stuck one must not keep its own problem alive.
        const [mail] = await select(
          db.rows,
          {
            failed: sql<number>`count(*) filter (where ${o.status} = 'failed')::integer`,
            waiting: sql<number>`count(*) filter (where ${o.status} in ('pending', 'sending') and ${o.created_at} < ${before})::integer`,
            oldest: sql<Date | null>`min(${o.created_at}) filter (where ${o.status} = 'failed' or ${o.created_at} < ${before})`,
          },
          sql`
          from ${o} where ${o.kind} <> 'health' and ${o.status} in ('failed', 'pending', 'sending')`,
        );
        const [push] = await select(
          db.rows,
          {
            failed: sql<number>`count(*) filter (where ${p.status} = 'failed' and ${p.created_at} > ${new Date(now.getTime() - 24 * HOUR)})::integer`,
            waiting: sql<number>`count(*) filter (where ${p.status} in ('pending', 'sending') and ${p.created_at} < ${before})::integer`,
          },
          sql`
          from ${p} where ${p.kind} <> 'health' and ${p.status} in ('failed', 'pending', 'sending')`,
        );
        const parts = [
          mail?.failed ? `${mail.failed} e-mail(s) failed (npm run leads -- --retry-failed sends them again)` : "",
          mail?.waiting ? `${mail.waiting} e-mail(s) waiting over an hour` : "",
          push?.failed ? `${push.failed} push(es) failed today` : "",
          push?.waiting ? `${push.waiting} push(es) waiting over an hour` : "",
        ].filter(Boolean);
        if (parts.length === 0) return { failing: false, detail: "Every e-mail and push is delivered within the hour" };
        return { failing: true, detail: parts.join("; "), ...(mail?.oldest ? { since: new Date(mail.oldest) } : {}) };
      },
    },
    {
      problem: "disk",
      label: "Free space",
      async check() {
        let least: { folder: string; free: number } | null = null;
        for (const folder of options.folders) {
          const stats = await statfs(folder).catch(() => null);
          if (!stats) continue;
          const free = stats.bavail * stats.bsize;
          if (!least || free < least.free) least = { folder, free };
        }
        if (!least) return { failing: false, detail: "Free space could not be read" };
        const mb = (bytes: number) => `${Math.floor(bytes / 1_048_576).toLocaleString("en-CA")} MB`;
        return {
          failing: least.free < options.minFreeBytes,
          detail: `${mb(least.free)} free for the data and backups (minimum ${mb(options.minFreeBytes)})`,
        };
      },
    },
  ];
  // The agent's own calendar (issue 44): watched once its address is set on the Account page.
  checks.push({
    problem: "calendar-feed",
    label: "Your calendar",
    async check(now) {
      const settings = await readShowingSettings(db);
      if (!settings.calendarUrl)
        return { failing: false, detail: "No calendar address is set: showings are offered from your hours alone" };
      const last = settings.busyFetchedAt;
      if (!last)
        return {
          failing: Boolean(settings.busyError),
          detail: `Your calendar has not been read yet${settings.busyError ? ` (${settings.busyError})` : ""}`,
          graceMs: CALENDAR_FAILING_MAX_MS,
        };
      const { ago, ...state } = ageCheck(now, last, CALENDAR_FAILING_MAX_MS);
      return {
        ...state,
        detail: `Last read ${ago} ago, ${settings.busy.length} busy time(s)${state.failing && settings.busyError ? ` (${settings.busyError})` : ""}`,
      };
    },
  });
  if (options.feed) {
    checks.push({
      problem: "listings-feed",
      label: "Listings feed",
      async check(now) {
        const [row] = await select(
          db.rows,
          { last: listingSync.last_success_at, error: listingSync.last_error },
          sql`from ${listingSync} where ${listingSync.id} = 1`,
        );
        if (!row?.last) return { failing: true, detail: `The listings have never been synced${row?.error ? ` (${row.error})` : ""}` };
        const { ago, ...state } = ageCheck(now, row.last, FEED_MAX_AGE_MS);
        return { ...state, detail: `Last synced ${ago} ago${state.failing && row.error ? ` (${row.error})` : ""}` };
      },
    });
  }
  if (options.assessments) {
    checks.push({
      problem: "assessment-roll",
      label: "Assessment roll",
      async check(now) {
        const [row] = await select(
          db.rows,
          {
            last: assessmentImport.last_success_at,
            since: assessmentImport.failing_since,
            error: assessmentImport.last_error,
            rows: assessmentImport.live_rows,
          },
          sql`from ${assessmentImport} where ${assessmentImport.id} = 1`,
        );
        const serving = row?.rows
          ? `the ${row.rows.toLocaleString("en-CA")} accounts of the last good roll are still shown`
          : "no roll is shown yet";
        if (row?.since) {
          const age = now.getTime() - row.since.getTime();
          // Days, not hours: a refresh that fails once is retried within hours, the old roll serving meanwhile.
          return {
            failing: true,
            detail: `The City's assessment roll has been failing to load for ${formatDuration(Math.max(0, age))}; ${serving}${row.error ? ` (${row.error})` : ""}`,
            since: row.since,
            graceMs: ROLL_FAILING_MAX_MS,
          };
        }
        if (!row?.last) return { failing: false, detail: "The first load of the City's assessment roll has not finished yet" };
        return {
          failing: false,
          detail: `Loaded ${formatDuration(Math.max(0, now.getTime() - row.last.getTime()))} ago (${row.rows?.toLocaleString("en-CA") ?? 0} accounts)`,
        };
      },
    });
  }
  return checks;
}
