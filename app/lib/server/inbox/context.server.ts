/**
 * What the inbox's loaders and actions read in the router context (`serverOf(context).inbox`), built once
 * by the lead runtime at start-up.
 */
import type { Database } from "../db.server";
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
}

export async function createInboxContext(db: Database, siteUrl: string, kickOutbox: () => void): Promise<InboxContext> {
  return { db, siteUrl, rp: relyingPartyOf(siteUrl), secureCookies: siteUrl.startsWith("https:"), throttle: await createSignInThrottle(db), kickOutbox };
}
