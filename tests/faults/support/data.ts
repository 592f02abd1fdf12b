/** DATA_DIR folders for the servers under test, and reading what they stored. */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../../platform/db/database";

const made: string[] = [];

/** A fresh DATA_DIR holding a copy of the migrated template database (see global-setup.ts). */
export function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-faults-data-"));
  cpSync(inject("pgliteTemplate"), dir, { recursive: true });
  made.push(dir);
  return dir;
}

export function removeDataDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Opens the database the server used (PGlite in DATA_DIR once the server has stopped, or the
 * PostgreSQL server), runs `read`, closes it.
 */
export async function withDatabase<T>(target: { dataDir?: string; databaseUrl?: string }, read: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({
    databaseUrl: target.databaseUrl,
    pgliteDir: target.dataDir ? path.join(target.dataDir, "pglite") : undefined,
    migrate: false,
  });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

export interface StoredSubmissions {
  /** Lower-cased e-mail addresses of the stored contacts and leads. */
  emails: Set<string>;
  /** Outbox rows by status. */
  outbox: Record<string, number>;
  /** Outbox rows' Message-IDs by the submitter's e-mail (payload.email). */
  messageIdsByEmail: Map<string, string[]>;
}

export async function storedSubmissions(db: Database): Promise<StoredSubmissions> {
  const q = <T extends Record<string, unknown>>(query: SQL) => db.rows<T>(query);
  const emails = new Set<string>();
  for (const r of await q<{ email: string }>(sql`select email from contacts union all select email from leads`))
    emails.add(r.email.toLowerCase());
  const outbox: Record<string, number> = {};
  for (const r of await q<{ status: string; n: number }>(
    sql`select status, count(*)::integer as n from notification_outbox group by status`,
  ))
    outbox[r.status] = Number(r.n);
  const messageIdsByEmail = new Map<string, string[]>();
  for (const r of await q<{ email: string; message_id: string }>(
    sql`select lower(payload->>'email') as email, message_id from notification_outbox`,
  )) {
    messageIdsByEmail.set(r.email, [...(messageIdsByEmail.get(r.email) ?? []), r.message_id]);
  }
  return { emails, outbox, messageIdsByEmail };
}
