/**
 * Rate limits, through `rate-limiter-flexible`: at most `max` hits per `windowMs` per key (a
 * fixed window that starts with the key's first hit).
 *
 * With PGlite (one server process) the counts live in memory. With PostgreSQL they live in the
 * database (table `rate_limits`, made by the migrations like every other table:
 * db/schema/rate-limits.ts), so several servers sharing one PostgreSQL share one quota per key; if
 * the database cannot be reached, each process falls back to counting in its own memory until it
 * can.
 *
 * A key is whatever the caller counts by. The form quota counts clients (client-key.ts): an
 * IPv4 address, or the /64 of an IPv6 one, since one subscriber holds a whole /64 and could
 * otherwise take a fresh quota for every address in it.
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "./db/database";

/** One hit's answer: within the limit or not, and when the window ends. */
export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Hits past the limit in this window, this one included (0 while allowed). */
  excess?: number;
}

export interface RateLimiter {
  /** Counts one hit for `key` and says whether it is within the limit. */
  consume(key: string): Promise<RateDecision>;
  /** Gives one counted hit back (a sign-in that succeeded was not a guess). */
  refund(key: string): Promise<void>;
  /** Forgets `key`'s hits (a successful sign-in clears its account's count). */
  reset(key: string): Promise<void>;
}

export interface RateLimitOptions {
  /** Distinguishes this limit's keys from other limits' in the shared table (e.g. "form"). */
  name: string;
  max: number;
  windowMs: number;
}

export async function createRateLimiter(db: Database, { name, max, windowMs }: RateLimitOptions): Promise<RateLimiter> {
  const common = { keyPrefix: name, points: max, duration: Math.max(1, Math.round(windowMs / 1000)) };
  const limiter = db.pool
    ? new RateLimiterPostgres({
        ...common,
        storeClient: db.pool,
        storeType: "pool",
        tableName: "rate_limits",
        // The table is made by the migrations (db/schema/rate-limits.ts), like every other table:
        // the limiter neither creates it nor waits for it, and is usable as soon as it is built.
        tableCreated: true,
        // Expired rows are deleted hourly, so the table holds only live windows.
        clearExpiredByTimeout: true,
        insuranceLimiter: new RateLimiterMemory(common),
      })
    : new RateLimiterMemory(common);

  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key || "unknown");
        return { allowed: true, retryAfterSeconds: secondsOf(res), excess: 0 };
      } catch (rejection) {
        // Past the limit the library rejects with the counts; anything else is a real error.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { allowed: false, retryAfterSeconds: secondsOf(rejection), excess: rejection.consumedPoints - max };
      }
    },
    async refund(key) {
      await limiter.reward(key || "unknown", 1);
    },
    async reset(key) {
      await limiter.delete(key || "unknown");
    },
  };
}

function secondsOf(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}
