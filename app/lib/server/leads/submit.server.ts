/**
 * Storing a submission for a route: the store function runs, the outbox is woken for the
 * notification it queued, and a failure is logged once and named by the reason whose text the
 * route shows (spec §8). The one place the lead capture's errors are mapped.
 */
import type { SubmissionFailure, Submitted } from "../../leads";
import type { Database } from "../../../../platform/db/database";
import { isPermissionError, messageChainOf, sqlStateOf } from "../../../../platform/db/errors";
import { DuplicateLookupError } from "./contacts.server";
import type { LeadsContext } from "./context.server";
import type { FollowUps } from "./follow-ups.server";

export function classifyFailure(error: unknown): SubmissionFailure {
  if (error instanceof DuplicateLookupError || (error as Error | undefined)?.name === "DuplicateLookupError") return "duplicateLookup";
  if (isPermissionError(error)) return "permissions";
  return "failure";
}

/** `what` names the submission in the log line ("contact", "lead"). */
export async function submit<T>(
  leads: LeadsContext,
  what: string,
  store: (db: Database, followUps: FollowUps) => Promise<T>,
  log: Pick<Console, "error"> = console,
): Promise<Submitted<T>> {
  try {
    const value = await store(leads.db, { acknowledge: leads.acknowledge });
    leads.notificationQueued();
    return { ok: true, value };
  } catch (error) {
    const reason = classifyFailure(error);
    log.error(`[leads] ${what} was not stored (${reason}, sqlstate ${sqlStateOf(error) ?? "-"}): ${messageChainOf(error)}`);
    return { ok: false, reason };
  }
}
