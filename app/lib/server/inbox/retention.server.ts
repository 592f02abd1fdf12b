/**
 * The retention rules. Issue 32: a person marked Spam whose last activity is older than
 * SPAM_RETENTION_DAYS is anonymised the way an erasure is (privacy.server.ts), without a
 * suppression entry: a spammer's address is often someone else's, who may yet want the site's mail.
 * Issue 38: a listing-alert sign-up nobody confirmed is deleted once its confirmation link has
 * expired, with the confirmation mails of that age the outbox is done with: what anyone typed (an
 * address, a name, a browser) is kept no longer than the link that could make it a subscription.
 * Run hourly by the job runner under its lease, so two servers never anonymise the same person twice.
 */
import { sql } from "drizzle-orm";
import { alertSubscriptions, notificationOutbox, people } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { ClockedJob, type Job, type JobRunOutcome } from "../../../../platform/jobs/runner";
import { TOKEN_LIFETIME_MS } from "../alerts/tokens.server";
import { erasePerson } from "./privacy.server";

export const RETENTION_JOB = "inbox-retention";

/** People anonymised per run; a full batch asks for another run at once. */
const BATCH = 100;

export interface RetentionJobOptions {
  /** SPAM_RETENTION_DAYS: days a Spam person is kept after their last activity; 0: kept for ever. */
  spamRetentionDays: number;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: Pick<Console, "info" | "warn">;
}

export class RetentionJob extends ClockedJob<Database, RetentionJobOptions> implements Job {
  readonly name = RETENTION_JOB;
  readonly intervalMs = 3_600_000;
  readonly startDelayMs = 60_000;
  readonly retry = { baseMs: 60_000, maxMs: 30 * 60_000 };
  readonly lease = { ms: 300_000 };

  async run(): Promise<JobRunOutcome> {
    await this.deleteExpiredSignUps();
    const { count, full } = await this.anonymiseSpam();
    return full && count > 0 ? { again: true } : {};
  }

  /**
   * The pending sign-ups whose confirmation link has expired (a link is signed for
   * TOKEN_LIFETIME_MS.confirm from the sign-up's own time), and the confirmation mails as old that
   * were sent, failed or withheld. One statement; returns the sign-ups deleted.
   */
  async deleteExpiredSignUps(): Promise<number> {
    const now = this.now();
    const before = new Date(now.getTime() - TOKEN_LIFETIME_MS.confirm).toISOString();
    const s = alertSubscriptions;
    const o = notificationOutbox;
    const [row] = await select(this.db.rows, { n: sql<number>`(select count(*)::integer from expired)` }, sql``, {
      with: sql`expired as (delete from ${s} where ${s.status} = 'pending' and ${s.created_at} <= ${before}::timestamptz returning 1),
      mails as (delete from ${o} where ${o.kind} = 'confirmation' and ${o.status} in ('sent', 'failed', 'withheld') and ${o.created_at} <= ${before}::timestamptz)`,
    });
    const count = Number(row?.n ?? 0);
    if (count > 0) this.options.log?.info(`[alerts] deleted ${count} sign-up(s) never confirmed`);
    return count;
  }

  /** One batch: the Spam people past the retention, anonymised one transaction each. */
  async anonymiseSpam(): Promise<{ count: number; full: boolean }> {
    const days = Math.floor(this.options.spamRetentionDays);
    if (!(days > 0)) return { count: 0, full: false };
    const before = new Date(this.now().getTime() - days * 86_400_000);
    const due = await select(
      this.db.rows,
      { id: people.id },
      sql`
      from ${people} where ${people.status} = 'spam' and ${people.erased_at} is null and ${people.last_activity_at} < ${before}
      order by ${people.last_activity_at}, ${people.id} limit ${BATCH}::integer`,
    );
    let count = 0;
    for (const { id } of due) {
      const result = await erasePerson(this.db, id, {
        by: null,
        audit: `Anonymised: spam kept ${days} day${days === 1 ? "" : "s"}`,
        basis: "Spam retention",
        suppress: false,
        spamBefore: before,
      });
      if (result === "erased") count++;
    }
    if (count > 0) this.options.log?.info(`[inbox] anonymised ${count} spam person(s) kept over ${days} days`);
    return { count, full: due.length === BATCH };
  }
}
