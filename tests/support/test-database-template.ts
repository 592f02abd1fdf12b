/**
 * Vitest's global setup (vitest.config.ts), once per run: one migrated PGlite database, dumped to
 * a file that every test file's in-memory database is loaded from (test-database.ts). Opening a
 * new PGlite runs initdb and then every migration, about 3 s per test file on CI's two cores;
 * loading the dump takes under 1 s, and the database is the same, made by the same migrations.
 * Against PostgreSQL (DATABASE_URL) each file creates its own database on the server instead,
 * and nothing is made here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../platform/db/database";

export default async function setup({ provide }: { provide: (key: "testDatabaseTemplate", value: string) => void }) {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-test-template-"));
  const file = path.join(dir, "pglite.tar");
  const db = await openDatabase({ pgliteDir: "memory" });
  try {
    // Inside a transaction, as the dump asks (platform/db/database.ts), though nothing else writes here.
    await db.transaction(() => db.dumpDataDir!(file));
  } finally {
    await db.close();
  }
  provide("testDatabaseTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite database's dump (absent when the tests run against PostgreSQL). */
    testDatabaseTemplate?: string;
  }
}
