/**
 * The roll's import against the local stand-in of the City's API: a full load, a weekly change
 * (changed, added and removed accounts), an import stopped at every request and stage leaving the
 * old roll serving and then resuming, a refused short roll, the failing state, and two servers
 * importing once.
 */
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assessmentAccounts, assessmentNeighbourhoods, assessmentPropertyInfo } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { JobRunner } from "../../../../platform/jobs/runner";
import { type ApiRow, generateRoll } from "../../../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../../../tests/fixtures/city/soda-standin";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { quiet, until } from "../../../../tests/support/test-smtp";
import { parseAddress } from "../../assessments/address";
import { AssessmentsImportJob } from "./import-job.server";
import { importRoll, rollStatus } from "./import.server";
import { liveAccount, matchAddress } from "./lookup.server";
import { ROLL_FAILING_MAX_MS, healthChecks } from "../health/checks.server";
import { createSodaClient } from "./soda-client.server";

const t = testDatabaseForThisFile();
const ACCOUNTS = 450;
const PAGE = 100;
const WEEK = 7 * 24 * 3_600_000;
let city: Awaited<ReturnType<typeof startSodaStandIn>>;

beforeAll(async () => {
  city = await startSodaStandIn({ data: generateRoll({ accounts: ACCOUNTS, seed: 11 }) });
});
afterAll(async () => {
  await city.close();
});
beforeEach(() => {
  city.rows.set("q7d6-ambg", generateRoll({ accounts: ACCOUNTS, seed: 11 }).roll);
  city.rows.set("dkk9-cj3x", generateRoll({ accounts: ACCOUNTS, seed: 11 }).propertyInfo);
  city.reset();
  city.requests.length = 0;
});

const client = (fetchImpl?: typeof fetch) => createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 1, backoffMs: 1, fetch: fetchImpl });
const count = async (db: Database, table: typeof assessmentAccounts | typeof assessmentPropertyInfo) =>
  Number((await db.rows<{ n: number }>(sql`select count(*)::integer as n from ${table}`))[0]!.n);
const liveValue = async (db: Database, account: string) => (await liveAccount(db, account))?.assessedValue ?? null;

describe("the full import", () => {
  it("loads the roll and property information page by page and makes them live with the neighbourhoods' figures", async () => {
    const result = await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE });
    const boundaries = city.rows.get("65fr-66s6")!;
    expect(result).toMatchObject({ swapped: true, liveRows: ACCOUNTS, fetched: ACCOUNTS * 2 + boundaries.length });
    // Every page asked in the account order, the last one short.
    const rollPages = city.requests.filter((r) => r.path === "/resource/q7d6-ambg.json");
    expect(rollPages.map((r) => r.params.$offset)).toEqual(["0", "100", "200", "300", "400"]);
    expect(rollPages.every((r) => r.params.$order === "account_number")).toBe(true);

    const first = city.rows.get("q7d6-ambg")![0]!;
    const home = await liveAccount(t.db, first.account_number as string);
    expect(home).toMatchObject({
      accountNumber: first.account_number,
      assessedValue: Number(first.assessed_value),
      rollYear: new Date().getUTCFullYear(),
    });
    const status = await rollStatus(t.db);
    expect(status).toMatchObject({ liveRows: ACCOUNTS, building: null, lastError: null, failingSince: null });
    const hoods = await t.db.rows<{ n: number }>(sql`select count(*)::integer as n from ${assessmentNeighbourhoods}`);
    expect(hoods[0]!.n).toBeGreaterThan(3);
    // Not due again for a week.
    expect(await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE })).toMatchObject({ skipped: "not due", swapped: false });
  });

  it("finds a home by its address as people write it, and a condo unit only with its suite", async () => {
    await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE });
    const roll = city.rows.get("q7d6-ambg")!;
    const house = roll.find((r) => !r.suite && /^\d+ STREET NW$/.test(r.street_name as string))!;
    const typed = `${house.house_number} ${(house.street_name as string).replace(" STREET NW", " St")}`;
    expect((await matchAddress(t.db, parseAddress(typed)!, null))?.accountNumber).toBe(house.account_number);
    const unit = roll.find((r) => r.suite)!;
    const unitKey = parseAddress(`#${unit.suite} ${unit.house_number} ${unit.street_name}`)!;
    expect((await matchAddress(t.db, unitKey, null))?.accountNumber).toBe(unit.account_number);
    // The building without a suite names no one home.
    expect(await matchAddress(t.db, parseAddress(`${unit.house_number} ${unit.street_name}`)!, null)).toBeNull();
  });
});

describe("the weekly refresh", () => {
  it("reflects the City's changed, added and removed accounts, and deletes the old generation", async () => {
    await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE });
    const roll = city.rows.get("q7d6-ambg")!.map((r) => ({ ...r }));
    const changed = roll[5]!;
    changed.assessed_value = "123500";
    const removed = roll.splice(10, 1)[0]!;
    const added: ApiRow = { ...roll[20]!, account_number: "9999999", house_number: "1", suite: "1" };
    roll.push(added);
    city.rows.set("q7d6-ambg", roll);
    const later = new Date(Date.now() + WEEK + 60_000);
    const result = await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE, now: () => later });
    expect(result).toMatchObject({ swapped: true, liveRows: ACCOUNTS });
    expect(await liveValue(t.db, changed.account_number as string)).toBe(123_500);
    expect(await liveAccount(t.db, removed.account_number as string)).toBeNull();
    expect(await liveValue(t.db, "9999999")).toBe(Number(added.assessed_value));
    // Only the live generation's rows are kept.
    expect(await count(t.db, assessmentAccounts)).toBe(ACCOUNTS);
    expect(await count(t.db, assessmentPropertyInfo)).toBe(ACCOUNTS);
  });
});

/** Renders a statement the way the database receives it, to fail one chosen statement. */
const dialect = new PgDialect();
function failingOn(db: Database, pattern: RegExp): Database {
  const fail = (q: Parameters<Database["rows"]>[0]) => {
    if (pattern.test(dialect.sqlToQuery(q).sql)) throw new Error("the database went away");
  };
  return {
    ...db,
    rows: (q) => (fail(q), db.rows(q)),
    transaction: (work) => db.transaction((rows) => work((q) => (fail(q), rows(q)))),
  } as Database;
}

describe("an import interrupted anywhere", () => {
  it("leaves the old roll serving whole, at every request it can fail at, and the next run finishes it", async () => {
    await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE });
    const account = city.rows.get("q7d6-ambg")![0]!.account_number as string;
    const oldValue = await liveValue(t.db, account);
    city.rows.set(
      "q7d6-ambg",
      city.rows.get("q7d6-ambg")!.map((r) => ({ ...r, assessed_value: String(Number(r.assessed_value) + 1000) })),
    );
    // 5 roll pages and 5 property information pages. Each run fails at its second request (its
    // first page written), by a network failure, a 500, or a stop (SIGTERM or Ctrl-C aborting the
    // signal) in turn, so every page boundary of both datasets sees a failure.
    let failedRuns = 0;
    for (let run = 1; run <= 9; run++) {
      let n = 0;
      const stop = new AbortController();
      const kind = run % 3;
      const fetchImpl: typeof fetch = async (input, init) => {
        if (++n === 2) {
          if (kind === 0) throw new TypeError("fetch failed");
          if (kind === 1) return new Response('{"code":"internal_error","error":true,"message":"Internal error"}', { status: 500 });
          stop.abort(new Error("SIGTERM"));
        }
        return fetch(input, init);
      };
      const later = new Date(Date.now() + WEEK + run * 60_000);
      await expect(
        importRoll(t.db, client(fetchImpl), { refreshMs: WEEK, pageSize: PAGE, signal: stop.signal, now: () => later }),
      ).rejects.toThrow();
      failedRuns++;
      expect(await liveValue(t.db, account), `after failed run ${run}`).toBe(oldValue);
      expect((await rollStatus(t.db)).liveRows).toBe(ACCOUNTS);
    }
    expect(failedRuns).toBe(9);
    expect(await rollStatus(t.db)).toMatchObject({ building: { stage: "info", offset: 400 } });
    const later = new Date(Date.now() + WEEK + 3_600_000);
    // A failure in the last stage (the neighbourhoods' figures, before the swap) too.
    await expect(
      importRoll(failingOn(t.db, /insert into "assessment_neighbourhoods"/), client(), {
        refreshMs: WEEK,
        pageSize: PAGE,
        now: () => later,
      }),
    ).rejects.toThrow(/went away/);
    expect(await liveValue(t.db, account)).toBe(oldValue);
    const status = await rollStatus(t.db);
    expect(status.building?.stage).toBe("finish");
    expect(status.lastError).toMatch(/went away/);
    expect(status.failingSince).not.toBeNull();
    // The next run fetches no page again: every page was kept (the history's yearly totals, one
    // grouped request, are asked for again with the neighbourhoods' figures).
    const before = city.requests.length;
    const result = await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE, now: () => later });
    expect(result).toMatchObject({ swapped: true, fetched: 0, liveRows: ACCOUNTS });
    expect(city.requests.slice(before).map((r) => r.params.$group)).toEqual(["neighbourhood_name,assessment_year"]);
    expect(await liveValue(t.db, account)).toBe(oldValue! + 1000);
    expect(await rollStatus(t.db)).toMatchObject({ lastError: null, failingSince: null, building: null });
  });

  it("resumes at the page it had not finished, without fetching the pages it wrote", async () => {
    city.failNext(1, 500);
    // The stand-in's 500 answers the first request; the client does not retry here.
    await expect(importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE })).rejects.toThrow(/unavailable/);
    let n = 0;
    const fetchImpl: typeof fetch = async (input, init) => (++n === 3 ? Promise.reject(new TypeError("fetch failed")) : fetch(input, init));
    await expect(importRoll(t.db, client(fetchImpl), { refreshMs: WEEK, pageSize: PAGE })).rejects.toThrow();
    expect(await rollStatus(t.db)).toMatchObject({ liveRows: null, building: { stage: "roll", offset: 200 } });
    city.requests.length = 0;
    await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE });
    expect(city.requests.filter((r) => r.path === "/resource/q7d6-ambg.json").map((r) => r.params.$offset)).toEqual(["200", "300", "400"]);
    expect(await count(t.db, assessmentAccounts)).toBe(ACCOUNTS);
  });

  it("refuses a malformed page and a roll that shrank to less than half, keeping the live one", async () => {
    await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE });
    const good = city.rows.get("q7d6-ambg")!;
    city.rows.set(
      "q7d6-ambg",
      good.map((r, i) => (i === 150 ? { ...r, assessed_value: "a lot" } : r)),
    );
    const later = new Date(Date.now() + WEEK + 60_000);
    await expect(importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE, now: () => later })).rejects.toThrow(
      /row 151 of q7d6-ambg is malformed: field assessed_value/,
    );
    expect((await rollStatus(t.db)).liveRows).toBe(ACCOUNTS);
    city.rows.set("q7d6-ambg", good.slice(0, 100));
    const muchLater = new Date(Date.now() + 3 * WEEK);
    await expect(importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE, now: () => muchLater })).rejects.toThrow(
      /came back with 100 accounts against 450 live/,
    );
    expect(await rollStatus(t.db)).toMatchObject({ liveRows: ACCOUNTS, building: null });
    expect(await liveAccount(t.db, good[300]!.account_number as string)).not.toBeNull();
    expect(await count(t.db, assessmentAccounts)).toBe(ACCOUNTS);
  });
});

describe("a failing portal", () => {
  it("leaves the last good roll serving, and the health panel says for how long once it is days", async () => {
    const check = healthChecks(t.db, { backupDir: ".", folders: [], minFreeBytes: 0, feed: false, assessments: true }).find(
      (c) => c.problem === "assessment-roll",
    )!;
    expect(
      healthChecks(t.db, { backupDir: ".", folders: [], minFreeBytes: 0, feed: false }).some((c) => c.problem === "assessment-roll"),
    ).toBe(false);
    await importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE });
    expect(await check.check(new Date())).toMatchObject({
      failing: false,
      detail: expect.stringMatching(/^Loaded 0 min ago \(450 accounts\)$/),
    });
    city.setDown(503);
    const later = new Date(Date.now() + WEEK + 60_000);
    await expect(importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE, now: () => later })).rejects.toThrow(/HTTP 503/);
    await expect(
      importRoll(t.db, client(), { refreshMs: WEEK, pageSize: PAGE, now: () => new Date(later.getTime() + 3_600_000) }),
    ).rejects.toThrow(/HTTP 503/);
    const status = await rollStatus(t.db);
    // Since the first failure, not the last.
    expect(status.failingSince?.getTime()).toBe(later.getTime());
    const result = await check.check(new Date(later.getTime() + 4 * 24 * 3_600_000));
    expect(result).toMatchObject({ failing: true, since: later, graceMs: ROLL_FAILING_MAX_MS });
    expect(result.detail).toMatch(/failing to load for 4 d; the 450 accounts of the last good roll are still shown \(.*HTTP 503/);
    expect(await liveAccount(t.db, city.rows.get("q7d6-ambg")![0]!.account_number as string)).not.toBeNull();
  });
});

describe("two servers", () => {
  it("import once: the runner's lease lets one of them fetch", async () => {
    const other = usingPostgres ? await t.openAnother() : t.db;
    const runners = [new JobRunner({ db: t.db, log: quiet }), new JobRunner({ db: other, log: quiet })];
    runners[0]!.add(new AssessmentsImportJob(t.db, client(), { refreshMs: WEEK, startDelayMs: 0, pageSize: PAGE, log: quiet }));
    runners[1]!.add(new AssessmentsImportJob(other, client(), { refreshMs: WEEK, startDelayMs: 0, pageSize: PAGE, log: quiet }));
    for (const r of runners) r.start();
    try {
      await until(async () => (await rollStatus(t.db)).liveRows === ACCOUNTS);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      for (const r of runners) await r.stop(5_000);
    }
    expect(city.requests.filter((r) => r.path === "/resource/q7d6-ambg.json" && r.params.$offset === "0")).toHaveLength(1);
  });
});
