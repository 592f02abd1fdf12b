/**
 * What route modules may ask of the server: the named operations below, reached through React
 * Router's router context (app/router-context.ts; server.ts builds them once at start-up; the route bundle and the server
 * entry are separate module graphs, so no module-level singleton could be shared). Types only:
 * nothing here runs in the browser.
 */
import type { ContactInput } from "./schemas/contact";
import type { LeadInput } from "./schemas/lead";

/** Why a submission was not stored, mapped by the routes to the texts of spec §8. */
export type SubmissionFailure = "permissions" | "duplicateLookup" | "failure";

export type Submitted<T> = { ok: true; value: T } | { ok: false; reason: SubmissionFailure };

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Submissions past the limit in this window, this one included (0 while allowed). */
  excess?: number;
}

/**
 * What /healthz answers. The public answer says only whether the site and its database are up;
 * the notification counts (the agent's lead volume) are added for requests made on the server's
 * own machine (monitoring, the fault suite), see `ServerContext.fromThisMachine`.
 */
export interface HealthReport {
  ok: boolean;
  database: "ok" | "unavailable";
  notifications?: { pending: number; sending: number; sent: number; failed: number };
}

/** The home a listing page's "Ask about this home" message is about. */
export interface InquiryListingRef {
  key: string;
  address: string;
  mlsNumber: string | null;
  path: string;
  /** The same page as an absolute URL, for the agent's e-mail. */
  url?: string;
}

export interface SubmittedFrom {
  address: string;
  userAgent: string | null;
}

export interface SiteServices {
  /** `listing`: the home a listing page's form asked about (stored with the inquiry, named in the agent's mail). */
  createContact(input: ContactInput, listing?: InquiryListingRef): Promise<Submitted<{ contactId: number; reused: boolean; inquiryId: number | null }>>;
  /** `from`: the visitor's address and browser, kept with the consent they gave (CASL). */
  recordLead(input: LeadInput, from?: SubmittedFrom): Promise<Submitted<{ leadId: number }>>;
  /** Checks the database; with `notifications`, also counts the outbox by status. */
  health(options?: { notifications?: boolean }): Promise<HealthReport>;
}
