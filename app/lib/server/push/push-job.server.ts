/**
 * The job that delivers queued pushes (messages.server.ts), like the mail outbox (platform/jobs/
 * queue-job.ts): every few seconds and at once when something is queued (`wake(PUSH_JOB)`), each
 * push settled as soon as its push service answers: sent (the device's "last notified" moves),
 * the device forgotten when the service says the subscription is gone, retried with backoff (or
 * after the service's Retry-After) while it is down or throttling, failed after the last attempt
 * or a refusal that waiting will not change. Each push fails alone: whatever one subscription does
 * (a key off the curve, a send that throws), the others of the batch are delivered, and a push is
 * claimed at most `maxAttempts` times, even when a server stopped before recording an outcome.
 */
import type { Database } from "../../../../platform/db/database";
import { messageChainOf } from "../../../../platform/db/errors";
import { QueueJob, type QueueJobOptions } from "../../../../platform/jobs/queue-job";
import { forgetDevice } from "./devices.server";
import { type ClaimedPush, claimDuePushes, markPushFailed, markPushForRetry, markPushSent, notificationOf } from "./messages.server";
import type { PushOutcome, PushSender } from "./sender.server";

export const PUSH_JOB = "push";
export const PUSH_IN_FLIGHT = 8;

export class PushJob extends QueueJob<ClaimedPush> {
  constructor(
    private readonly db: Database,
    private readonly sender: PushSender,
    options: Omit<QueueJobOptions, "batchSize" | "leaseMs"> & { leaseMs?: number },
  ) {
    super(PUSH_JOB, { batchSize: PUSH_IN_FLIGHT, leaseMs: 60_000, ...options });
  }

  protected claim(limit: number, leaseMs: number): Promise<ClaimedPush[]> {
    return claimDuePushes(this.db, limit, leaseMs, this.options.maxAttempts);
  }

  protected async deliver(push: ClaimedPush, signal?: AbortSignal): Promise<void> {
    let outcome: PushOutcome;
    try {
      outcome = await this.sender.send(push, JSON.stringify(notificationOf(push.payload, push.personId, push.id, push.hide)), signal);
    } catch (error) {
      // The sender answers every failure as an outcome; a throw anyway (a bug) is a failed attempt of this push alone, retried like any other.
      outcome = { ok: false, gone: false, permanent: false, reason: messageChainOf(error) };
    }
    try {
      if (outcome.ok) return await markPushSent(this.db, push);
      if (outcome.gone) {
        await forgetDevice(this.db, push.deviceId);
        return this.log.info(`[push] device #${push.deviceId} was removed: ${outcome.reason}`);
      }
      const reason = outcome.reason.slice(0, 1000);
      const next = this.nextAttempt(push.attempts, outcome.permanent, outcome.retryAfterMs);
      if (next.giveUp) {
        await markPushFailed(this.db, push.id, reason);
        this.log.error(`[push] push #${push.id} to device #${push.deviceId} FAILED after ${push.attempts} attempt(s): ${reason}`);
      } else {
        await markPushForRetry(this.db, push.id, next.delayMs, reason);
        this.log.warn(
          `[push] push #${push.id} attempt ${push.attempts} failed, retrying in ${Math.round(next.delayMs / 1000)} s: ${reason}`,
        );
      }
    } catch (error) {
      // The claim expires on its own and the push is tried again then.
      this.log.warn(`[push] could not record the outcome of push #${push.id}: ${messageChainOf(error)}`);
    }
  }
}
