/**
 * Secrets that travel in cookies and links (session tokens, device tokens, set-up links): 256
 * random bits, base64url. The database keeps only their SHA-256, so a copy of the database signs
 * no one in.
 */
import { createHash, randomBytes } from "node:crypto";

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The shape newToken makes: anything else is not looked up. */
export function isToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
