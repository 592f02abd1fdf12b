/**
 * The server side of SiteServices (app/lib/services.ts): the store functions wrapped with the
 * error handling the routes need, the outbox worker's wake-up, the health check.
 */
import { sql } from "drizzle-orm";
import type { HealthReport, SiteServices, SubmissionFailure } from "../services";
import { DuplicateLookupError, createContact } from "./contacts.server";
import type { Database } from "./db.server";
import { isPermissionError, messageChainOf, sqlStateOf } from "./db-errors.server";
import { recordLead } from "./leads.server";
import { outboxCounts } from "./outbox.server";

export interface ServiceDeps {
  db: Database;
  /** Called after a notification was queued (the worker delivers it at once). */
  onQueued?: () => void;
  log?: Pick<Console, "error">;
}

export function classifyFailure(error: unknown): SubmissionFailure {
  if (error instanceof DuplicateLookupError || (error as Error | undefined)?.name === "DuplicateLookupError") return "duplicateLookup";
  if (isPermissionError(error)) return "permissions";
  return "failure";
}

export function createSiteServices({ db, onQueued, log = console }: ServiceDeps): SiteServices {
  const fail = (what: string, error: unknown) => {
    const reason = classifyFailure(error);
    log.error(`[leads] ${what} was not stored (${reason}, sqlstate ${sqlStateOf(error) ?? "-"}): ${messageChainOf(error)}`);
    return { ok: false as const, reason };
  };
  return {
    async createContact(input, listing) {
      try {
        const created = await createContact(db, input, new Date(), listing);
        onQueued?.();
        return { ok: true, value: { contactId: created.contactId, reused: created.reused, inquiryId: created.inquiryId } };
      } catch (error) {
        return fail("contact", error);
      }
    },
    async recordLead(input, from) {
      try {
        const recorded = await recordLead(db, input, from);
        onQueued?.();
        return { ok: true, value: { leadId: recorded.leadId } };
      } catch (error) {
        return fail("lead", error);
      }
    },
    async health(options = {}): Promise<HealthReport> {
      try {
        if (options.notifications) return { ok: true, database: "ok", notifications: await outboxCounts(db) };
        await db.rows(sql`select 1`);
        return { ok: true, database: "ok" };
      } catch (error) {
        log.error(`[healthz] database check failed: ${messageChainOf(error)}`);
        return { ok: false, database: "unavailable" };
      }
    },
  };
}
