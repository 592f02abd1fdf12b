/**
 * The import of the City of Edmonton's assessment roll (issue 42, decision 053): the current roll
 * (q7d6-ambg) and property information (dkk9-cj3x) in full, paged in the account order, written
 * beside the live rows under the next `generation` and made live by one update of the
 * `assessment_import` row.
 *
 * - Each page is written, then the offset of the next one, so an import stopped anywhere (a
 *   network failure, a 500, a malformed page, Ctrl-C, SIGTERM) resumes at the page it had not
 *   finished (rows of it already written are kept as they are); one left for longer than RESTART_AFTER_MS starts again from the first page,
 *   since the City may have refreshed the dataset meanwhile and the offsets moved.
 * - Memory holds one page at a time, never the roll.
 * - Until the swap, readers see the old roll whole; after it, the new one whole. Rows the City
 *   changed, added and removed are therefore all reflected at once. The rows of older generations
 *   are deleted after the swap (and by any later run, should that delete have been interrupted).
 * - A roll that shrank to less than half of the live one is refused (a truncated answer the API
 *   did not report), the old one kept.
 * - A failed run records its error and since when the import has been failing (the health panel's
 *   "assessment roll" check reads it), and throws for the job runner to back off.
 */
import { sql } from "drizzle-orm";
import {
  assessmentAccounts as a,
  assessmentImport as st,
  assessmentNeighbourhoods as n,
  assessmentPropertyInfo as pi,
} from "../../../../db/schema";
import type { AssessmentSpread } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { messageChainOf } from "../../../../platform/db/errors";
import { name, select } from "../../../../platform/db/query";
import { addressFromParts, matchKey } from "../../assessments/address";
import { type Point, convexHull, neighbourhoodSlug } from "../../assessments/geometry";
import type { ImportStage, RollStatus } from "../../assessments/roll-status";
import { PROPERTY_INFO, type PropertyInfoRow, ROLL, type RollRow } from "./datasets.server";
import type { SodaClient } from "./soda-client.server";

/** A building import left this long restarts from the first page (the City's offsets may have moved). */
export const RESTART_AFTER_MS = 24 * 3_600_000;
/** Rows per SODA page: well under the API's 50,000, small enough to hold in memory. */
export const IMPORT_PAGE_SIZE = 10_000;
/** Rows per insert statement. */
const INSERT_CHUNK = 1_000;
/** A neighbourhood with fewer residential accounts is not a residential neighbourhood (industrial areas, parks). */
export const MIN_HOMES_FOR_A_PAGE = 20;

export type { ImportStage, RollStatus } from "../../assessments/roll-status";

export interface ImportResult {
  /** Nothing was due. */
  skipped?: "not due";
  /** A new roll went live. */
  swapped: boolean;
  /** Rows fetched in this run. */
  fetched: number;
  /** The live roll after the run. */
  liveRows: number | null;
  liveYear: number | null;
  durationMs: number;
}

export interface ImportOptions {
  /** How old the live roll may get before a new full load (the weekly refresh). */
  refreshMs: number;
  /** Load again now, whatever the live roll's age. */
  force?: boolean;
  signal?: AbortSignal;
  pageSize?: number;
  now?: () => Date;
  log?: Pick<Console, "info" | "warn">;
}

/** The state row, created when missing. */
async function readState(db: Database) {
  await db.rows(sql`insert into ${st} (${name(st.id)}) values (1) on conflict do nothing`);
  const [row] = await select(
    db.rows,
    {
      live_generation: st.live_generation,
      live_year: st.live_year,
      live_rows: st.live_rows,
      live_imported_at: st.live_imported_at,
      building_generation: st.building_generation,
      building_stage: st.building_stage,
      building_offset: st.building_offset,
      building_started_at: st.building_started_at,
    },
    sql`from ${st} where ${st.id} = 1`,
  );
  return row!;
}

/** The roll's year: the calendar year in Edmonton when it was read (the datasets are the "Current Calendar Year"). */
export function rollYearAt(date: Date): number {
  return Number(new Intl.DateTimeFormat("en-CA", { timeZone: "America/Edmonton", year: "numeric" }).format(date));
}

/** When the next full load is due: the live roll's import plus refreshMs (now when there is none). */
export function nextImportDue(liveImportedAt: Date | null, refreshMs: number, now: Date): Date {
  return liveImportedAt ? new Date(liveImportedAt.getTime() + refreshMs) : now;
}

function rollRecord(r: RollRow) {
  const key = addressFromParts({ suite: r.suite, houseNumber: r.houseNumber, streetName: r.streetName });
  return {
    account_number: r.accountNumber,
    suite: r.suite,
    house_number: r.houseNumber,
    street_name: r.streetName,
    match_key: key ? matchKey(key) : null,
    quadrant: key?.quadrant ?? null,
    garage: r.garage,
    neighbourhood_id: r.neighbourhoodId,
    neighbourhood: r.neighbourhood,
    ward: r.ward,
    assessed_value: r.assessedValue,
    tax_class: r.taxClass,
    latitude: r.latitude,
    longitude: r.longitude,
    classes: r.classes,
  };
}

function infoRecord(r: PropertyInfoRow) {
  return {
    account_number: r.accountNumber,
    legal_description: r.legalDescription,
    zoning: r.zoning,
    lot_size: r.lotSize,
    total_gross_area: r.totalGrossArea,
    year_built: r.yearBuilt,
  };
}

/**
 * One chunk of rows as one insert: the rows travel as one JSON parameter read by
 * jsonb_to_recordset, far fewer parameters (and far faster on PGlite) than a value list. A row
 * already there (a page written again after a resume) is left as it is.
 */
function insertRoll(generation: number, records: ReturnType<typeof rollRecord>[]) {
  return sql`insert into ${a} (${name(a.generation)}, ${name(a.account_number)}, ${name(a.suite)}, ${name(a.house_number)}, ${name(a.street_name)}, ${name(a.match_key)}, ${name(a.quadrant)},
      ${name(a.garage)}, ${name(a.neighbourhood_id)}, ${name(a.neighbourhood)}, ${name(a.ward)}, ${name(a.assessed_value)}, ${name(a.tax_class)}, ${name(a.latitude)}, ${name(a.longitude)}, ${name(a.classes)})
    select ${generation}::integer, r.account_number, r.suite, r.house_number, r.street_name, r.match_key, r.quadrant, r.garage, r.neighbourhood_id, r.neighbourhood, r.ward,
      r.assessed_value, r.tax_class, r.latitude, r.longitude, coalesce(r.classes, '[]'::jsonb)
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(account_number text, suite text, house_number text, street_name text, match_key text, quadrant text,
      garage boolean, neighbourhood_id integer, neighbourhood text, ward text, assessed_value double precision, tax_class text, latitude double precision, longitude double precision, classes jsonb)
    on conflict do nothing`;
}

function insertInfo(generation: number, records: ReturnType<typeof infoRecord>[]) {
  return sql`insert into ${pi} (${name(pi.generation)}, ${name(pi.account_number)}, ${name(pi.legal_description)}, ${name(pi.zoning)}, ${name(pi.lot_size)}, ${name(pi.total_gross_area)}, ${name(pi.year_built)})
    select ${generation}::integer, r.account_number, r.legal_description, r.zoning, r.lot_size, r.total_gross_area, r.year_built
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(account_number text, legal_description text, zoning text, lot_size double precision, total_gross_area double precision, year_built integer)
    on conflict do nothing`;
}

/**
 * Writes one page, a statement per chunk, then the offset after it. Not one transaction: on
 * PGlite's one connection a reader would wait for the whole page; between chunks it gets its
 * turn. A page interrupted halfway is written again from its start on resume, and the rows
 * already there are left as they are (`on conflict do nothing`), so the result is the same.
 */
async function writePage(
  db: Database,
  stage: "roll" | "info",
  generation: number,
  rows: (RollRow | PropertyInfoRow)[],
  nextOffset: number,
  last: boolean,
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await db.rows(
      stage === "roll"
        ? insertRoll(generation, (chunk as RollRow[]).map(rollRecord))
        : insertInfo(generation, (chunk as PropertyInfoRow[]).map(infoRecord)),
    );
  }
  const next = last
    ? stage === "roll"
      ? sql`'info', ${name(st.building_offset)} = 0`
      : sql`'finish', ${name(st.building_offset)} = 0`
    : sql`${stage}, ${name(st.building_offset)} = ${nextOffset}`;
  await db.rows(
    sql`update ${st} set ${name(st.building_stage)} = ${next} where ${st.id} = 1 and ${st.building_generation} = ${generation}`,
  );
}

/** Deletes the rows of every generation that is neither live nor being built. */
async function deleteDeadGenerations(db: Database): Promise<void> {
  const keep = sql`(select g from (select ${st.live_generation} as g from ${st} where ${st.id} = 1 union all select ${st.building_generation} from ${st} where ${st.id} = 1) k where g is not null)`;
  await db.rows(sql`delete from ${a} where ${a.generation} not in ${keep}`);
  await db.rows(sql`delete from ${pi} where ${pi.generation} not in ${keep}`);
}

const spread = (filter: ReturnType<typeof sql>) => sql`jsonb_build_object(
  'count', count(*) filter (where ${filter}),
  'q1', percentile_cont(0.25) within group (order by ${a.assessed_value}) filter (where ${filter}),
  'median', percentile_cont(0.5) within group (order by ${a.assessed_value}) filter (where ${filter}),
  'q3', percentile_cont(0.75) within group (order by ${a.assessed_value}) filter (where ${filter}))`;

/** Rounds the quartiles to whole dollars (percentile_cont interpolates). */
function roundSpread(s: AssessmentSpread): AssessmentSpread {
  const r = (v: number | null) => (v === null ? null : Math.round(v));
  return { count: s.count, q1: r(s.q1), median: r(s.median), q3: r(s.q3) };
}

/** The neighbourhoods' figures and outlines of a generation (idempotent: written again from scratch). */
async function summariseNeighbourhoods(db: Database, generation: number, year: number): Promise<void> {
  await db.rows(sql`delete from ${n} where ${n.generation} = ${generation}`);
  const residential = sql`${a.tax_class} = 'Residential'`;
  const hoods = await select(
    db.rows,
    {
      id: sql<number>`${a.neighbourhood_id}`,
      name: sql<string>`max(${a.neighbourhood})`,
      ward: sql<string | null>`max(${a.ward})`,
      accounts: sql<number>`count(*)::integer`,
      houses: sql<AssessmentSpread>`${spread(sql`${residential} and ${a.suite} is null`)}`,
      condos: sql<AssessmentSpread>`${spread(sql`${residential} and ${a.suite} is not null`)}`,
      homes: sql<AssessmentSpread>`${spread(residential)}`,
      latitude: sql<number | null>`avg(${a.latitude})`,
      longitude: sql<number | null>`avg(${a.longitude})`,
    },
    sql`from ${a} where ${a.generation} = ${generation} and ${a.neighbourhood_id} is not null and ${a.neighbourhood} is not null group by ${a.neighbourhood_id}`,
  );
  const used = new Set<string>();
  for (const hood of hoods) {
    // The outline from the distinct points (about 10 m apart at most), not every account's.
    const points = await select(
      db.rows,
      { lon: sql<number>`round(${a.longitude}::numeric, 4)::float8`, lat: sql<number>`round(${a.latitude}::numeric, 4)::float8` },
      sql`from ${a} where ${a.generation} = ${generation} and ${a.neighbourhood_id} = ${hood.id} and ${a.latitude} is not null and ${a.longitude} is not null group by 1, 2`,
    );
    const outline = convexHull(points.map((p): Point => [p.lon, p.lat]));
    let slug = neighbourhoodSlug(hood.name) || String(hood.id);
    if (used.has(slug)) slug = `${slug}-${hood.id}`;
    used.add(slug);
    await db.rows(sql`insert into ${n} (${name(n.generation)}, ${name(n.neighbourhood_id)}, ${name(n.slug)}, ${name(n.name)}, ${name(n.ward)}, ${name(n.roll_year)}, ${name(n.houses)}, ${name(n.condos)}, ${name(n.homes)},
        ${name(n.accounts)}, ${name(n.outline)}, ${name(n.latitude)}, ${name(n.longitude)})
      values (${generation}, ${hood.id}, ${slug}, ${hood.name}, ${hood.ward}, ${year}, ${JSON.stringify(roundSpread(hood.houses))}::jsonb, ${JSON.stringify(roundSpread(hood.condos))}::jsonb,
        ${JSON.stringify(roundSpread(hood.homes))}::jsonb, ${hood.accounts}, ${JSON.stringify(outline)}::jsonb, ${hood.latitude}, ${hood.longitude})`);
  }
}

/** Records a failed run: the error, and since when the import has been failing (kept from the first failure). */
async function recordFailure(db: Database, error: unknown, now: Date): Promise<void> {
  const message = messageChainOf(error).slice(0, 500);
  await db.rows(
    sql`update ${st} set ${name(st.last_error)} = ${message}, ${name(st.failing_since)} = coalesce(${st.failing_since}, ${now}) where ${st.id} = 1`,
  );
}

/** Stopped by the signal (shutdown, Ctrl-C): not a failure. */
function isStop(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) && (error === signal?.reason || (error instanceof Error && error.name === "AbortError"));
}

/**
 * One run: starts a full load when one is due (or forced), continues the one being built, and
 * swaps it in when it is whole. Throws on failure (after recording it), or with the signal's
 * reason when stopped; either way the live roll stays and the next run resumes.
 */
export async function importRoll(db: Database, client: SodaClient, options: ImportOptions): Promise<ImportResult> {
  const now = options.now ?? (() => new Date());
  const started = Date.now();
  const pageSize = options.pageSize ?? IMPORT_PAGE_SIZE;
  let fetched = 0;
  let state = await readState(db);
  const at = now();
  await db.rows(sql`update ${st} set ${name(st.last_attempt_at)} = ${at} where ${st.id} = 1`);

  const stale =
    state.building_generation !== null &&
    (!state.building_started_at || at.getTime() - state.building_started_at.getTime() > RESTART_AFTER_MS);
  if (state.building_generation === null || stale || options.force) {
    const due = nextImportDue(state.live_imported_at, options.refreshMs, at).getTime() <= at.getTime();
    if (state.building_generation === null && !due && !options.force) {
      return {
        skipped: "not due",
        swapped: false,
        fetched,
        liveRows: state.live_rows,
        liveYear: state.live_year,
        durationMs: Date.now() - started,
      };
    }
    if (state.building_generation === null || stale || (options.force && state.building_generation === null)) {
      // A new generation, above any there has been (the live one and a building one left behind).
      const [next] = await select(
        db.rows,
        {
          g: sql<number>`(greatest(coalesce(max(${a.generation}), 0), coalesce((select ${st.live_generation} from ${st} where ${st.id} = 1), 0)) + 1)::integer`,
        },
        sql`from ${a}`,
      );
      await db.rows(
        sql`update ${st} set ${name(st.building_generation)} = ${next!.g}, ${name(st.building_stage)} = 'roll', ${name(st.building_offset)} = 0, ${name(st.building_started_at)} = ${at} where ${st.id} = 1`,
      );
      await deleteDeadGenerations(db);
      state = await readState(db);
    }
  }
  const generation = state.building_generation!;
  try {
    for (const stage of ["roll", "info"] as const) {
      state = await readState(db);
      if (state.building_stage !== stage) continue;
      const dataset = stage === "roll" ? ROLL : PROPERTY_INFO;
      for await (const page of client.pages<RollRow | PropertyInfoRow>(
        dataset as typeof ROLL,
        { pageSize, fromOffset: state.building_offset },
        { signal: options.signal },
      )) {
        fetched += page.rows.length;
        await writePage(db, stage, generation, page.rows, page.nextOffset, page.last);
        options.signal?.throwIfAborted();
      }
      options.log?.info(`[assessments] ${stage === "roll" ? "roll" : "property information"} fetched (generation ${generation})`);
    }
    state = await readState(db);
    const [count] = await select(db.rows, { rows: sql<number>`count(*)::integer` }, sql`from ${a} where ${a.generation} = ${generation}`);
    const rows = count?.rows ?? 0;
    if (rows === 0 || (state.live_rows !== null && rows < state.live_rows / 2)) {
      await db.rows(sql`update ${st} set ${name(st.building_generation)} = null, ${name(st.building_stage)} = null where ${st.id} = 1`);
      await deleteDeadGenerations(db);
      throw new Error(`the City's roll came back with ${rows} accounts against ${state.live_rows ?? 0} live: the live roll is kept`);
    }
    const year = rollYearAt(at);
    await summariseNeighbourhoods(db, generation, year);
    options.signal?.throwIfAborted();
    // The swap: one statement, and only if this generation is still the one being built.
    const done = now();
    await db.rows(sql`update ${st} set ${name(st.live_generation)} = ${generation}, ${name(st.live_year)} = ${year}, ${name(st.live_rows)} = ${rows}, ${name(st.live_imported_at)} = ${done},
        ${name(st.building_generation)} = null, ${name(st.building_stage)} = null, ${name(st.building_offset)} = 0, ${name(st.building_started_at)} = null,
        ${name(st.last_success_at)} = ${done}, ${name(st.last_error)} = null, ${name(st.failing_since)} = null
      where ${st.id} = 1 and ${st.building_generation} = ${generation}`);
    options.log?.info(`[assessments] the ${year} roll is live: ${rows} accounts (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    await deleteDeadGenerations(db);
    return { swapped: true, fetched, liveRows: rows, liveYear: year, durationMs: Date.now() - started };
  } catch (error) {
    if (!isStop(error, options.signal)) await recordFailure(db, error, now()).catch(() => {});
    throw error;
  }
}

/** The import's state, for `npm run assessments -- status`, the Account page and the health check. */
export async function rollStatus(db: Pick<Database, "rows">): Promise<RollStatus> {
  const [row] = await select(
    db.rows,
    {
      live_year: st.live_year,
      live_rows: st.live_rows,
      live_imported_at: st.live_imported_at,
      building_generation: st.building_generation,
      building_stage: st.building_stage,
      building_offset: st.building_offset,
      building_started_at: st.building_started_at,
      last_attempt_at: st.last_attempt_at,
      last_success_at: st.last_success_at,
      last_error: st.last_error,
      failing_since: st.failing_since,
    },
    sql`from ${st} where ${st.id} = 1`,
  );
  return {
    liveYear: row?.live_year ?? null,
    liveRows: row?.live_rows ?? null,
    liveImportedAt: row?.live_imported_at ?? null,
    building:
      row?.building_generation != null
        ? {
            generation: row.building_generation,
            stage: (row.building_stage ?? "roll") as ImportStage,
            offset: row.building_offset,
            startedAt: row.building_started_at,
          }
        : null,
    lastAttemptAt: row?.last_attempt_at ?? null,
    lastSuccessAt: row?.last_success_at ?? null,
    lastError: row?.last_error ?? null,
    failingSince: row?.failing_since ?? null,
  };
}
