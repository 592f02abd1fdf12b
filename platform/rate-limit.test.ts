import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { type Database, openDatabase } from "./db/database";
import { createRateLimiter } from "./rate-limit";
import { type TestDatabase, createTestDatabase, usingPostgres } from "../tests/support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

describe(`the rate limit (${usingPostgres ? "PostgreSQL store" : "memory store"})`, () => {
  it("allows max hits per window per key, then refuses with the seconds to wait and how far past the limit", async () => {
    const limiter = await createRateLimiter(t.db, { name: "test-basic", max: 3, windowMs: 60_000 });
    const first = await Promise.all([1, 2, 3].map(() => limiter.consume("203.0.113.1")));
    expect(first.map((d) => d.allowed)).toEqual([true, true, true]);
    const refused = await limiter.consume("203.0.113.1");
    expect(refused).toMatchObject({ allowed: false, excess: 1 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.consume("203.0.113.1")).excess).toBe(2);
    // Another address has its own quota.
    expect((await limiter.consume("203.0.113.2")).allowed).toBe(true);
  });

  it("lets exactly max of a simultaneous burst through", async () => {
    const limiter = await createRateLimiter(t.db, { name: "test-burst", max: 10, windowMs: 60_000 });
    const burst = await Promise.all(Array.from({ length: 50 }, () => limiter.consume("203.0.113.50")));
    expect(burst.filter((d) => d.allowed)).toHaveLength(10);
    expect(Math.max(...burst.map((d) => d.excess ?? 0))).toBe(40);
  });

  it("refund gives exactly one counted hit back, reset forgets them all", async () => {
    const limiter = await createRateLimiter(t.db, { name: "test-refund", max: 2, windowMs: 60_000 });
    expect((await limiter.consume("198.51.100.20")).allowed).toBe(true);
    expect((await limiter.consume("198.51.100.20")).allowed).toBe(true);
    expect((await limiter.consume("198.51.100.20")).allowed).toBe(false);
    // Three counted (the refused one too): one back leaves it at the limit, two back under it.
    await limiter.refund("198.51.100.20");
    expect((await limiter.consume("198.51.100.20")).allowed).toBe(false);
    await limiter.refund("198.51.100.20");
    await limiter.refund("198.51.100.20");
    expect((await limiter.consume("198.51.100.20")).allowed).toBe(true);
    expect((await limiter.consume("198.51.100.20")).allowed).toBe(false);
    // Another key is not touched by either.
    expect((await limiter.consume("198.51.100.21")).allowed).toBe(true);

    await limiter.reset("198.51.100.20");
    expect((await limiter.consume("198.51.100.20")).allowed).toBe(true);
    expect((await limiter.consume("198.51.100.20")).allowed).toBe(true);
    expect((await limiter.consume("198.51.100.20")).allowed).toBe(false);
    // Resetting a key never seen is harmless.
    await expect(limiter.reset("never-seen")).resolves.toBeUndefined();
  });

  it("counts an empty key as one shared key rather than none", async () => {
    const limiter = await createRateLimiter(t.db, { name: "test-empty", max: 1, windowMs: 60_000 });
    expect((await limiter.consume("")).allowed).toBe(true);
    expect((await limiter.consume("")).allowed).toBe(false);
  });

  it("keeps each limit's counts apart from another's with the same keys", async () => {
    const [a, b] = await Promise.all([
      createRateLimiter(t.db, { name: "test-apart-a", max: 1, windowMs: 60_000 }),
      createRateLimiter(t.db, { name: "test-apart-b", max: 1, windowMs: 60_000 }),
    ]);
    expect((await a.consume("192.0.2.1")).allowed).toBe(true);
    expect((await b.consume("192.0.2.1")).allowed).toBe(true);
    expect((await a.consume("192.0.2.1")).allowed).toBe(false);
  });

  it("opens a new window once the old one has passed", async () => {
    const limiter = await createRateLimiter(t.db, { name: "test-window", max: 1, windowMs: 1000 });
    expect((await limiter.consume("198.51.100.1")).allowed).toBe(true);
    expect((await limiter.consume("198.51.100.1")).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.consume("198.51.100.1")).allowed).toBe(true);
  });

  it.runIf(usingPostgres)("shares one quota per key between servers on one PostgreSQL", async () => {
    const other = await t.openAnother();
    const [a, b] = await Promise.all([
      createRateLimiter(t.db, { name: "test-shared", max: 4, windowMs: 60_000 }),
      createRateLimiter(other, { name: "test-shared", max: 4, windowMs: 60_000 }),
    ]);
    const decisions = [];
    for (let i = 0; i < 3; i++) decisions.push(await a.consume("192.0.2.7"), await b.consume("192.0.2.7"));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, false, false]);
  });
});

/** The CREATE TABLE the library would issue for `tableName` (it is told not to: the migrations make the table). */
function libraryCreateTable(tableName: string): string {
  const store = new RateLimiterPostgres({
    storeClient: { query: () => Promise.resolve({ rows: [] }) },
    storeType: "pool",
    tableName,
    tableCreated: true,
    clearExpiredByTimeout: false,
    points: 1,
    duration: 1,
  });
  return (store as unknown as { _getCreateTableStmt(): string })._getCreateTableStmt();
}

describe(`the rate limiter's table, made by the migrations (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("has exactly the columns the library would create", async () => {
    await t.db.rows(sql.raw(libraryCreateTable("rate_limits_as_the_library_makes_it")));
    const columns = (table: string) =>
      t.db.rows(sql`
        select column_name, data_type, character_maximum_length, is_nullable, column_default
        from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`);
    const ours = await columns("rate_limits");
    expect(ours.length).toBe(3);
    expect(ours).toEqual(await columns("rate_limits_as_the_library_makes_it"));
    await t.db.rows(sql`drop table rate_limits_as_the_library_makes_it`);
  });

  it("migrates a database where the library had already made the table, keeping its counts", async () => {
    const fresh = await emptyDatabase();
    try {
      await fresh.db.rows(sql.raw(libraryCreateTable("rate_limits")));
      await fresh.db.rows(sql`insert into rate_limits values ('form:192.0.2.9', 3, ${Date.now() + 60_000}::bigint)`);
      await fresh.db.migrate();
      const rows = await fresh.db.rows<{ key: string; points: number }>(sql`select key, points from rate_limits`);
      expect(rows).toEqual([{ key: "form:192.0.2.9", points: 3 }]);
    } finally {
      await fresh.drop();
    }
  });
});

/** A database with no migration applied (PGlite in memory, or a new database on the PostgreSQL server). */
async function emptyDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const db = await openDatabase({ pgliteDir: "memory", migrate: false });
    return { db, drop: () => db.close() };
  }
  const name = `agent_site_t_${randomBytes(5).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolMax: 2, migrate: false });
  return {
    db,
    async drop() {
      await db.close();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
