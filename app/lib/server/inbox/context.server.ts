/**
 * What the inbox's loaders and actions read in the router context (`serverOf(context).inbox`), built once
 * by the lead runtime at start-up.
 */
import type { Database } from "../../../../platform/db/database";
import type { HealthState } from "~/lib/health-state";
import type { EndpointRules } from "../push/endpoint.server";
import type { CalendarRules } from "../showings/calendar-fetch.server";
import { type RelyingParty, relyingPartyOf } from "./passkeys.server";
import { type SignInThrottle, createSignInThrottle } from "./sign-in-throttle.server";

export interface InboxContext {
  db: Database;
  /** SITE_URL: set-up links and the passkeys' relying party are made from it. */
  siteUrl: string;
  rp: RelyingParty;
  /** Session cookies carry Secure when the site is served over https. */
  secureCookies: boolean;
  throttle: SignInThrottle;
  /** Wakes the outbox worker after a failed notification was queued again. */
  kickOutbox(): void;
  /** Web Push to the agent's devices: the key browsers subscribe with, which endpoints may be stored, the push job's wake-up. */
  push: InboxPush;
  /** LEAD_REMINDER_MINUTES: opening-hours minutes after which a person still New is overdue. */
  replyMinutes: number;
  /** The Account page's health panel (app/lib/server/health): every watched problem's state now. */
  health?: () => Promise<HealthState[]>;
  /** Which calendar addresses the agent may save (issue 44; absent: public https only), and a read of it at once after saving. */
  calendar?: { rules: CalendarRules; saved(): void };
}

export interface InboxPush {
  /** The VAPID public key (base64url): a browser's applicationServerKey. */
  publicKey: string;
  endpointRules: EndpointRules;
  /** Wakes the push job after a push was queued. */
  queued(): void;
}

export type InboxSettings = Pick<InboxContext, "siteUrl" | "kickOutbox" | "push" | "replyMinutes" | "health" | "calendar">;

export async function createInboxContext(db: Database, settings: InboxSettings): Promise<InboxContext> {
  const { siteUrl } = settings;
  return {
    db,
    ...settings,
    rp: relyingPartyOf(siteUrl),
    secureCookies: siteUrl.startsWith("https:"),
    throttle: await createSignInThrottle(db),
  };
}
