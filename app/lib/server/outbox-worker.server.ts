/**
 * The worker that empties the outbox, inside the server process. It wakes every OUTBOX_POLL_MS
 * and whenever a submission queues a notification (`kick`), claims at most OUTBOX_IN_FLIGHT due
 * rows, and settles each as soon as its own delivery ends: sent; retried later with exponential
 * backoff; or, after OUTBOX_MAX_ATTEMPTS or a permanent refusal, marked failed and reported
 * (kept, never deleted).
 *
 * Everything it knows is in the database, so a restart loses nothing: a row claimed by a process
 * that died becomes due again when its claim expires. What a crash can cost is bounded by the
 * claim: a mail the SMTP server accepted just before the process died, before its row was
 * marked, is sent again (with the same Message-ID, so mail clients fold the two). At most
 * OUTBOX_IN_FLIGHT mails are in that window at any moment.
 */
import type { Database } from "./db.server";
import { messageChainOf } from "./db-errors.server";
import { InterruptibleSleep } from "./interruptible-sleep.server";
import { type Mailer, PermanentDeliveryError } from "./mailer.server";
import { type OutboxNotification, claimDueNotifications, markFailed, markForRetry, markSent } from "./outbox.server";

/**
 * Notifications one worker delivers at once. Small on purpose: a crash can re-send at most this
 * many mails, and one agent's site has a few leads a day (a backlog after an SMTP outage still
 * drains at several mails a second).
 */
export const OUTBOX_IN_FLIGHT = 4;

export interface OutboxWorkerOptions {
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

/** Delay before the retry that follows attempt number `attempt` (1-based): base x 2^(attempt-1), capped, with jitter. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  // +-20 %: many notifications failing together do not all retry in the same instant.
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

export class OutboxWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly pause = new InterruptibleSleep();
  private kicked = false;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly log: Pick<Console, "info" | "warn" | "error">;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly options: OutboxWorkerOptions,
  ) {
    this.batchSize = options.batchSize ?? OUTBOX_IN_FLIGHT;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.log = options.log ?? console;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** A notification was queued: look now rather than at the next poll. */
  kick(): void {
    this.kicked = true;
    this.pause.wake();
  }

  /** Finishes the batch in hand, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.pause.wake();
    await this.loop;
    this.loop = null;
  }

  /** Delivers everything due now; returns how many notifications were settled. Used by tests and the loop. */
  async drainOnce(): Promise<number> {
    const batch = await claimDueNotifications(this.db, this.batchSize, this.leaseMs);
    await Promise.all(batch.map((n) => this.deliver(n)));
    return batch.length;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      let settled = 0;
      try {
        settled = await this.drainOnce();
      } catch (error) {
        // The database is unreachable or closing: try again at the next poll.
        this.log.warn(`[outbox] could not claim notifications: ${messageChainOf(error)}`);
      }
      if (!this.running) break;
      if (settled === this.batchSize || this.kicked) continue;
      await this.pause.sleep(this.options.pollMs);
    }
  }

  /**
   * Sends one notification and records the outcome at once, without waiting for the rest of the
   * claim: a sent mail is marked sent the moment the SMTP server has accepted it.
   */
  private async deliver(n: OutboxNotification): Promise<void> {
    try {
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

  /** A retry later with backoff, or, after the last attempt or a permanent refusal, failed for good. */
  private async recordFailure(n: OutboxNotification, error: unknown): Promise<void> {
    const reason = messageChainOf(error).slice(0, 1000);
    const permanent = error instanceof PermanentDeliveryError;
    try {
      if (permanent || n.attempts >= this.options.maxAttempts) {
        await markFailed(this.db, n.id, reason);
        this.log.error(
          `[outbox] notification #${n.id} (${n.kind}, ${n.message_id}) FAILED after ${n.attempts} attempt(s) and is kept for review: ${reason}`,
        );
      } else {
        const delay = backoffDelay(n.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs);
        await markForRetry(this.db, n.id, delay, reason);
        this.log.warn(`[outbox] notification #${n.id} attempt ${n.attempts} failed, retrying in ${Math.round(delay / 1000)} s: ${reason}`);
      }
    } catch (settleError) {
      // The claim expires on its own and the row is retried then.
      this.log.warn(`[outbox] could not record the failure of #${n.id}: ${messageChainOf(settleError)}`);
    }
  }
}
