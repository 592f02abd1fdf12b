/**
 * The health alerts (issue 41, decision 048): every few minutes each check (checks.server.ts) is
 * run and its state kept in `health_alerts`. A problem that holds (past its grace) tells the agent
 * once, by push to every device and by e-mail, through the same outbox and push queue as the
 * reminders; when it clears, once more. The conditional update that records `alerted_at` or the
 * clearing is the claim, in the transaction that queues the notices: of the servers sharing the
 * database one tells, once.
 */
import { sql } from "drizzle-orm";
import { healthAlerts as h, notificationOutbox as o } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import { ClockedJob, type Job, type JobRunOutcome } from "../../../../platform/jobs/runner";
import type { HealthPayload } from "../mail/health-email.server";
import { newMessageId } from "../mail/message-id.server";
import { queuePushes } from "../push/messages.server";
import type { HealthCheck, HealthCheckResult } from "./checks.server";
import type { HealthState } from "~/lib/health-state";

export const HEALTH_JOB = "health-alerts";

export interface HealthJobOptions {
  checks: HealthCheck[];
  siteUrl: string;
  /** Wakes the outbox and push jobs after a notice was queued. */
  queued(): void;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: Pick<Console, "info" | "warn">;
}

export class HealthJob extends ClockedJob<Database, HealthJobOptions> implements Job {
  readonly name = HEALTH_JOB;
  readonly intervalMs = 5 * 60_000;
  /** After the backup job's first look (a new site backs up a minute after it starts). */
  readonly startDelayMs = 90_000;
  readonly retry = { baseMs: 60_000, maxMs: 15 * 60_000 };
  readonly lease = { ms: 120_000 };

  async run(): Promise<JobRunOutcome> {
    await this.checkAll();
    return {};
  }

  /** One pass; answers the problems told of and the ones told cleared. */
  async checkAll(): Promise<{ alerted: string[]; cleared: string[] }> {
    const now = this.now();
    const alerted: string[] = [];
    const cleared: string[] = [];
    for (const check of this.options.checks) {
      let result: HealthCheckResult;
      try {
        result = await check.check(now);
      } catch (error) {
        this.options.log?.warn(`[health] the ${check.label} check failed: ${(error as Error).message}`);
        continue;
      }
      if (result.failing ? await this.failing(check, result, now) : await this.working(check, result, now))
        (result.failing ? alerted : cleared).push(check.problem);
    }
    if (alerted.length + cleared.length > 0) {
      this.options.queued();
      this.options.log?.info(
        `[health] told the agent: ${[...alerted.map((p) => `${p} failing`), ...cleared.map((p) => `${p} working again`)].join(", ")}`,
      );
    }
    return { alerted, cleared };
  }

  /** Records the problem; tells the agent once it has held past its grace. True when told now. */
  private async failing(check: HealthCheck, result: HealthCheckResult, now: Date): Promise<boolean> {
    const [row] = await returning(
      this.db.rows,
      { since: h.failing_since },
      sql`
      insert into ${h} (${name(h.problem)}, ${name(h.failing_since)}, ${name(h.detail)}, ${name(h.checked_at)})
      values (${check.problem}, ${result.since ?? now}, ${result.detail}, ${now})
      on conflict (${name(h.problem)}) do update set ${name(h.failing_since)} = coalesce(${h.failing_since}, excluded.${name(h.failing_since)}),
        ${name(h.detail)} = excluded.${name(h.detail)}, ${name(h.checked_at)} = excluded.${name(h.checked_at)}`,
    );
    const since = row?.since ?? now;
    if (now.getTime() - since.getTime() < (result.graceMs ?? 0)) return false;
    return this.db.transaction(async (rows) => {
      const claimed = await returning(
        rows,
        { since: h.failing_since },
        sql`
        update ${h} set ${name(h.alerted_at)} = ${now}
        where ${h.problem} = ${check.problem} and ${h.failing_since} is not null and (${h.alerted_at} is null or ${h.alerted_at} < ${h.failing_since})`,
      );
      if (claimed.length === 0) return false;
      await this.tell(rows, check, { state: "failing", detail: result.detail, since: (claimed[0]!.since ?? since).toISOString() });
      return true;
    });
  }

  /** Clears the problem; tells the agent when they had been told of it. True when told now. */
  private async working(check: HealthCheck, result: HealthCheckResult, now: Date): Promise<boolean> {
    return this.db.transaction(async (rows) => {
      // The row as it was (RETURNING sees it after the update): told of it when alerted_at >= failing_since.
      const [ended] = await returning(
        rows,
        { told: sql<boolean>`coalesce(was.alerted_at >= was.failing_since, false)` },
        sql`
        with was as (select ${name(h.problem)}, ${name(h.failing_since)}, ${name(h.alerted_at)} from ${h} where ${h.problem} = ${check.problem} and ${h.failing_since} is not null for update)
        update ${h} set ${name(h.failing_since)} = null, ${name(h.detail)} = ${result.detail}, ${name(h.checked_at)} = ${now},
          ${name(h.cleared_at)} = case when was.alerted_at >= was.failing_since then ${now}::timestamptz else ${h.cleared_at} end
        from was where ${h.problem} = was.problem`,
      );
      if (!ended) {
        await rows(sql`
          insert into ${h} (${name(h.problem)}, ${name(h.detail)}, ${name(h.checked_at)}) values (${check.problem}, ${result.detail}, ${now})
          on conflict (${name(h.problem)}) do update set ${name(h.detail)} = excluded.${name(h.detail)}, ${name(h.checked_at)} = excluded.${name(h.checked_at)}`);
        return false;
      }
      if (!ended.told) return false;
      await this.tell(rows, check, { state: "cleared", detail: result.detail, since: "" });
      return true;
    });
  }

  private async tell(rows: Database["rows"], check: HealthCheck, what: Pick<HealthPayload, "state" | "detail" | "since">): Promise<void> {
    const payload: HealthPayload = { label: check.label, ...what, url: `${this.options.siteUrl}/inbox/account#health` };
    await queuePushes(rows, { kind: "health", label: check.label, detail: what.detail, cleared: what.state === "cleared" }, null);
    await rows(sql`
      insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)})
      values ('health', ${check.problem}, ${JSON.stringify(payload)}::jsonb, ${newMessageId("health")})`);
  }
}

/** The Account page's health panel: every check run now, with what the job recorded. */
export async function healthStates(db: Database, checks: HealthCheck[], now = new Date()): Promise<HealthState[]> {
  const recorded = new Map(
    (await select(db.rows, { problem: h.problem, since: h.failing_since, alertedAt: h.alerted_at }, sql`from ${h}`)).map((r) => [
      r.problem,
      r,
    ]),
  );
  return Promise.all(
    checks.map(async (check): Promise<HealthState> => {
      const result = await check
        .check(now)
        .catch((error: unknown) => ({ failing: true, detail: `The check failed: ${(error as Error).message}` }) as HealthCheckResult);
      const row = recorded.get(check.problem);
      const began = row?.since ?? result.since ?? now;
      // Within its grace (a new site before its first backup) it is not a problem yet, here as in the alerts.
      if (result.failing && result.graceMs && now.getTime() - began.getTime() < result.graceMs)
        return { problem: check.problem, label: check.label, failing: false, detail: result.detail, since: null, alertedAt: null };
      const since = result.failing ? began : null;
      return {
        problem: check.problem,
        label: check.label,
        failing: result.failing,
        detail: result.detail,
        since,
        alertedAt: result.failing && row?.alertedAt && since && row.alertedAt >= since ? row.alertedAt : null,
      };
    }),
  );
}
