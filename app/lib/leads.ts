/**
 * The lead capture's shared types: what a submission's store answers, the form quota's decision,
 * the health report, the home an inquiry is about. Types only: pages and server modules both read
 * them, and nothing here runs in the browser.
 */

/** Why a submission was not stored, mapped by the routes to the texts of spec §8. */
export type SubmissionFailure = "permissions" | "duplicateLookup" | "failure";

export type Submitted<T> = { ok: true; value: T } | { ok: false; reason: SubmissionFailure };

/**
 * What /healthz answers. The public answer says only whether the site and its database are up;
 * the notification counts (the agent's lead volume) are added for requests made on the server's
 * own machine (monitoring, the fault suite), see `ServerContext.fromThisMachine`.
 */
export interface HealthReport {
  ok: boolean;
  database: "ok" | "unavailable";
  notifications?: { pending: number; sending: number; sent: number; failed: number; withheld: number };
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
