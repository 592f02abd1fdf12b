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

/**
 * The home a "Get my in-person evaluation" request is about (issue 43): a snapshot of its value
 * page as the visitor saw it, since the roll and the listings move on.
 */
export interface ValuationHomeRef {
  /** The City's account number. */
  account: string;
  address: string;
  /** Its value page on this site: /home-value/{account}. */
  path: string;
  assessed: number;
  rollYear: number;
  /** The estimated range shown, or null when the data could not support one. */
  estimate: { low: number; high: number } | null;
  /** When they may sell, in words. */
  timeline: string;
  /** The same page as an absolute URL, for the agent's e-mail. */
  url?: string;
}

/**
 * The open house an RSVP is for (issue 44): a snapshot of the feed's row and its home, since the
 * feed moves on. Date and times are Edmonton's wall clock, as the feed sends them.
 */
export interface OpenHouseRef {
  /** The feed's OpenHouseKey. */
  key: string;
  listingKey: string;
  address: string;
  /** The home's page on this site. */
  path: string;
  /** "2026-12-05". */
  date: string;
  /** "13:00", or null when the feed leaves it out. */
  start: string | null;
  end: string | null;
  /** The day and hours in words, as the page showed them. */
  when: string;
  /** The home's page as an absolute URL, for the mails. */
  url?: string;
}

export interface SubmittedFrom {
  address: string;
  userAgent: string | null;
}

/**
 * The home of a valuation request read back from a payload (the visitor's JSON, so every field is
 * checked): null when the payload has none. Only a home-value page of this site is a path.
 */
export function valuationHomeOf(value: unknown): ValuationHomeRef | null {
  if (!value || typeof value !== "object") return null;
  const h = value as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : "");
  const amount = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const account = text(h.account);
  if (!/^\d{1,12}$/.test(account)) return null;
  const estimate = h.estimate && typeof h.estimate === "object" ? (h.estimate as Record<string, unknown>) : null;
  const low = amount(estimate?.low);
  const high = amount(estimate?.high);
  const url = text(h.url);
  return {
    account,
    address: text(h.address),
    path: `/home-value/${account}`,
    assessed: amount(h.assessed) ?? 0,
    rollYear: amount(h.rollYear) ?? 0,
    estimate: low !== null && high !== null ? { low, high } : null,
    timeline: text(h.timeline),
    ...(/^https?:\/\/[^/]+\/home-value\/\d+$/.test(url) ? { url } : {}),
  };
}
