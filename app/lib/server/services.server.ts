/**
 * The server side of SiteServices (app/lib/services.ts): the store functions wrapped with the
 * error handling the routes need, the outbox worker's wake-up, the rate limiter, the health check.
 */
import { sql } from "drizzle-orm";
import type { HealthReport, SiteServices, SubmissionFailure } from "../services";
import type { ContactInput } from "../schemas/contact";
import type { LeadInput } from "../schemas/lead";
import { type CreatedContact, DuplicateLookupError, createContact, createContacts, normaliseEmail } from "./contacts.server";
import type { Database } from "./db.server";
import { isPermissionError, messageChainOf, sqlStateOf } from "./db-errors.server";
import { type RecordedLead, recordLead, recordLeads } from "./leads.server";
import { outboxCounts } from "./outbox.server";
import type { FormRateLimiter } from "./rate-limit.server";
import { SubmissionBatcher } from "./submission-batcher.server";

export interface ServiceDeps {
  db: Database;
  rateLimiter: FormRateLimiter;
  /** Called after a notification was queued (the worker delivers it at once). */
  onQueued?: () => void;
  log?: Pick<Console, "error">;
}

export function classifyFailure(error: unknown): SubmissionFailure {
  if (error instanceof DuplicateLookupError || (error as Error | undefined)?.name === "DuplicateLookupError") return "duplicateLookup";
  if (isPermissionError(error)) return "permissions";
  return "failure";
}

export function createSiteServices({ db, rateLimiter, onQueued, log = console }: ServiceDeps): SiteServices {
  const fail = (what: string, error: unknown) => {
    const reason = classifyFailure(error);
    log.error(`[leads] ${what} was not stored (${reason}, sqlstate ${sqlStateOf(error) ?? "-"}): ${messageChainOf(error)}`);
    return { ok: false as const, reason };
  };
  // Concurrent submissions share one statement (see submission-batcher.server.ts).
  const concurrency = db.driver === "pglite" ? 1 : 4;
  const contactWriter = new SubmissionBatcher<ContactInput, CreatedContact>({
    writeOne: (input) => createContact(db, input),
    writeMany: (inputs) => createContacts(db, inputs),
    keyOf: (input) => normaliseEmail(input.email),
    concurrency,
  });
  const leadWriter = new SubmissionBatcher<LeadInput, RecordedLead>({
    writeOne: (input) => recordLead(db, input),
    writeMany: (inputs) => recordLeads(db, inputs),
    concurrency,
  });
  return {
    async createContact(input) {
      try {
        const created = await contactWriter.submit(input);
        onQueued?.();
        return { ok: true, value: { contactId: created.contactId, reused: created.reused, inquiryId: created.inquiryId } };
      } catch (error) {
        return fail("contact", error);
      }
    },
    async recordLead(input) {
      try {
        const recorded = await leadWriter.submit(input);
        onQueued?.();
        return { ok: true, value: { leadId: recorded.leadId } };
      } catch (error) {
        return fail("lead", error);
      }
    },
    takeFormQuota(clientIp) {
      return rateLimiter.hit(clientIp || "unknown");
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
