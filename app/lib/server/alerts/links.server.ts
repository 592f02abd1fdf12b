/**
 * The absolute links a mail carries (decision 039): each names its person (or, to confirm, its
 * pending subscription) by a signed token, valid for TOKEN_LIFETIME_MS of its purpose from `now`;
 * and the one reading of such a token when its link is used.
 */
import type { AlertsContext } from "./context.server";
import { serverSecret } from "./secrets.server";
import { TOKEN_LIFETIME_MS, type TokenPurpose, readToken, signToken } from "./tokens.server";

export interface AlertLinks {
  /** The person's manage page: their searches, frequencies, unsubscribe. */
  manage: string;
  /** The unsubscribe page (a POST there, or the mail program's one-click POST, unsubscribes). */
  unsubscribe: string;
  /** A listing's link in an alert: records the open, then redirects to the listing's page. */
  open(listingKey: string): string;
  /** The home report's button (/alerts/home/…): records the return, then redirects to the home's page (issue 43). */
  home(account: string): string;
}

function tokenFor(secret: Buffer, purpose: TokenPurpose, id: number, now: Date): string {
  return signToken(secret, purpose, id, new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]));
}

export async function alertLinks(ctx: AlertsContext, personId: number, now: Date): Promise<AlertLinks> {
  return alertLinksWith(ctx.siteUrl, await serverSecret(ctx.db, "alert-links"), personId, now);
}

/** alertLinks with the secret already read: a job making thousands of mails reads it once. */
export function alertLinksWith(siteUrl: string, secret: Buffer, personId: number, now: Date): AlertLinks {
  const manage = tokenFor(secret, "manage", personId, now);
  const open = tokenFor(secret, "open", personId, now);
  return {
    manage: `${siteUrl}/alerts/manage/${manage}`,
    unsubscribe: `${siteUrl}/alerts/unsubscribe/${manage}`,
    open: (listingKey) => `${siteUrl}/alerts/open/${open}/${encodeURIComponent(listingKey)}`,
    home: (account) => `${siteUrl}/alerts/home/${open}/${encodeURIComponent(account)}`,
  };
}

/** A sign-up's confirmation link, with the secret already read (inside a transaction, where no other statement may run on PGlite). */
export function confirmUrlWith(siteUrl: string, secret: Buffer, subscriptionId: number, now: Date): string {
  return `${siteUrl}/alerts/confirm/${tokenFor(secret, "confirm", subscriptionId, now)}`;
}

/** Longer than any token this site signs: refused before any work. */
const MAX_TOKEN_LENGTH = 512;

/**
 * The id a used link's token was signed for, or why not: "expired" only for a token this site
 * signed (a forged one learns nothing), "invalid" for anything else, malformed input included.
 */
export async function readLink(
  ctx: AlertsContext,
  purpose: TokenPurpose,
  token: string | undefined,
  now: Date,
): Promise<{ id: number } | "invalid" | "expired"> {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return "invalid";
  const read = readToken(await serverSecret(ctx.db, "alert-links"), purpose, token, now);
  return read ?? "invalid";
}
