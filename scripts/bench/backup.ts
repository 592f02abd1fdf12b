/**
 * Backups (issue 41, decisions 048 and 055): the time and size of a backup and of its check, on
 * PGlite in a folder, for a database of BENCH_BACKUP_SUBMISSIONS submissions (the inbox bench's
 * seed: 40 % as many people), BENCH_BACKUP_LISTINGS listings and an assessment roll of
 * ROLL_ROWS rows; both PGlite's own backup (the online copy the server makes) and a logical dump
 * (what a PostgreSQL site makes) of the same database.
 *
 * While the backup runs, three things are measured side by side, as requests arrive at a server:
 * one small statement every 10 ms (how long the database keeps a statement waiting); HTTP requests
 * on loopback, one at a time, to a node:http handler in this process that runs a form's statement
 * on the same database (a lead recorded, as the contact form does); and the same requests to a
 * bare node:http handler that answers at once (the reference: what the loaded machine and this
 * process's event loop cost any request meanwhile). The main thread's event-loop delay shows what
 * every other request feels.
 *
 * The assessment roll's tables are being built elsewhere: until they are, a stand-in table of
 * ROLL_ROWS rows of about a roll entry's width is created here, and the output says so. It is
 * dropped before the logical dump, whose check restores only the tables of the site's migrations.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { type Server, createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../platform/db/database";
import { takeBackup } from "../../platform/backup/backups";
import type { BackupKind } from "../../platform/backup/manifest";
import { verifyBackup } from "../../platform/backup/verify";
import { recordLead } from "../../app/lib/server/leads/leads.server";
import type { Database } from "../../platform/db/database";
import { toListingRow } from "../../app/lib/server/listings/property.server";
import { upsertListings } from "../../app/lib/server/listings/store.server";
import { generateListings } from "../../tests/fixtures/ddf/listings";
import { seedInbox } from "./inbox";
import { type Stats, fmt, stats } from "./stats";

export interface BackupBenchRow {
  kind: BackupKind;
  backupMs: number;
  verifyMs: number;
  bytes: number;
  /** How long a statement sent during the backup waited: p50, p99, max (ms). */
  statement: Stats;
  /** The main thread's event-loop delay during the backup: p99 and max (ms). */
  loop: { p99: number; max: number };
  /** HTTP round trips during the backup: a form's statement behind it, and the bare reference (ms). */
  http: { form: Stats; bare: Stats };
}

export interface BackupBenchResult {
  submissions: number;
  listings: number;
  /** Rows of the assessment roll's stand-in table (the real roll is not in this database yet). */
  rollRows: number;
  seedSeconds: number;
  rows: BackupBenchRow[];
}

/** The assessment roll's size (issue 41): Edmonton's roll has about 440,000 accounts. */
export const ROLL_ROWS = 440_000;

/**
 * A stand-in for the assessment roll until its tables exist: one row per account with the columns
 * such a roll carries (account, address, neighbourhood, ward, class, assessed value, lot size,
 * year built, garage, position), about 150 bytes each, made in one statement.
 */
async function createRollStandIn(db: Database, rows: number): Promise<void> {
  await db.rows(sql`create table bench_roll_stand_in (
    account integer primary key, suite text, house_number text not null, street text not null,
    neighbourhood text not null, ward text not null, tax_class text not null, assessed_value integer not null,
    lot_size numeric(10, 2), year_built smallint, garage boolean not null, latitude numeric(9, 6) not null, longitude numeric(9, 6) not null)`);
  await db.rows(sql`insert into bench_roll_stand_in
    select 1000000 + i, case when i % 7 = 0 then (i % 40 + 1)::text end, (i % 19999 + 1)::text,
      (i % 180 + 1) || ' Street NW', 'Neighbourhood ' || md5((i % 400)::text), 'Ward ' || (i % 12 + 1), case when i % 10 = 0 then 'Non Residential' else 'Residential' end,
      150000 + (i::bigint * 7919 % 900000)::integer, 300 + (i % 1200) * 0.75, 1950 + i % 75, i % 3 <> 0, 53.4 + (i % 3000) / 10000.0, -113.6 + (i % 4000) / 10000.0
    from generate_series(1, ${rows}::integer) i`);
}

/**
 * Two loopback servers in this process: one records a lead per request on `db` (the statement a
 * form's POST waits for), the other answers at once; a client sends to each in turn, one request
 * at a time, until stopped.
 */
async function httpProbe(db: Database): Promise<{ stop: () => Promise<{ form: Stats; bare: Stats }> }> {
  let n = 0;
  const form = createServer((_req, res) => {
    recordLead(db, {
      fullName: `Bench Backup ${n}`,
      email: `bench-backup-${n++}@example.com`,
      phone: "780-555-0111",
      serviceType: "buying",
      comments: "during a backup",
    }).then(
      () => res.end("ok"),
      () => res.writeHead(500).end(),
    );
  });
  const bare = createServer((_req, res) => res.end("ok"));
  const listen = (server: Server) =>
    new Promise<string>((resolve) =>
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        resolve(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`);
      }),
    );
  const [formUrl, bareUrl] = await Promise.all([listen(form), listen(bare)]);
  const times = { form: [] as number[], bare: [] as number[] };
  let running = true;
  const client = (async () => {
    while (running) {
      for (const [which, url] of [
        ["form", formUrl],
        ["bare", bareUrl],
      ] as const) {
        const sent = performance.now();
        const res = await fetch(url, { method: which === "form" ? "POST" : "GET" });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`the ${which} handler answered ${res.status}`);
        times[which].push(performance.now() - sent);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await client;
      await Promise.all([new Promise((r) => form.close(r)), new Promise((r) => bare.close(r))]);
      return { form: stats(times.form), bare: stats(times.bare) };
    },
  };
}

export async function benchBackup(submissions: number, listings: number): Promise<BackupBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-backup-"));
  const started = Date.now();
  try {
    await seedInbox(path.join(dir, "pglite"), submissions);
    const db = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
    try {
      const now = new Date("2026-11-01T00:00:00Z");
      const rows = generateListings(listings, { seed: 41, now }).map((p) => toListingRow(p, now));
      for (let i = 0; i < rows.length; i += 100) await upsertListings(db, rows.slice(i, i + 100), { recordChanges: false });
      await createRollStandIn(db, ROLL_ROWS);
      const seedSeconds = (Date.now() - started) / 1000;
      const results: BackupBenchRow[] = [];
      for (const kind of ["pglite", "logical"] as const) {
        // A logical dump is restored into the schema of the site's own migrations, which has no
        // stand-in table: the logical figures are without the roll until its real tables exist.
        if (kind === "logical") await db.rows(sql`drop table bench_roll_stand_in`);
        const waits: number[] = [];
        let running = true;
        const probe = (async () => {
          while (running) {
            const sent = performance.now();
            await db.rows(sql`select 1`);
            waits.push(performance.now() - sent);
            await new Promise((r) => setTimeout(r, 10));
          }
        })();
        const http = await httpProbe(db);
        const loop = monitorEventLoopDelay({ resolution: 5 });
        loop.enable();
        const t0 = performance.now();
        const outcome = await takeBackup(db, path.join(dir, "backups"), { kind });
        const backupMs = performance.now() - t0;
        loop.disable();
        running = false;
        await probe;
        const requests = await http.stop();
        if (!outcome.ok) throw new Error(`the ${kind} backup failed its check: ${outcome.error}`);
        // The check again on its own: its share of the backup's time.
        const check = await verifyBackup(outcome.backup.dataFile, outcome.backup.manifest);
        if (!check.ok) throw new Error(check.error);
        results.push({
          kind,
          backupMs,
          verifyMs: check.ms,
          bytes: outcome.backup.manifest.bytes,
          statement: stats(waits),
          loop: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
          http: requests,
        });
      }
      return { submissions, listings, rollRows: ROLL_ROWS, seedSeconds, rows: results };
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printBackup(result: BackupBenchResult): boolean {
  console.log(
    `  seeded ${fmt(result.submissions)} submissions, ${fmt(result.listings)} listings and ${fmt(result.rollRows)} rows of an assessment roll in ${fmt(result.seedSeconds, 1)} s` +
      ` (the roll: a stand-in table of rows of a roll entry's width, bench_roll_stand_in, until the roll's own tables exist; dropped before the logical dump, which restores only the migrations' tables)`,
  );
  for (const r of result.rows) {
    console.log(
      `  ${(r.kind === "pglite" ? "PGlite's online copy" : "logical dump").padEnd(20)} ${fmt(r.bytes / 1_048_576, 1).padStart(6)} MB   backup (dump + check) ${fmt(r.backupMs / 1000, 1)} s, check alone ${fmt(r.verifyMs / 1000, 1)} s` +
        `   a statement meanwhile waited p50 ${fmt(r.statement.p50, 1)} ms, p99 ${fmt(r.statement.p99, 1)} ms, max ${fmt(r.statement.max)} ms (${r.statement.count})` +
        `   main thread's event-loop delay p99 ${fmt(r.loop.p99, 1)} ms, max ${fmt(r.loop.max, 1)} ms`,
    );
    const line = (l: Stats) => `p50 ${fmt(l.p50, 1)} ms, p99 ${fmt(l.p99, 1)} ms, max ${fmt(l.max)} ms (${l.count})`;
    console.log(
      `    HTTP during it, one request at a time: a form's statement (a lead recorded) ${line(r.http.form)}; bare node:http reference ${line(r.http.bare)}`,
    );
  }
  return true;
}
