/**
 * The disaster drill (issue 41, decision 048), against the production server: leads, people,
 * notes and consent entries written through the site; a backup (`npm run backup -- now`); the data
 * folder deleted (and, on PostgreSQL, the database dropped); `npm run restore`; the server started
 * again: everything is back, the agent signs in with the same password and the inbox lists them,
 * and new leads are taken.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/database";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs, withDatabase } from "./support/data";
import { submitOne } from "./support/forms";
import {
  GOOD_PASSWORD,
  cookieHeader,
  createAccount,
  formBody,
  formHeaders,
  printedSetupPath,
  send,
  signIn,
  signedIn,
} from "./support/inbox";
import { buildDir, repoRoot } from "./support/paths";
import { HOST, ports } from "./support/ports";
import { TestPostgres, findPostgresBin } from "./support/postgres";
import { startSite } from "./support/site";

const run = promisify(execFile);
const bin = findPostgresBin();
let postgres: TestPostgres | null = null;
const backupDirs: string[] = [];

beforeAll(async () => {
  if (bin) {
    postgres = new TestPostgres(bin, ports.backupRestore.postgres);
    await postgres.init();
  }
});
afterAll(() => {
  killAll();
  postgres?.destroy();
  removeDataDirs();
  for (const dir of backupDirs) rmSync(dir, { recursive: true, force: true });
});

/** What must survive: every lead, contact, person, note and consent entry. */
async function everything(db: Database) {
  const list = async (query: ReturnType<typeof sql>) => (await db.rows<{ v: string }>(query)).map((r) => r.v);
  return {
    leads: await list(sql`select email || ' ' || full_name as v from leads order by id`),
    contacts: await list(sql`select email || ' ' || name as v from contacts order by id`),
    people: await list(sql`select id || ' ' || email || ' ' || status as v from people order by id`),
    notes: await list(sql`select person_id || ' ' || note as v from person_events where kind = 'note' order by id`),
    consent: await list(sql`select id || ' ' || person_id || ' ' || kind as v from consent_events order by id`),
  };
}

async function script(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  // As an operator runs it on the production machine: the command compiled into the build, plain node.
  return run(process.execPath, [path.join(buildDir, `${name}.js`), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: "", ...env },
  }).catch((error: { code: number; stdout: string; stderr: string }) => {
    throw new Error(`npm run ${name} -- ${args.join(" ")} exited ${error.code}: ${error.stdout}${error.stderr}`);
  });
}

async function recreateDatabase(url: string) {
  const admin = new pg.Client({ connectionString: `postgres://postgres@${HOST}:${postgres!.port}/postgres` });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  await admin.query(`drop database "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

const drills = [{ name: "PGlite" }, ...(bin ? [{ name: "PostgreSQL" }] : [])];

describe.each(drills)("fault: the data is lost and restored from a backup ($name)", ({ name }) => {
  it("brings back every lead, person, note and consent entry, and the inbox works", { timeout: 300_000 }, async () => {
    const databaseUrl = name === "PostgreSQL" ? postgres!.url : undefined;
    const dataDir = freshDataDir();
    const backupDir = mkdtempSync(path.join(tmpdir(), "agent-site-faults-backups-"));
    backupDirs.push(backupDir);
    const env = { BACKUP_DIR: backupDir, BACKUP_WORKER: "off" };
    const options = { port: ports.backupRestore.site, dataDir, databaseUrl, env };
    let site = await startSite(options);
    const agent = await createAccount(site, await printedSetupPath(site), "agent@example.com");
    const outcomes = [];
    for (let i = 0; i < 16; i++) outcomes.push(await submitOne(site.origin, "drill"));
    expect(outcomes.map((o) => o.status)).toEqual(outcomes.map(() => 200));
    // The agent writes notes on three people, through the inbox.
    const inbox = await send(site.origin, { path: "/inbox", headers: { cookie: cookieHeader(agent) } });
    const ids = [...new Set([...inbox.body.matchAll(/\/inbox\/people\/(\d+)/g)].map((m) => m[1]!))].slice(0, 3);
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      const saved = await send(site.origin, {
        method: "POST",
        path: `/inbox/people/${id}.data`,
        headers: formHeaders(site.origin, { cookie: cookieHeader(agent) }),
        body: formBody({ intent: "note", note: `Called back, note for ${id}` }),
      });
      expect(saved.status, saved.body.slice(0, 200)).toBe(200);
    }
    expect((await site.stop()).code).toBe(0);
    const before = await withDatabase({ dataDir, databaseUrl }, everything);
    expect(before.leads.length + before.contacts.length).toBe(16);
    expect(before.notes).toHaveLength(3);
    expect(before.consent.length).toBeGreaterThanOrEqual(16);

    const scriptEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", BACKUP_DIR: backupDir };
    const taken = await script("backup", ["now"], scriptEnv);
    const dataFile = /^(\S+backup-\S+\.(?:pglite\.tar|logical\.jsonl)\.gz): /m.exec(taken.stdout)?.[1];
    expect(dataFile, taken.stdout).toBeTruthy();

    // The disaster: the data folder is gone (and the database with it).
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await recreateDatabase(databaseUrl);

    const restored = await script("restore", [dataFile!], scriptEnv);
    expect(restored.stdout).toMatch(/Restored: \d+ leads/);

    site = await startSite(options);
    const signedInAgain = await signIn(site, { email: "agent@example.com", password: GOOD_PASSWORD });
    expect(signedIn(signedInAgain), signedInAgain.body.slice(0, 200)).toBe(true);
    const session = signedInAgain.cookie("inbox_session");
    const people = await send(site.origin, { path: "/inbox", headers: { cookie: cookieHeader({ session }) } });
    expect(people.status).toBe(200);
    expect(people.body).toContain(`/inbox/people/${ids[0]}`);
    const person = await send(site.origin, { path: `/inbox/people/${ids[0]}`, headers: { cookie: cookieHeader({ session }) } });
    expect(person.body).toContain(`Called back, note for ${ids[0]}`);
    // New submissions are taken, with new numbers.
    expect((await submitOne(site.origin, "after-restore", { kind: "lead" })).status).toBe(200);
    expect((await site.stop()).code).toBe(0);

    const after = await withDatabase({ dataDir, databaseUrl }, everything);
    expect(after.leads.slice(0, before.leads.length)).toEqual(before.leads);
    expect(after.leads).toHaveLength(before.leads.length + 1);
    expect(after.contacts).toEqual(before.contacts);
    expect(after.people.slice(0, before.people.length)).toEqual(before.people);
    expect(after.notes).toEqual(before.notes);
    expect(after.consent.slice(0, before.consent.length)).toEqual(before.consent);
  });
});
