import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForThisFile } from "../../tests/support/test-database";
import { nextMaintenance, vacuumEachTable } from "./maintenance";

const EDMONTON = "America/Edmonton";

describe("nextMaintenance", () => {
  it("is 3:30 Edmonton time: the same night before it, the next night after it", () => {
    // 2026-11-29 01:00 MST = 08:00 UTC; 3:30 MST = 10:30 UTC.
    expect(nextMaintenance(new Date("2026-11-29T08:00:00Z"), EDMONTON).toISOString()).toBe("2026-11-29T10:30:00.000Z");
    expect(nextMaintenance(new Date("2026-11-29T10:30:00Z"), EDMONTON).toISOString()).toBe("2026-11-30T10:30:00.000Z");
    expect(nextMaintenance(new Date("2026-11-29T15:00:00Z"), EDMONTON).toISOString()).toBe("2026-11-30T10:30:00.000Z");
  });

  it("keeps the local hour across the clock changes (3:30 MDT in summer)", () => {
    // Spring forward 2027-03-14 (2:00 → 3:00): 3:30 MDT = 09:30 UTC. Fall back 2026-11-01: 3:30 MST = 10:30 UTC.
    expect(nextMaintenance(new Date("2027-03-14T07:00:00Z"), EDMONTON).toISOString()).toBe("2027-03-14T09:30:00.000Z");
    expect(nextMaintenance(new Date("2026-11-01T06:00:00Z"), EDMONTON).toISOString()).toBe("2026-11-01T10:30:00.000Z");
  });
});

describe("vacuumEachTable", () => {
  const t = testDatabaseForThisFile();

  it("vacuums and analyses every table of the schema, one statement each", async () => {
    const { db } = t;
    const done = await vacuumEachTable(db);
    const tables = await db.rows<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(done).toEqual(tables.map((t) => t.name));
    expect(done).toContain("people");
    const stats = await db.rows<{ name: string; vacuumed: boolean; analysed: boolean }>(
      sql`select relname as name, last_vacuum is not null as vacuumed, last_analyze is not null as analysed from pg_stat_user_tables where schemaname = 'public'`,
    );
    expect(stats.filter((t) => !t.vacuumed || !t.analysed).map((t) => t.name)).toEqual([]);
  });
});
