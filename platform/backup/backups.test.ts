/**
 * Backups (issue 41, decision 048) on the test database (PGlite, and PostgreSQL when DATABASE_URL
 * is set): a backup taken while leads keep arriving restores every acknowledged lead; a damaged
 * file fails its check; a crash part-way leaves nothing that passes as good.
 */
import { mkdtemp, readdir, rm, writeFile, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordLead } from "../../app/lib/server/leads/leads.server";
import { createContact } from "../../app/lib/server/leads/contacts.server";
import { testDatabaseForThisFile, usingPostgres } from "../../tests/support/test-database";
import { takeBackup } from "./backups";
import { dumpDatabase } from "./dump";
import { latestGoodBackup, listBackups, readManifest } from "./manifest";
import { openScratchCopy, verifyBackup } from "./verify";

const t = testDatabaseForThisFile();
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "backups-test-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lead = (n: number) => ({
  fullName: `Lead ${n}`,
  email: `lead${n}@example.com`,
  phone: "780-555-0111",
  serviceType: "buying" as const,
  comments: `Number ${n}`,
});

async function leadIdsIn(db: { rows: typeof t.db.rows }): Promise<number[]> {
  return (await db.rows<{ id: number }>(sql`select id from leads order by id`)).map((r) => r.id);
}

describe(`backups (${usingPostgres ? "PostgreSQL" : "PGlite"})`, { timeout: 120_000 }, () => {
  it("a backup taken under a stream of submissions restores every lead acknowledged before it began, and matches its manifest", async () => {
    for (let n = 0; n < 30; n++) await recordLead(t.db, lead(n));
    await createContact(t.db, {
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "780-555-0123",
      message: "Is 123 Main St still for sale?",
    });
    const acknowledged = await leadIdsIn(t.db);
    // Leads keep arriving while the backup is made.
    let streaming = true;
    let n = 100;
    const stream = (async () => {
      while (streaming) await recordLead(t.db, lead(n++));
    })();
    const outcome = await takeBackup(t.db, dir);
    streaming = false;
    await stream;
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { manifest } = outcome.backup;
    expect(manifest.kind).toBe(usingPostgres ? "logical" : "pglite");
    expect(manifest.migrations.count).toBeGreaterThan(5);
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.tables["public.leads"]).toBeGreaterThanOrEqual(30);
    expect(manifest.tables["public.people"]).toBeGreaterThanOrEqual(1);
    const copy = await openScratchCopy(outcome.backup.dataFile, manifest);
    try {
      const restored = await leadIdsIn(copy);
      expect(restored).toEqual(expect.arrayContaining(acknowledged));
      expect(restored.length).toBe(manifest.tables["public.leads"]);
      const [person] = await copy.rows<{ email: string }>(sql`select email from people where email = 'jane@example.com'`);
      expect(person?.email).toBe("jane@example.com");
    } finally {
      await copy.close();
    }
    expect((await latestGoodBackup(dir))?.manifestFile).toBe(outcome.backup.manifestFile);
  });

  it("a logical dump restores into PGlite with the same rows, identity numbers and sequences", async () => {
    for (let n = 0; n < 5; n++) await recordLead(t.db, lead(n));
    const outcome = await takeBackup(t.db, dir, { kind: "logical" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const copy = await openScratchCopy(outcome.backup.dataFile, outcome.backup.manifest);
    try {
      expect(await leadIdsIn(copy)).toEqual(await leadIdsIn(t.db));
      // The next lead gets a new number, not one of the restored ones.
      const [{ id }] = (await copy.rows<{ id: number }>(
        sql`insert into leads (full_name, email, phone, service_type) values ('New', 'n@example.com', '780', 'buying') returning id`,
      )) as [{ id: number }];
      expect(id).toBeGreaterThan(Math.max(...(await leadIdsIn(t.db))));
    } finally {
      await copy.close();
    }
  });

  it("a damaged file fails verify, and a backup whose restore does not match its manifest is kept aside as bad", async () => {
    await recordLead(t.db, lead(1));
    const outcome = await takeBackup(t.db, dir);
    if (!outcome.ok) throw new Error(outcome.error);
    const { dataFile, manifest } = outcome.backup;
    expect((await verifyBackup(dataFile, manifest)).ok).toBe(true);
    const bytes = await readFile(dataFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    await writeFile(dataFile, bytes);
    const damaged = await verifyBackup(dataFile, manifest);
    expect(damaged).toMatchObject({ ok: false, error: expect.stringMatching(/checksum/) });
    // Counts that do not match what restores: the check fails even with the right checksum.
    const wrongCounts = await takeBackup(t.db, dir, {
      dump: async (db, file, options) => {
        const made = await dumpDatabase(db, file, options);
        return { ...made, tables: { ...made.tables, "public.leads": 99 } };
      },
    });
    expect(wrongCounts).toMatchObject({
      ok: false,
      error: expect.stringMatching(/public\.leads: 1 restored, 99 in the manifest/),
      keptAside: expect.stringMatching(/\.bad$/),
    });
    const listed = await listBackups(dir);
    expect(listed.filter((b) => b.good)).toHaveLength(1);
    expect(listed.find((b) => !b.good)?.manifestFile).toMatch(/\.bad\.json$/);
  });

  it("a crash part-way leaves only a temporary file, which never passes as good and is removed by the next backup", async () => {
    await recordLead(t.db, lead(1));
    const crashed = takeBackup(t.db, dir, {
      dump: async (db, file, options) => {
        await dumpDatabase(db, file, options);
        throw new Error("killed");
      },
    });
    await expect(crashed).rejects.toThrow("killed");
    // A kill leaves the part file behind (the throw above removes it; write one as a kill would).
    await writeFile(path.join(dir, ".backup-20261129T030000Z.pglite.tar.gz.part"), "half");
    expect(await listBackups(dir)).toEqual([]);
    expect(await latestGoodBackup(dir)).toBeNull();
    const next = await takeBackup(t.db, dir);
    expect(next.ok).toBe(true);
    expect((await readdir(dir)).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  it("verify refuses a manifest that names a file that is not there", async () => {
    await recordLead(t.db, lead(1));
    const outcome = await takeBackup(t.db, dir);
    if (!outcome.ok) throw new Error(outcome.error);
    await rm(outcome.backup.dataFile);
    const manifest = await readManifest(outcome.backup.manifestFile);
    expect(await verifyBackup(outcome.backup.dataFile, manifest)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/does not exist/),
    });
  });

  it("removes only what the retention rule it is given leaves out, and nothing without one", async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 10));
    for (const day of [1, 2]) expect((await takeBackup(t.db, dir, { now: at(day) })).ok).toBe(true);
    expect((await listBackups(dir)).filter((b) => b.good)).toHaveLength(2);
    // A rule that keeps only the newest: the two older ones go once a third is taken under it.
    const newestOnly = (createdAt: readonly Date[]) => new Set([Math.max(...createdAt.map((d) => d.getTime()))]);
    const third = await takeBackup(t.db, dir, { now: at(3), keep: newestOnly });
    expect(third.ok && third.removed).toHaveLength(2);
    expect((await listBackups(dir)).filter((b) => b.good).map((b) => b.manifest.createdAt)).toEqual([at(3).toISOString()]);
  });
});
