/**
 * The alerts job (PGlite): one pass matches every change after the cursor, queues the due mails
 * and wakes the outbox; two jobs racing queue one mail per person; old matched changes are pruned.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alertItems as i, listingChanges, notificationOutbox as o } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { upsertListings } from "../listings/store.server";
import { alertsContext, follow, listing } from "../../../../tests/support/alerts";
import { AlertJob, LISTING_CHANGES_KEPT_MS } from "./alert-job.server";

const t = testDatabaseForThisFile();
const count = async (what: "mails" | "matches" | "changes") => {
  const from = {
    mails: sql`from ${o} where ${o.kind} = 'alert'`,
    matches: sql`from ${i} cross join unnest(${i.change_ids})`,
    changes: sql`from ${listingChanges}`,
  }[what];
  return (await select(t.db.rows, { n: sql<number>`count(*)::integer` }, from))[0]!.n;
};

describe("AlertJob", () => {
  it("matches in batches until caught up, queues the due mails and wakes the outbox", async () => {
    const ctx = alertsContext(t.db);
    await follow(t.db, { email: "jane@example.com", criteria: {} });
    await follow(t.db, { email: "sam@example.com", criteria: { cities: ["Leduc"] } });
    await upsertListings(
      t.db,
      Array.from({ length: 7 }, (_, n) => listing(`K${n}`)),
    );
    const now = new Date("2026-11-25T15:00:00Z");
    const job = new AlertJob(ctx, { intervalMs: 60_000, batch: 3, now: () => now });
    // Jane's search matched every change: one row per batch.
    expect(await job.runOnce()).toEqual({ changes: 7, items: 3, matches: 7, mails: 1, dropped: 0, pruned: 0, reports: 0 });
    expect(ctx.woken()).toBe(1);
    expect(await job.runOnce()).toEqual({ changes: 0, items: 0, matches: 0, mails: 0, dropped: 0, pruned: 0, reports: 0 });
    expect(ctx.woken()).toBe(1);
  });

  it("queues one mail per person when two jobs run at once", async () => {
    const ctx = alertsContext(t.db);
    for (const who of ["a", "b", "c", "d"]) await follow(t.db, { email: `${who}@example.com`, criteria: {} });
    await upsertListings(
      t.db,
      Array.from({ length: 5 }, (_, n) => listing(`K${n}`)),
    );
    const now = new Date("2026-11-25T15:00:00Z");
    const jobs = [
      new AlertJob(ctx, { intervalMs: 60_000, batch: 2, now: () => now }),
      new AlertJob(ctx, { intervalMs: 60_000, batch: 2, now: () => now }),
    ];
    const results = await Promise.all(jobs.map((job) => job.runOnce()));
    expect(results.reduce((n, r) => n + r.changes, 0)).toBe(5);
    expect(results.reduce((n, r) => n + r.mails, 0)).toBe(4);
    expect(await count("matches")).toBe(20);
    expect(await count("mails")).toBe(4);
  });

  it("prunes matched changes older than eight days", async () => {
    const ctx = alertsContext(t.db);
    await upsertListings(t.db, [listing("OLD"), listing("NEW")]);
    const now = new Date(Date.now() + LISTING_CHANGES_KEPT_MS + 60_000);
    await t.db.rows(sql`update ${listingChanges} set created_at = now() + interval '1 hour' where ${listingChanges.listing_key} = 'NEW'`);
    const job = new AlertJob(ctx, { intervalMs: 60_000, now: () => now });
    // A stopped run matches nothing and prunes nothing.
    const stopped = new AbortController();
    stopped.abort();
    expect(await job.runOnce(stopped.signal)).toEqual({ changes: 0, items: 0, matches: 0, mails: 0, dropped: 0, pruned: 0, reports: 0 });
    expect(await job.runOnce()).toMatchObject({ changes: 2, pruned: 1 });
    expect(await count("changes")).toBe(1);
  });
});
