/**
 * The job that empties the outbox, run by the server's JobRunner (platform/jobs/runner.ts). It runs
 * every OUTBOX_DELIVERY.pollMs and whenever a submission queues a notification (the runner's
 * `wake(OUTBOX_JOB)`), claims at most OUTBOX_IN_FLIGHT due rows, and settles each as soon as its
 * own delivery ends: sent; retried later with exponential backoff (the runner's backoffDelay);
 * or, after OUTBOX_DELIVERY.maxAttempts or a permanent refusal, marked failed and reported (kept, never
 * deleted). A full batch is followed by another at once. A marketing row (MARKETING_KINDS) is
 * first checked against the consent ledger, and withheld (never sent) without valid consent; a
 * mail the public can cause (CAPPED_KINDS) is withheld past its recipient's daily cap
 * (recipient-cap.server.ts).
 *
 * Everything it knows is in the database, so a restart loses nothing: a row claimed by a process
 * that died becomes due again when its claim expires. What a crash can cost is bounded by the
 * claim: a mail the SMTP server accepted just before the process died, before its row was
 * marked, is sent again (with the same Message-ID, so mail clients fold the two). At most
 * OUTBOX_IN_FLIGHT mails are in that window at any moment.
 *
 * Its leases are its rows' claims (platform/jobs/queue-job.ts, as the pushes'): servers sharing the
 * database all deliver, never the same notification. The run's signal stops it claiming more once
 * the runner stops; deliveries already in hand are finished and recorded rather than cut (a cut
 * SMTP exchange would leave the row claimed until its lease ends, and may still have been
 * accepted), within the stop's budget.
 */
import { MARKETING_KINDS, type OutboxKind } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { messageChainOf } from "../../../../platform/db/errors";
import { QueueJob } from "../../../../platform/jobs/queue-job";
import { marketingAllowed } from "../alerts/consent.server";
import { MalformedPayloadError } from "./mail-text.server";
import { type Mailer, PermanentDeliveryError } from "./mailer.server";
import { withheldPastCap } from "./recipient-cap.server";
import { type OutboxNotification, claimDueNotifications, markFailed, markForRetry, markSent, markWithheld } from "./outbox.server";

const marketing: ReadonlySet<OutboxKind> = new Set(MARKETING_KINDS);

/**
 * Notifications one server delivers at once. Small on purpose: a crash can re-send at most this
 * many mails, and one agent's site has a few leads a day (a backlog after an SMTP outage still
 * drains at several mails a second).
 */
export const OUTBOX_IN_FLIGHT = 4;

/**
 * How the outbox (and the pushes, which ride with it) deliver: constants, not configuration
 * (decision 052). A submission wakes the job at once, so the poll only catches retries that came
 * due; 12 tries with a delay doubling from 10 s to at most an hour span about 3½ hours of an SMTP
 * outage before a mail is marked failed (and reported, kept, requeued by `npm run leads --
 * --retry-failed`); a claim of 2 minutes outlasts nodemailer's own 30 s timeouts, so only a
 * process that died loses its rows to another. The test suites set quicker clocks through TEST_ONLY.
 */
export const OUTBOX_DELIVERY = {
  pollMs: 5_000,
  maxAttempts: 12,
  backoffBaseMs: 10_000,
  backoffMaxMs: 3_600_000,
  leaseMs: 120_000,
} as const;

/** The outbox job's name in the runner (`wake(OUTBOX_JOB)` when a notification is queued). */
export const OUTBOX_JOB = "outbox";

export interface OutboxJobOptions {
  pollMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Rows claimed at once (default OUTBOX_IN_FLIGHT). */
  batchSize?: number;
  /** How long a claim lasts before another worker may take the row over (default 2 minutes). */
  leaseMs?: number;
  log?: Pick<Console, "info" | "warn" | "error">;
}

export class OutboxJob extends QueueJob<OutboxNotification> {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    options: OutboxJobOptions,
  ) {
    super(OUTBOX_JOB, {
      ...options,
      batchSize: options.batchSize ?? OUTBOX_IN_FLIGHT,
      leaseMs: options.leaseMs ?? OUTBOX_DELIVERY.leaseMs,
    });
  }

  protected claim(limit: number, leaseMs: number): Promise<OutboxNotification[]> {
    return claimDueNotifications(this.db, limit, leaseMs);
  }

  /**
   * Sends one notification and records the outcome at once, without waiting for the rest of the
   * claim: a sent mail is marked sent the moment the SMTP server has accepted it.
   */
  protected async deliver(n: OutboxNotification): Promise<void> {
    try {
      if (marketing.has(n.kind) && !(await this.consented(n))) return;
      if (await withheldPastCap(this.db, n)) {
        // Logged without the address, as a withheld alert: the row keeps the reason for the agent.
        this.log.info(`[outbox] notification #${n.id} (${n.kind}) withheld: its recipient's daily cap was reached`);
        return;
      }
      await this.mailer.deliver(n);
    } catch (error) {
      await this.recordFailure(n, error);
      return;
    }
    try {
      await markSent(this.db, n.id);
    } catch (error) {
      // Sent but not recorded: it is sent again when its claim expires, with the same Message-ID.
      this.log.warn(`[outbox] notification #${n.id} was sent but could not be marked: ${messageChainOf(error)}`);
    }
  }

  /**
   * CASL: a marketing mail goes only to someone whose consent is valid now, read from the ledger
   * when it is sent (an unsubscribe or an expiry since it was queued wins). Without it the row is
   * withheld; a failing check throws, and the row is retried like a failed delivery.
   */
  private async consented(n: OutboxNotification): Promise<boolean> {
    if (n.person_id != null && (await marketingAllowed(this.db.rows, n.person_id, new Date()))) return true;
    await markWithheld(this.db, n.id, "no marketing consent when it was due");
    // Logged without the address: the log is not the place for a person who said no.
    this.log.info(`[outbox] notification #${n.id} (${n.kind}) withheld: no marketing consent at send time`);
    return false;
  }

  /** A retry later with backoff, or, after the last attempt or a permanent refusal, failed for good. */
  private async recordFailure(n: OutboxNotification, error: unknown): Promise<void> {
    const reason = messageChainOf(error).slice(0, 1000);
    // A payload no mail can be written from stays so on every attempt.
    const next = this.nextAttempt(n.attempts, error instanceof PermanentDeliveryError || error instanceof MalformedPayloadError);
    try {
      if (next.giveUp) {
        await markFailed(this.db, n.id, reason);
        this.log.error(
          `[outbox] notification #${n.id} (${n.kind}, ${n.message_id}) FAILED after ${n.attempts} attempt(s) and is kept for review: ${reason}`,
        );
      } else {
        await markForRetry(this.db, n.id, next.delayMs, reason);
        this.log.warn(
          `[outbox] notification #${n.id} attempt ${n.attempts} failed, retrying in ${Math.round(next.delayMs / 1000)} s: ${reason}`,
        );
      }
    } catch (settleError) {
      // The claim expires on its own and the row is retried then.
      this.log.warn(`[outbox] could not record the failure of #${n.id}: ${messageChainOf(settleError)}`);
    }
  }
}
