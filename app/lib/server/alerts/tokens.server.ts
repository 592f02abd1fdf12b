/**
 * The signed tokens of the alert links (decision 039): a confirmation link names a pending
 * subscription, a manage or open link names a person. A token carries its id and expiry in the
 * clear and an HMAC-SHA256 over the purpose, id and expiry, so it needs no table, cannot be turned
 * into another person's link, and a link of one purpose never works for another.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type TokenPurpose = "confirm" | "manage" | "open" | "showing";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Confirmation: a week. Manage and open: long past CASL's 60 days after a send for the unsubscribe to keep working. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm: 7 * DAY_MS,
  manage: 400 * DAY_MS,
  open: 400 * DAY_MS,
  // A showing's link is made with its own expiry (the day after the showing): see showings/links.server.ts.
  showing: 60 * DAY_MS,
};

const PAYLOAD = /^([1-9]\d{0,14})\.([1-9]\d{0,15})$/;
/** Longer than any token signed here: refused before any work. */
const MAX_LENGTH = 200;

function macOf(secret: Buffer, purpose: TokenPurpose, id: number, expiresMs: number): Buffer {
  return createHmac("sha256", secret).update(`${purpose}\n${id}\n${expiresMs}`).digest();
}

/** `<base64url(id.expiry)>.<base64url(mac)>`: URL-safe, no padding. */
export function signToken(secret: Buffer, purpose: TokenPurpose, id: number, expiresAt: Date): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError("a token names a positive integer id");
  const expiresMs = Math.floor(expiresAt.getTime());
  const payload = Buffer.from(`${id}.${expiresMs}`).toString("base64url");
  return `${payload}.${macOf(secret, purpose, id, expiresMs).toString("base64url")}`;
}

/**
 * The id a token was signed for; "expired" only when its signature is good (so a forged token never
 * learns anything); null for anything else, malformed input included.
 */
export function readToken(secret: Buffer, purpose: TokenPurpose, token: string, now: Date): { id: number } | "expired" | null {
  if (typeof token !== "string" || token.length > MAX_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]!) || !/^[A-Za-z0-9_-]+$/.test(parts[1]!)) return null;
  const match = PAYLOAD.exec(Buffer.from(parts[0]!, "base64url").toString("latin1"));
  if (!match) return null;
  const id = Number(match[1]);
  const expiresMs = Number(match[2]);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(expiresMs)) return null;
  const given = Buffer.from(parts[1]!, "base64url");
  const expected = macOf(secret, purpose, id, expiresMs);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return now.getTime() >= expiresMs ? "expired" : { id };
}
