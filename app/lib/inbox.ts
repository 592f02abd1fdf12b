/**
 * The inbox's rules that its pages show and its server enforces (browser-safe: no server code).
 */
import type { SubmissionKind } from "./forms";

export { PERSON_STATUSES, PERSON_STATUS_LABELS, type PersonStatus } from "./schema-values";

/** Passwords are at least this long (issue 11); length beats composition rules (NIST SP 800-63B). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, not one of the most common passwords. A short sentence is easy to remember and hard to guess.`;
/** A set-up link works once, for this long. */
export const INVITE_TTL_HOURS = 24;
/** The site promises a reply within 24 hours (spec §9). */
export const REPLY_PROMISE_HOURS = 24;
/** People per page of the inbox list. */
export const PEOPLE_PAGE_SIZE = 50;

export const SIGN_IN_MESSAGES = {
  wrong: "That e-mail and password do not match an account. Check them and try again.",
  throttled: "Too many failed sign-ins. Wait a few minutes and try again, or sign in with your passkey.",
  /** Must name the wait: the 429's Retry-After, in minutes. */
  throttledFor: (minutes: number) =>
    `Too many failed sign-ins from here. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or sign in with your passkey. A browser you have signed in with before is not held up.`,
  passkeyFailed: "That passkey could not be verified. Try again, or sign in with your e-mail and password.",
  signedOut: "You are signed out.",
} as const;

/**
 * Where to go after signing in: the `next` an inbox page asked for, if it is a path inside the
 * inbox on this site; anything else (another host, `//evil`, a backslash trick) gives /inbox.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next) return "/inbox";
  return /^\/inbox(?:\/[A-Za-z0-9_\-/.]*)?(?:\?[A-Za-z0-9_\-=&%+.]*)?$/.test(next) && !next.includes("//") && !next.includes("/..")
    ? next
    : "/inbox";
}

/** One submission on a person's timeline in the inbox (a lead or a contact message). */
/** Where the visitor's acknowledgement of a submission stands. */
export interface AcknowledgementState {
  status: "pending" | "sending" | "sent" | "failed" | "withheld";
  lastError: string | null;
}

export interface Submission {
  id: number;
  kind: SubmissionKind;
  source: string;
  /** Exactly what the visitor submitted (the notification's snapshot). */
  fields: Record<string, unknown>;
  createdAt: Date;
  notification: {
    status: "pending" | "sending" | "sent" | "failed" | "withheld";
    attempts: number;
    lastError: string | null;
    sentAt: Date | null;
  };
  /** The visitor's acknowledgement of it, when one was queued (ACKNOWLEDGE_SUBMISSIONS): withheld past its address's daily cap, with the reason. */
  acknowledgement: AcknowledgementState | null;
  /** The consent the visitor gave on the welcome form (leads only). */
  consent: { text: string; version: string; address: string | null; userAgent: string | null } | null;
}

/** One attempt of the Account page's sign-in history (a row of inbox_sign_ins). */
export interface SignInRow {
  id: number;
  email: string | null;
  method: string;
  ok: boolean;
  reason: string | null;
  address: string | null;
  user_agent: string | null;
  created_at: Date;
}

/** One of an account's passkeys, as the Account page lists them. */
export interface PasskeyRow {
  id: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A browser that receives the inbox's pushes, as the Account page lists them. */
export interface PushDevice {
  id: number;
  browser: string;
  createdAt: Date;
  lastPushAt: Date | null;
}

/** The forms' labels come from the forms' registry. */
export { SOURCE_LABELS, sourceLabel } from "./forms";

/** A saved search, watched home or monthly home report on a person's page (their alert_subscriptions row). */
export interface PersonSubscription {
  id: number;
  kind: "search" | "watch" | "home";
  label: string;
  frequency: "instant" | "daily" | "weekly" | "monthly";
  status: "pending" | "active" | "ended";
  createdAt: Date;
  confirmedAt: Date | null;
  endedAt: Date | null;
}

/** One listing alert or monthly home report mailed (or held back) to a person: when, how many homes, its delivery. */
export interface AlertSent {
  id: number;
  kind: "alert" | "home-report";
  createdAt: Date;
  homes: number;
  status: Submission["notification"]["status"];
  sentAt: Date | null;
}

/**
 * A home the person opened from an alert's link (its address when the feed still has it, else its
 * key), or their own home they came back to from the monthly report (`report`: the roll's account).
 */
export interface HomeOpened {
  listingKey: string;
  report: boolean;
  address: string | null;
  /** The listing's page on the site, while it is in the feed. */
  path: string | null;
  firstAt: Date;
  lastAt: Date;
  /** The days it was opened on (an open is recorded once per person, home and day). */
  times: number;
}

/** One event of the person's consent ledger (CASL), as the page shows it. */
export interface ConsentLedgerEntry {
  kind: "express" | "implied" | "withdrawal";
  basis: string;
  text: string | null;
  version: string | null;
  givenAt: Date | null;
  address: string | null;
  userAgent: string | null;
  expiresAt: Date | null;
  createdAt: Date;
}

/** Everything of the alerts a person's page shows (empty lists: the section is left out). */
export interface PersonAlerts {
  subscriptions: PersonSubscription[];
  alertsSent: AlertSent[];
  homesOpened: HomeOpened[];
  consent: ConsentLedgerEntry[];
  /** Why they are warming up, in words, when they are ("Watches 123 Main St", "Opened 12 Elm Ave twice from alerts"). */
  warmingReasons: string[];
}

/** The form's checkbox an erasure needs (the action refuses it without). */
export const ERASE_CONFIRMATION = "I understand this cannot be undone";
/** The name an erased or anonymised person keeps in the inbox. */
export const ERASED_NAME = "Erased person";
