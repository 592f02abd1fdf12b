/**
 * Repeated failed sign-ins are throttled per account (the e-mail typed) and per address, so
 * neither guessing one password from many addresses nor many accounts from one address gets far.
 * The windows are short (a guesser gets 10 tries per quarter hour per account), a success clears
 * its account's count, and passkey sign-in is never throttled per account: the real agent is never
 * locked out for long, and not at all with a passkey.
 */
import type { Database } from "../db.server";
import { type RateDecision, createRateLimiter } from "../rate-limit.server";

export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
export const SIGN_IN_FAILURES_PER_ADDRESS = 30;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export interface SignInThrottle {
  /** Whether a password attempt for `email` from `address` may be checked now. */
  check(email: string, address: string): Promise<RateDecision>;
  failed(email: string, address: string): Promise<void>;
  succeeded(email: string): Promise<void>;
  /** Passkey attempts name no account before they verify: they count per address only. */
  checkAddress(address: string): Promise<RateDecision>;
  failedFromAddress(address: string): Promise<void>;
}

export async function createSignInThrottle(db: Database, limits = { account: SIGN_IN_FAILURES_PER_ACCOUNT, address: SIGN_IN_FAILURES_PER_ADDRESS, windowMs: SIGN_IN_WINDOW_MS }): Promise<SignInThrottle> {
  const perAccount = await createRateLimiter(db, { name: "sign-in-account", max: limits.account, windowMs: limits.windowMs });
  const perAddress = await createRateLimiter(db, { name: "sign-in-address", max: limits.address, windowMs: limits.windowMs });
  const accountKey = (email: string) => email.trim().toLowerCase();
  return {
    async check(email, address) {
      const [a, b] = await Promise.all([perAccount.peek(accountKey(email)), perAddress.peek(address)]);
      if (a.allowed && b.allowed) return a;
      return { allowed: false, retryAfterSeconds: Math.max(a.allowed ? 0 : a.retryAfterSeconds, b.allowed ? 0 : b.retryAfterSeconds) };
    },
    async failed(email, address) {
      await Promise.all([perAccount.consume(accountKey(email)), perAddress.consume(address)]);
    },
    async succeeded(email) {
      await perAccount.reset(accountKey(email));
    },
    checkAddress: (address) => perAddress.peek(address),
    async failedFromAddress(address) {
      await perAddress.consume(address);
    },
  };
}
