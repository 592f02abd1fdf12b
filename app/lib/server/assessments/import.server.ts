/**
 * The import of the City of Edmonton's assessment roll (issue 42, decision 053): the current roll
 * (q7d6-ambg), property information (dkk9-cj3x) and neighbourhood boundaries (65fr-66s6) in full,
 * paged in a unique order, written
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
import { getTableColumns, sql } from "drizzle-orm";
import {
  assessmentAccounts as a,
  assessmentBoundaries as b,
  assessmentImport as st,
  assessmentNeighbourhoods as n,
  assessmentPropertyInfo as pi,
} from "../../../../db/schema";
import type { AssessmentSpread, NeighbourhoodYearTotals } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { messageChainOf } from "../../../../platform/db/errors";
import { name, select } from "../../../../platform/db/query";
import { addressFromParts, matchKey } from "../../assessments/address";
import { type Point, convexHull, neighbourhoodSlug } from "../../assessments/geometry";
import type { ImportStage, RollStatus } from "../../assessments/roll-status";
import { BOUNDARIES, type BoundaryRow, HISTORY_TOTALS, PROPERTY_INFO, type PropertyInfoRow, ROLL, type RollRow } from "./datasets.server";
import type { SodaClient } from "./soda-client.server";

/** A building import left this long restarts from the first page (the City's offsets may have moved). */
export const RESTART_AFTER_MS = 24 * 3_600_000;
/**
 * Rows per SODA page: well under the API's 50,000, and small enough that reading one (its JSON
 * parsed at once) holds the server's event loop for a few tens of milliseconds only.
 */
export const IMPORT_PAGE_SIZE = 5_000;
/**
 * Rows per insert statement: on PGlite's one connection a page's statement waits for the import's
 * statement in progress, so each is kept short: 250 rows took 24 ms on average and 170 ms at most
 * on a machine at load 13 on two cores, where 1,000 took up to 1.4 s; 100 rows made the import half
 * as slow again for a wait not much shorter (docs/benchmarks.md).
 */
const INSERT_CHUNK = 250;
/** Boundaries per SODA page: each is a polygon of up to a few thousand points. */
export const BOUNDARY_PAGE_SIZE = 100;
/** Rows per delete statement when an old generation is cleared, for the same reason. */
const DELETE_CHUNK = 2_000;
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
  const [row] = await select(db.rows, getTableColumns(st), sql`from ${st} where ${st.id} = 1`);
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

/** A boundary's row: its polygons and their box. */
function boundaryRecord(r: BoundaryRow) {
  const points = r.polygons.flatMap((polygon) => polygon[0] ?? []);
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return {
    neighbourhood_id: r.neighbourhoodNumber,
    name: r.name,
    polygons: r.polygons,
    west: Math.min(...lons),
    south: Math.min(...lats),
    east: Math.max(...lons),
    north: Math.max(...lats),
  };
}

function insertBoundaries(generation: number, records: ReturnType<typeof boundaryRecord>[]) {
  return sql`insert into ${b} (${name(b.generation)}, ${name(b.neighbourhood_id)}, ${name(b.name)}, ${name(b.polygons)}, ${name(b.west)}, ${name(b.south)}, ${name(b.east)}, ${name(b.north)})
    select ${generation}::integer, r.neighbourhood_id, r.name, r.polygons, r.west, r.south, r.east, r.north
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(neighbourhood_id integer, name text, polygons jsonb, west double precision, south double precision, east double precision, north double precision)
    on conflict do nothing`;
}

type FetchStage = "roll" | "info" | "boundaries";
const NEXT_STAGE: Record<FetchStage, ImportStage> = { roll: "info", info: "boundaries", boundaries: "finish" };

/** Lets a statement queued by a page run before the import's next one (PGlite runs them in turn). */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes one page, a statement per chunk, then the offset after it. Not one transaction: on
 * PGlite's one connection a reader would wait for the whole page; between chunks it gets its
 * turn. A page interrupted halfway is written again from its start on resume, and the rows
 * already there are left as they are (`on conflict do nothing`), so the result is the same.
 */
async function writePage(
  db: Database,
  stage: FetchStage,
  generation: number,
  rows: (RollRow | PropertyInfoRow | BoundaryRow)[],
  nextOffset: number,
  last: boolean,
): Promise<void> {
  const chunkSize = stage === "boundaries" ? 10 : INSERT_CHUNK;
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize);
    await db.rows(
      stage === "roll"
        ? insertRoll(generation, (chunk as RollRow[]).map(rollRecord))
        : stage === "info"
          ? insertInfo(generation, (chunk as PropertyInfoRow[]).map(infoRecord))
          : insertBoundaries(generation, (chunk as BoundaryRow[]).map(boundaryRecord)),
    );
    await yieldTurn();
  }
  const next = last
    ? sql`${NEXT_STAGE[stage]}, ${name(st.building_offset)} = 0`
    : sql`${stage}, ${name(st.building_offset)} = ${nextOffset}`;
  await db.rows(
    sql`update ${st} set ${name(st.building_stage)} = ${next} where ${st.id} = 1 and ${st.building_generation} = ${generation}`,
  );
}

/**
 * Deletes the rows of every generation that is neither live nor being built, DELETE_CHUNK rows a
 * statement (by the primary key's order): one statement for a whole roll held PGlite's one
 * connection for seconds.
 */
async function deleteDeadGenerations(db: Database): Promise<void> {
  const [state] = await select(db.rows, { live: st.live_generation, building: st.building_generation }, sql`from ${st} where ${st.id} = 1`);
  const keep = new Set([state?.live, state?.building].filter((g): g is number => g != null));
  for (const [table, generation, account] of [
    [a, a.generation, a.account_number],
    [pi, pi.generation, pi.account_number],
  ] as const) {
    // The generations present, one at a time by the primary key's index (min above the last one
    // seen), then each dead one's rows a chunk at a time by the same index.
    let above = -1;
    for (;;) {
      const [next] = await db.rows<{ g: number | null }>(sql`select min(${generation}) as g from ${table} where ${generation} > ${above}`);
      if (next?.g == null) break;
      above = next.g;
      if (keep.has(above)) continue;
      for (;;) {
        const [deleted] = await db.rows<{ n: number }>(sql`with doomed as (
            select ${account} as k from ${table} where ${generation} = ${above} order by ${account} limit ${DELETE_CHUNK}),
          gone as (delete from ${table} t using doomed where t.${name(generation)} = ${above} and t.${name(account)} = doomed.k returning 1)
          select count(*)::integer as n from gone`);
        if ((deleted?.n ?? 0) < DELETE_CHUNK) break;
        await yieldTurn();
      }
    }
  }
  const dead =
    keep.size > 0
      ? sql`${b.generation} not in (${sql.join(
          [...keep].map((g) => sql`${g}`),
          sql`, `,
        )})`
      : sql`true`;
  await db.rows(sql`delete from ${b} where ${dead}`);
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

/** Twice the signed area of a ring (the shoelace formula), in square degrees: enough to find the largest part. */
function ringArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0] + ring[i]![0]) * (ring[j]![1] - ring[i]![1]);
  return Math.abs(sum);
}

/** The outer ring of a boundary's largest polygon, without the ring's closing repeat of its first point. */
export function mainOutline(polygons: readonly (readonly (readonly Point[])[])[]): Point[] {
  let best: readonly Point[] = [];
  for (const polygon of polygons) {
    const outer = polygon[0] ?? [];
    if (ringArea(outer) > ringArea(best)) best = outer;
  }
  const ring = [...best];
  const [first, last] = [ring[0], ring[ring.length - 1]];
  if (ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) ring.pop();
  return ring;
}

/**
 * The neighbourhoods' figures and outlines of a generation (idempotent: written again from
 * scratch), and the generation's count of accounts. One neighbourhood a statement, found one after
 * the other by the (generation, neighbourhood) index, not one grouping of the whole roll: that held
 * PGlite's one connection for seconds. The outline is the neighbourhood's boundary, or the convex
 * hull of its accounts' points when the City's boundaries have none for it.
 */
/** Far more groups than the City has neighbourhoods (about 400). */
const MAX_NEIGHBOURHOODS = 5_000;

/**
 * The history's residential totals by neighbourhood for the year before the roll's (one `$group`
 * request), by the neighbourhood's name; null when the City could not give them: they add the
 * change before a previous roll has been kept, and the roll goes live without them.
 */
async function previousYearTotals(
  client: SodaClient,
  year: number,
  options: Pick<ImportOptions, "signal" | "log">,
): Promise<Map<string, { year: number; accounts: number; total: number }> | null> {
  try {
    const rows = await client.groups(
      HISTORY_TOTALS,
      {
        where: [
          { field: "assessment_year", op: "=", value: String(year - 1) },
          { field: "mill_class_1", op: "=", value: "RESIDENTIAL" },
        ],
        limit: MAX_NEIGHBOURHOODS,
      },
      { signal: options.signal },
    );
    return new Map(
      rows.filter((r) => r.year === year - 1).map((r) => [r.neighbourhood, { year: r.year, accounts: r.accounts, total: r.total }]),
    );
  } catch (error) {
    if (options.signal?.aborted) throw error;
    options.log?.warn(`[assessments] the history's yearly totals could not be had: ${messageChainOf(error).slice(0, 200)}`);
    return null;
  }
}

async function summariseNeighbourhoods(
  db: Database,
  generation: number,
  year: number,
  previousTotals: Map<string, { year: number; accounts: number; total: number }> | null = null,
): Promise<number> {
  await db.rows(sql`delete from ${n} where ${n.generation} = ${generation}`);
  const residential = sql`${a.tax_class} = 'Residential'`;
  const used = new Set<string>();
  let total = 0;
  let above = -2_147_483_648;
  for (;;) {
    const [next] = await db.rows<{ id: number | null }>(
      sql`select min(${a.neighbourhood_id}) as id from ${a} where ${a.generation} = ${generation} and ${a.neighbourhood_id} > ${above}`,
    );
    if (next?.id == null) break;
    above = next.id;
    const [hood] = await select(
      db.rows,
      {
        name: sql<string | null>`max(${a.neighbourhood})`,
        ward: sql<string | null>`max(${a.ward})`,
        accounts: sql<number>`count(*)::integer`,
        named: sql<number>`count(${a.neighbourhood})::integer`,
        houses: sql<AssessmentSpread>`${spread(sql`${residential} and ${a.suite} is null`)}`,
        condos: sql<AssessmentSpread>`${spread(sql`${residential} and ${a.suite} is not null`)}`,
        homes: sql<AssessmentSpread>`${spread(residential)}`,
        homesTotal: sql<number | null>`sum(${a.assessed_value}) filter (where ${residential})`,
        latitude: sql<number | null>`avg(${a.latitude})`,
        longitude: sql<number | null>`avg(${a.longitude})`,
      },
      sql`from ${a} where ${a.generation} = ${generation} and ${a.neighbourhood_id} = ${above}`,
    );
    if (!hood) continue;
    total += hood.accounts;
    if (!hood.name || hood.named === 0) continue;
    const [boundary] = await select(
      db.rows,
      { polygons: b.polygons },
      sql`from ${b} where ${b.generation} = ${generation} and ${b.neighbourhood_id} = ${above}`,
    );
    let outline = boundary ? mainOutline(boundary.polygons) : [];
    if (outline.length < 3) {
      // The outline from the distinct points (about 10 m apart at most), not every account's.
      const points = await select(
        db.rows,
        { lon: sql<number>`round(${a.longitude}::numeric, 4)::float8`, lat: sql<number>`round(${a.latitude}::numeric, 4)::float8` },
        sql`from ${a} where ${a.generation} = ${generation} and ${a.neighbourhood_id} = ${above} and ${a.latitude} is not null and ${a.longitude} is not null group by 1, 2`,
      );
      outline = convexHull(points.map((p): Point => [p.lon, p.lat]));
    }
    const previous = previousTotals?.get(hood.name);
    const totals: NeighbourhoodYearTotals | null =
      previous && previous.accounts > 0 && hood.homes.count > 0 && hood.homesTotal !== null
        ? { current: { accounts: hood.homes.count, total: Math.round(hood.homesTotal) }, previous }
        : null;
    let slug = neighbourhoodSlug(hood.name) || String(above);
    if (used.has(slug)) slug = `${slug}-${above}`;
    used.add(slug);
    await db.rows(sql`insert into ${n} (${name(n.generation)}, ${name(n.neighbourhood_id)}, ${name(n.slug)}, ${name(n.name)}, ${name(n.ward)}, ${name(n.roll_year)}, ${name(n.houses)}, ${name(n.condos)}, ${name(n.homes)},
        ${name(n.accounts)}, ${name(n.outline)}, ${name(n.year_totals)}, ${name(n.latitude)}, ${name(n.longitude)})
      values (${generation}, ${above}, ${slug}, ${hood.name}, ${hood.ward}, ${year}, ${JSON.stringify(roundSpread(hood.houses))}::jsonb, ${JSON.stringify(roundSpread(hood.condos))}::jsonb,
        ${JSON.stringify(roundSpread(hood.homes))}::jsonb, ${hood.named}, ${JSON.stringify(outline)}::jsonb, ${totals === null ? null : JSON.stringify(totals)}::jsonb, ${hood.latitude}, ${hood.longitude})`);
    await yieldTurn();
  }
  const [rest] = await db.rows<{ n: number }>(
    sql`select count(*)::integer as n from ${a} where ${a.generation} = ${generation} and ${a.neighbourhood_id} is null`,
  );
  return total + (rest?.n ?? 0);
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
    for (const stage of ["roll", "info", "boundaries"] as const) {
      state = await readState(db);
      if (state.building_stage !== stage) continue;
      const dataset = stage === "roll" ? ROLL : stage === "info" ? PROPERTY_INFO : BOUNDARIES;
      for await (const page of client.pages<RollRow | PropertyInfoRow | BoundaryRow>(
        dataset as typeof ROLL,
        { pageSize: stage === "boundaries" ? Math.min(pageSize, BOUNDARY_PAGE_SIZE) : pageSize, fromOffset: state.building_offset },
        { signal: options.signal },
      )) {
        fetched += page.rows.length;
        await writePage(db, stage, generation, page.rows, page.nextOffset, page.last);
        options.signal?.throwIfAborted();
      }
      options.log?.info(
        `[assessments] ${stage === "roll" ? "roll" : stage === "info" ? "property information" : "neighbourhood boundaries"} fetched (generation ${generation})`,
      );
    }
    state = await readState(db);
    const year = rollYearAt(at);
    const totals = await previousYearTotals(client, year, options);
    const rows = await summariseNeighbourhoods(db, generation, year, totals);
    if (rows === 0 || (state.live_rows !== null && rows < state.live_rows / 2)) {
      await db.rows(sql`update ${st} set ${name(st.building_generation)} = null, ${name(st.building_stage)} = null where ${st.id} = 1`);
      // Its figures are not a roll that was kept.
      await db.rows(sql`delete from ${n} where ${n.generation} = ${generation}`);
      await deleteDeadGenerations(db);
      throw new Error(`the City's roll came back with ${rows} accounts against ${state.live_rows ?? 0} live: the live roll is kept`);
    }
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
  const [row] = await select(db.rows, getTableColumns(st), sql`from ${st} where ${st.id} = 1`);
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
