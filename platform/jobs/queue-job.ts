/**
 * A job that empties a queue table (the mail outbox, the pushes): each run claims at most
 * `batchSize` due rows (the rows' own leases, `FOR UPDATE SKIP LOCKED`, so servers sharing the
 * database never take the same row) and delivers them at once, each settled as soon as its own
 * delivery ends; a full batch asks for another run straight away, anything less waits for the
 * next poll or `wake`. Claiming stops once the run's signal is aborted; what was claimed is
 * delivered and recorded within the stop's budget. What a delivery and a failure mean is the
 * subclass's: `claim` and `deliver`.
 */
import { messageChainOf } from "../db/errors";
import { backoffDelay } from "./backoff";
import type { Job, JobContext, JobRunOutcome } from "./runner";

export interface QueueJobOptions {
  pollMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Rows claimed at once. */
  batchSize: number;
  /** How long a claim lasts before another server may take the row over. */
  leaseMs: number;
  log?: Pick<Console, "info" | "warn" | "error">;
}

export abstract class QueueJob<Item> implements Job {
  readonly lease = "own";
  readonly intervalMs: number;
  /** Unused in practice: a run never throws (a failed claim is logged and tried again at the next poll). */
  readonly retry: { baseMs: number; maxMs: number };
  protected readonly log: Pick<Console, "info" | "warn" | "error">;

  constructor(
    readonly name: string,
    protected readonly options: QueueJobOptions,
  ) {
    this.intervalMs = options.pollMs;
    this.retry = { baseMs: options.pollMs, maxMs: options.pollMs };
    this.log = options.log ?? console;
  }

  /** Claims up to `limit` due rows for `leaseMs`. */
  protected abstract claim(limit: number, leaseMs: number): Promise<Item[]>;
  /** Delivers one claimed row and records its outcome; never throws. */
  protected abstract deliver(item: Item, signal?: AbortSignal): Promise<void>;

  async run({ signal }: JobContext): Promise<JobRunOutcome> {
    try {
      const settled = await this.drainOnce(signal);
      return { again: settled === this.options.batchSize };
    } catch (error) {
      // The database is unreachable or closing: try again at the next poll.
      this.log.warn(`[${this.name}] could not claim: ${messageChainOf(error)}`);
      return {};
    }
  }

  /** Delivers everything due now; returns how many rows were settled. Used by the run and by tests. */
  async drainOnce(signal?: AbortSignal): Promise<number> {
    if (signal?.aborted) return 0;
    const batch = await this.claim(this.options.batchSize, this.options.leaseMs);
    // `deliver` never throws by contract; should one anyway, it stays that row's failure: the rest of the batch is settled all the same, and the row's claim runs out.
    await Promise.all(
      batch.map((item) =>
        Promise.resolve()
          .then(() => this.deliver(item, signal))
          .catch((error: unknown) => this.log.error(`[${this.name}] a delivery threw: ${messageChainOf(error)}`)),
      ),
    );
    return batch.length;
  }

  /** After a failed attempt: given up (the last attempt, or a refusal that waiting will not change), or the pause before the next, with backoff and at least `retryAfterMs`. */
  protected nextAttempt(attempts: number, permanent: boolean, retryAfterMs = 0): { giveUp: true } | { giveUp: false; delayMs: number } {
    if (permanent || attempts >= this.options.maxAttempts) return { giveUp: true };
    return {
      giveUp: false,
      delayMs: Math.max(retryAfterMs, backoffDelay(attempts, this.options.backoffBaseMs, this.options.backoffMaxMs)),
    };
  }
}
