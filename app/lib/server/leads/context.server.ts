/**
 * What the public forms' actions and the health check read in the router context
 * (`serverOf(context).leads`), built once by the runtime at start-up: the database that stores
 * submissions, and the outbox's wake-up, so a notification queued by a submission is delivered at
 * once rather than at the next poll.
 */
import type { Database } from "../../../../platform/db/database";

export interface LeadsContext {
  db: Database;
  /** Wakes the outbox and push jobs after a submission queued its notification and pushes. */
  notificationQueued(): void;
  /** Each submission queues the visitor's acknowledgement e-mail (ACKNOWLEDGE_SUBMISSIONS, with SMTP_URL set). */
  acknowledge: boolean;
}
