/**
 * Sign-in attempts are counted before they are checked, so a burst of simultaneous guesses gets
 * at most the limit's worth of answers from the password check, not one per request; a success
 * gives its count back. Strangers count per account (the e-mail typed) and per address, so neither
 * guessing one password from many addresses nor many accounts from one address gets far. A
 * browser with a device cookie for the account (devices.server.ts) counts against its own
 * allowance instead, so strangers cannot lock the agent out (decision 029). Handing out passkey
 * challenges is limited per address and in all, which bounds the rows they leave behind.
 */
import type { Database } from "../../../../platform/db/database";
import { type RateDecision, createRateLimiter } from "../../../../platform/rate-limit";

export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
export const SIGN_IN_FAILURES_PER_ADDRESS = 30;
export const SIGN_IN_FAILURES_PER_DEVICE = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const CHALLENGES_PER_ADDRESS = 30;
export const CHALLENGES_IN_ALL = 600;
export const CHALLENGE_WINDOW_MS = 5 * 60_000;

export interface Attempt extends RateDecision {
  /** The attempt signed in: its count is given back. */
  succeeded(): Promise<void>;
}

export interface SignInThrottle {
  /** Counts a password attempt for `email` from `address` (or from a known `device`, its throttle key), before it is checked. */
  password(input: { email: string; address: string; device: string | null }): Promise<Attempt>;
  /** Counts a passkey attempt: per address for strangers (a passkey names no account before it verifies). */
  passkey(input: { address: string; device: string | null }): Promise<Attempt>;
  /** Counts a passkey challenge handed out. */
  challenge(input: { address: string; device: string | null }): Promise<RateDecision>;
}

type Limits = {
  account: number;
  address: number;
  device: number;
  windowMs: number;
  challengesPerAddress: number;
  challengesInAll: number;
  challengeWindowMs: number;
};

export const DEFAULT_LIMITS: Limits = {
  account: SIGN_IN_FAILURES_PER_ACCOUNT,
  address: SIGN_IN_FAILURES_PER_ADDRESS,
  device: SIGN_IN_FAILURES_PER_DEVICE,
  windowMs: SIGN_IN_WINDOW_MS,
  challengesPerAddress: CHALLENGES_PER_ADDRESS,
  challengesInAll: CHALLENGES_IN_ALL,
  challengeWindowMs: CHALLENGE_WINDOW_MS,
};

const refused = (decisions: RateDecision[]): RateDecision => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, ...decisions.filter((d) => !d.allowed).map((d) => d.retryAfterSeconds)),
});

export async function createSignInThrottle(db: Database, limits: Limits = DEFAULT_LIMITS): Promise<SignInThrottle> {
  // The limiters share the rate_limits table, which the migrations make (none of them creates it).
  const perAccount = await createRateLimiter(db, { name: "sign-in-account", max: limits.account, windowMs: limits.windowMs });
  const perAddress = await createRateLimiter(db, { name: "sign-in-address", max: limits.address, windowMs: limits.windowMs });
  const perDevice = await createRateLimiter(db, { name: "sign-in-device", max: limits.device, windowMs: limits.windowMs });
  const challengesPerAddress = await createRateLimiter(db, {
    name: "challenge-address",
    max: limits.challengesPerAddress,
    windowMs: limits.challengeWindowMs,
  });
  const challengesInAll = await createRateLimiter(db, {
    name: "challenge-all",
    max: limits.challengesInAll,
    windowMs: limits.challengeWindowMs,
  });
  const noAttempt = (decision: RateDecision): Attempt => ({ ...decision, succeeded: async () => {} });

  async function fromDevice(device: string): Promise<Attempt> {
    const decision = await perDevice.consume(device);
    return decision.allowed ? { ...decision, succeeded: () => perDevice.reset(device) } : noAttempt(decision);
  }

  return {
    async password({ email, address, device }) {
      if (device) return fromDevice(device);
      // The address first: an address past its limit spends no account's allowance.
      const byAddress = await perAddress.consume(address);
      if (!byAddress.allowed) return noAttempt(refused([byAddress]));
      const byAccount = await perAccount.consume(email);
      if (!byAccount.allowed) return noAttempt(refused([byAccount]));
      return { ...byAccount, succeeded: async () => void (await Promise.all([perAccount.reset(email), perAddress.refund(address)])) };
    },
    async passkey({ address, device }) {
      if (device) return fromDevice(device);
      const byAddress = await perAddress.consume(address);
      return byAddress.allowed ? { ...byAddress, succeeded: () => perAddress.refund(address) } : noAttempt(byAddress);
    },
    async challenge({ address, device }) {
      // A browser that signed in before is never refused a challenge: the agent's own passkey sign-in stays open.
      if (device) return { allowed: true, retryAfterSeconds: 0 };
      const byAddress = await challengesPerAddress.consume(address);
      if (!byAddress.allowed) return refused([byAddress]);
      const inAll = await challengesInAll.consume("all");
      return inAll.allowed ? inAll : refused([inAll]);
    },
  };
}
