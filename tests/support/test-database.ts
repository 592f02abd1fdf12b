/**
 * Test support (not a test): a fresh, migrated database per test file.
 * Without DATABASE_URL: an in-memory PGlite, loaded from the run's migrated template
 * (test-database-template.ts). With it (CI runs the integration tests a second
 * time that way): a new database created on that server for this file and dropped afterwards,
 * so test files running in parallel never see each other's rows.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { type Database, openDatabase } from "../../platform/db/database";

export interface TestDatabase {
  db: Database;
  /** Opens another connection (pool) to the same database: a second server process. PostgreSQL only. */
  openAnother(options?: { poolMax?: number }): Promise<Database>;
  /** Empties every table (between tests). */
  truncate(): Promise<void>;
  drop(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.DATABASE_URL);

/**
 * For a test file: a fresh database opened before its tests, emptied before each one and dropped
 * after them. Call it at the top of the file; its properties are usable inside the tests.
 */
export function testDatabaseForThisFile(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.drop();
  });
  beforeEach(async () => {
    await current!.truncate();
  });
  const opened = () => {
    if (!current) throw new Error("the test database opens in beforeAll; use it inside a test");
    return current;
  };
  return {
    get db() {
      return opened().db;
    },
    openAnother: (options) => opened().openAnother(options),
    truncate: () => opened().truncate(),
    drop: () => opened().drop(),
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    // A copy of the run's migrated database (test-database-template.ts), or a new one when this
    // file runs outside vitest.config.ts (which makes the copy).
    const template = inject("testDatabaseTemplate");
    const db = await openDatabase({ pgliteDir: "memory", ...(template ? { loadFrom: template, migrate: false } : {}) });
    return {
      db,
      openAnother: () => Promise.reject(new Error("PGlite has a single connection")),
      truncate: () => truncateAll(db),
      drop: () => db.close(),
    };
  }
  const name = `agent_site_t_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const others: Database[] = [];
  const db = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  return {
    db,
    async openAnother(options) {
      const other = await openDatabase({ databaseUrl: url.toString(), poolMax: options?.poolMax ?? 4, migrate: false });
      others.push(other);
      return other;
    },
    truncate: () => truncateAll(db),
    async drop() {
      for (const o of others) await o.close().catch(() => undefined);
      await db.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

async function truncateAll(db: Database): Promise<void> {
  await db.rows(
    sql`truncate notification_outbox, property_inquiries, contacts, leads, person_events, people, inbox_sign_ins, inbox_challenges, inbox_invites, inbox_sessions, inbox_passkeys, inbox_users, listings, listing_tombstones, listing_changes, email_suppressions, server_secrets, assessment_accounts, assessment_property_info, assessment_history, assessment_neighbourhoods, assessment_import restart identity cascade`,
  );
  // The alerts job's cursor row stays (the migration creates it) at the start.
  await db.rows(sql`update alert_cursor set last_change_id = 0`);
  // The listings sync's one state row stays (the migration creates it); its contents go.
  await db.rows(sql`delete from listing_sync`);
  await db.rows(sql`insert into listing_sync (id) values (1)`);
}

export async function count(db: Database, table: "leads" | "contacts" | "property_inquiries" | "notification_outbox"): Promise<number> {
  const rows = await db.rows<{ n: number }>(sql`select count(*)::integer as n from ${sql.identifier(table)}`);
  return Number(rows[0]?.n ?? 0);
}
