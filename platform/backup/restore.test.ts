/**
 * `npm run restore` (issue 41, decision 048) into the configured database, PGlite in DATA_DIR or
 * PostgreSQL (DATABASE_URL): refused over data without --force, refused while the server holds
 * PGlite's folder, a safety backup before replacing, and everything back after the folder or the
 * database is gone. The command-line scripts answer expected failures in one line.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordLead } from "../../app/lib/server/leads/leads.server";
import { createContact } from "../../app/lib/server/leads/contacts.server";
import { usingPostgres } from "../../tests/support/test-database";
import { backupDirOf, readConfig } from "../config";
import { openDatabase, pgliteDirIn } from "../db/database";
import { takeBackup } from "./backups";
import { listBackups } from "./manifest";
import { restoreBackup } from "./restore";

let dataDir: string;
let databaseUrl: string | undefined;
const adminUrl = process.env.DATABASE_URL;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "restore-test-"));
  if (adminUrl) {
    const name = `agent_site_t_${randomBytes(5).toString("hex")}`;
    await admin(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  if (databaseUrl) await admin(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
});

const config = () => readConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
const open = () => openDatabase({ databaseUrl, pgliteDir: pgliteDirIn(dataDir), poolMax: 2 });
const lead = (n: number) => ({
  fullName: `Lead ${n}`,
  email: `lead${n}@example.com`,
  phone: "780-555-0111",
  serviceType: "selling" as const,
  comments: "",
});

async function contents(db: Awaited<ReturnType<typeof open>>) {
  const leads = await db.rows<{ email: string }>(sql`select email from leads order by id`);
  const people = await db.rows<{ email: string }>(sql`select email from people order by id`);
  return { leads: leads.map((r) => r.email), people: people.map((r) => r.email) };
}

describe(`restore (${usingPostgres ? "PostgreSQL" : "PGlite"})`, { timeout: 180_000 }, () => {
  let backupFile = "";
  let before: Awaited<ReturnType<typeof contents>>;

  it("refuses to replace a database holding data without --force, and (PGlite) while another process holds it", async () => {
    const db = await open();
    try {
      for (let n = 0; n < 12; n++) await recordLead(db, lead(n));
      await createContact(db, { name: "Jane Doe", email: "jane@example.com", phone: "", message: "Still for sale?" });
      const taken = await takeBackup(db, backupDirOf(config()));
      if (!taken.ok) throw new Error(taken.error);
      backupFile = taken.backup.manifestFile;
      before = await contents(db);
    } finally {
      await db.close();
    }
    if (!usingPostgres) {
      // Another live process holds the folder, as the running server does (its pid beside the folder).
      const server = spawn("sleep", ["60"]);
      try {
        await writeFile(`${pgliteDirIn(dataDir)}.pid`, String(server.pid));
        await expect(restoreBackup(config(), backupFile, { force: true })).rejects.toThrow(
          new RegExp(`is in use by process ${server.pid} \\(the site's server\\?\\)\\. Stop it first`),
        );
      } finally {
        server.kill();
        await rm(`${pgliteDirIn(dataDir)}.pid`, { force: true });
      }
    }
    await expect(restoreBackup(config(), backupFile)).rejects.toThrow(/already holds data \(\d+ rows\)\. Add --force to replace it/);
  });

  it("with --force takes a safety backup first, then restores", async () => {
    const db = await open();
    await recordLead(db, lead(99));
    await db.close();
    const lines: string[] = [];
    await restoreBackup(config(), backupFile, { force: true, log: (l) => lines.push(l) });
    expect(lines.join("\n")).toMatch(/Safety backup of the current database: .*backup-/);
    const good = (await listBackups(backupDirOf(config()))).filter((b) => b.good);
    expect(good).toHaveLength(2);
    expect(good[0]!.manifest.tables["public.leads"]).toBe(13);
    const after = await open();
    try {
      expect(await contents(after)).toEqual(before);
    } finally {
      await after.close();
    }
  });

  it("brings everything back after the data folder is deleted or the database dropped", async () => {
    if (databaseUrl) {
      const name = new URL(databaseUrl).pathname.slice(1);
      await admin(`drop database "${name}" with (force)`);
      await admin(`create database "${name}"`);
    } else await rm(pgliteDirIn(dataDir), { recursive: true, force: true });
    const counts = await restoreBackup(config(), backupFile);
    expect(counts["public.leads"]).toBe(12);
    const db = await open();
    try {
      expect(await contents(db)).toEqual(before);
      // The restored database takes new leads (identity sequences carried over).
      await recordLead(db, lead(200));
    } finally {
      await db.close();
    }
  });

  it("the scripts answer expected failures in one line, without a stack trace", async () => {
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: dataDir };
    const failure = await run("npx", ["tsx", "scripts/backup.ts", "verify", path.join(dataDir, "backup-20261129T030000Z.json")], {
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr.trim()).toMatch(/^\S*backup-20261129T030000Z\.json does not exist$/);
    const listed = await run("npx", ["tsx", "scripts/backup.ts", "list"], { env });
    expect(listed.stdout).toMatch(/leads 12, people 13 {2}good/);
  });
});
