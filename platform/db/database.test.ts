import { sql } from "drizzle-orm";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./database";
import { sqlStateOf } from "./errors";
import { testDatabaseForThisFile, usingPostgres } from "../../tests/support/test-database";

// What platform/db/database.ts itself promises on both drivers: the same types, PostgreSQL's errors with
// their SQLSTATE, transactions; and, for PGlite, that it runs in a thread of its own.

const t = testDatabaseForThisFile();

describe(`the database module (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("reports a failed statement with PostgreSQL's SQLSTATE and fields, and goes on", async () => {
    const insert = (email: string) =>
      t.db.rows<{ id: number }>(sql`insert into contacts (name, email, phone, source) values ('A', ${email}, null, 'test') returning id`);
    await insert("a@example.com");
    const duplicate = await insert("a@example.com").catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(sqlStateOf(duplicate)).toBe("23505");
    expect(duplicate).toMatchObject({ constraint: "contacts_email_key" });
    expect(await insert("b@example.com")).toHaveLength(1);
    expect(sqlStateOf(await t.db.rows(sql`selec 1`).catch((error: unknown) => error))).toBe("42601");
  });

  it("gives each type as the application expects it on both drivers", async () => {
    const [row] = await t.db.rows(sql`
      select 7::integer as n, ${"text"}::text as label, ${null}::text as nothing, ${JSON.stringify({ list: [1, 2] })}::jsonb as doc,
        7::bigint * 1000000000 as big, timestamptz '2026-01-02T03:04:05Z' as at, true as yes`);
    expect(row).toEqual({
      n: 7,
      label: "text",
      nothing: null,
      doc: { list: [1, 2] },
      big: 7_000_000_000,
      at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      yes: true,
    });
  });

  it("commits a transaction's statements together, and keeps none of them when its work throws", async () => {
    const ids = await t.db.transaction(async (rows) => {
      const [a] = await rows<{ id: number }>(
        sql`insert into contacts (name, email, source) values ('A', 'a@example.com', 'test') returning id`,
      );
      const [b] = await rows<{ id: number }>(
        sql`insert into contacts (name, email, source) values ('B', 'b@example.com', 'test') returning id`,
      );
      return [a!.id, b!.id];
    });
    expect(ids).toHaveLength(2);
    const failed = await t.db
      .transaction(async (rows) => {
        await rows(sql`insert into contacts (name, email, source) values ('C', 'c@example.com', 'test')`);
        throw new Error("changed my mind");
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: "changed my mind" });
    const inTransaction = await t.db
      .transaction(async (rows) => {
        await rows(sql`insert into contacts (name, email, source) values ('D', 'd@example.com', 'test')`);
        await rows(sql`insert into contacts (name, email, source) values ('A2', 'a@example.com', 'test')`);
      })
      .catch((error: unknown) => error);
    expect(sqlStateOf(inTransaction)).toBe("23505");
    const emails = await t.db.rows<{ email: string }>(sql`select email from contacts order by email`);
    expect(emails.map((r) => r.email)).toEqual(["a@example.com", "b@example.com"]);
  });

  it.skipIf(usingPostgres)("runs PGlite in a thread of its own: the server's main thread goes on while a long statement runs", async () => {
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      await t.db.rows(sql`select count(*) from generate_series(1, 2000000) as g(i) where i % 7 = 3`);
    } finally {
      clearInterval(ticker);
    }
    const took = performance.now() - started;
    expect(took).toBeGreaterThan(150);
    // On the main thread the timer would have waited for the whole statement.
    expect(longest).toBeLessThan(took / 2);
  });

  it.skipIf(usingPostgres)("starts its thread in a process run with V8 options and tsx's loader, and lets that process end", async () => {
    // A worker refuses V8 options handed to it, and tsx's loader hung it: the thread gets neither.
    const script = `
      import { sql } from "drizzle-orm";
      import { openDatabase } from "./platform/db/database.ts";
      const db = await openDatabase({ pgliteDir: "memory", migrate: false });
      const [row] = await db.rows(sql\`select 41 + 1 as n\`);
      await db.close();
      console.log(JSON.stringify(row));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--max-old-space-size=256", "--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: process.cwd(),
        timeout: 60_000,
      },
    );
    expect(JSON.parse(stdout)).toEqual({ n: 42 });
  });

  it.skipIf(usingPostgres)("refuses statements once closed, with PGlite's own words", async () => {
    const db = await openDatabase({ pgliteDir: "memory", migrate: false });
    expect(await db.rows<{ one: number }>(sql`select 1 as one`)).toEqual([{ one: 1 }]);
    await db.close();
    await expect(db.rows(sql`select 1`)).rejects.toThrow("PGlite is closed");
    await db.close();
  });
});
