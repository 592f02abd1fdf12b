/**
 * Reading the live roll (decision 053): every query takes the rows of the generation
 * `assessment_import.live_generation` names, so it sees one whole roll, the old or the new.
 */
import { sql } from "drizzle-orm";
import { assessmentAccounts as a, assessmentImport as st, assessmentPropertyInfo as pi } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { type AddressKey, matchKey } from "../../assessments/address";
import { type Point, metresBetween } from "../../assessments/geometry";

/** The live generation, as a subquery. */
export const LIVE = sql`(select ${st.live_generation} from ${st} where ${st.id} = 1)`;

export interface AssessedHome {
  accountNumber: string;
  suite: string | null;
  houseNumber: string | null;
  streetName: string | null;
  neighbourhoodId: number | null;
  neighbourhood: string | null;
  assessedValue: number;
  taxClass: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The roll's year: values are market values as of July 1 of the year before. */
  rollYear: number;
  lotSize: number | null;
  yearBuilt: number | null;
  zoning: string | null;
}

const fields = {
  accountNumber: a.account_number,
  suite: a.suite,
  houseNumber: a.house_number,
  streetName: a.street_name,
  quadrant: a.quadrant,
  neighbourhoodId: a.neighbourhood_id,
  neighbourhood: a.neighbourhood,
  assessedValue: a.assessed_value,
  taxClass: a.tax_class,
  latitude: a.latitude,
  longitude: a.longitude,
  rollYear: sql<number>`(select ${st.live_year} from ${st} where ${st.id} = 1)`,
  lotSize: pi.lot_size,
  yearBuilt: pi.year_built,
  zoning: pi.zoning,
};
const from = sql`from ${a} left join ${pi} on ${pi.generation} = ${a.generation} and ${pi.account_number} = ${a.account_number}`;

function home(row: Awaited<ReturnType<typeof select<typeof fields>>>[number]): AssessedHome {
  const { quadrant: _q, ...rest } = row;
  return rest;
}

/**
 * `from` the live roll's accounts whose match key is one of `keys`, under the table's own name:
 * one index search per key whatever the planner's statistics. PGlite has no autovacuum and the
 * server analyses daily, so a roll just imported has none: asked as `match_key in (select
 * jsonb_array_elements_text(…))`, `= any(…)` or a plain join on the keys, the planner read the
 * whole generation of 440,000 accounts and hashed it (0.6–1.3 s for 2,760 keys). `offset 0` keeps
 * the subquery from being merged into such a join: it runs per key, on the (generation, match_key) index.
 */
export function fromKeys(keys: readonly string[]) {
  return sql`from unnest(${sql.param([...keys])}::text[]) as wanted(key) cross join lateral (
    select * from ${a} where ${a.generation} = ${LIVE} and ${a.match_key} = wanted.key offset 0) as ${a}`;
}

/** The property information of each account of fromKeys, by its key, in the same way (a left join of the whole generation otherwise). */
const withInfo = sql`left join lateral (
    select * from ${pi} where ${pi.generation} = ${a.generation} and ${pi.account_number} = ${a.account_number} offset 0) as ${pi} on true`;

/** One account of the live roll, or null. */
export async function liveAccount(db: Pick<Database, "rows">, accountNumber: string): Promise<AssessedHome | null> {
  const [row] = await select(db.rows, fields, sql`${from} where ${a.generation} = ${LIVE} and ${a.account_number} = ${accountNumber}`);
  return row ? home(row) : null;
}

/** Two candidates further apart than this cannot be told apart by a listing's point alone. */
const TIE_BREAK_MAX_METRES = 150;

/**
 * The account of an address in the live roll, only when unambiguous: the one account with the
 * address's match key (house number, street, suite), in the address's quadrant when it names one.
 * Several left (29 STREET NW and SW for an address typed without its quadrant): the one within
 * 150 m of `point`, when exactly one is. Otherwise null: a wrong figure is worse than none.
 */
export async function matchAddress(db: Pick<Database, "rows">, key: AddressKey, point: Point | null): Promise<AssessedHome | null> {
  const rows = await select(db.rows, fields, sql`${from} where ${a.generation} = ${LIVE} and ${a.match_key} = ${matchKey(key)} limit 10`);
  return unambiguous(rows, key, point);
}

type Candidate = Awaited<ReturnType<typeof select<typeof fields>>>[number];

/** The one account of the candidates sharing an address's match key, by matchAddress's rules; null when not exactly one. */
function unambiguous(rows: readonly Candidate[], key: AddressKey, point: Point | null): AssessedHome | null {
  let candidates = key.quadrant ? rows.filter((r) => r.quadrant === null || r.quadrant === key.quadrant) : [...rows];
  if (candidates.length > 1 && point) {
    candidates = candidates.filter(
      (r) => r.latitude !== null && r.longitude !== null && metresBetween(point, [r.longitude, r.latitude]) <= TIE_BREAK_MAX_METRES,
    );
  }
  return candidates.length === 1 ? home(candidates[0]!) : null;
}

/**
 * matchAddress for many addresses at once (a neighbourhood page's listings): one query for all
 * their keys, each address matched by the same rules. The answers are in the addresses' order.
 */
export async function matchAddresses(
  db: Pick<Database, "rows">,
  addresses: readonly { key: AddressKey; point: Point | null }[],
): Promise<(AssessedHome | null)[]> {
  if (addresses.length === 0) return [];
  const keys = [...new Set(addresses.map((x) => matchKey(x.key)))];
  const rows = await select(db.rows, { ...fields, matchKey: a.match_key }, sql`${fromKeys(keys)} ${withInfo}`);
  const byKey = new Map<string, Candidate[]>();
  for (const { matchKey: k, ...row } of rows) if (k !== null) byKey.set(k, [...(byKey.get(k) ?? []), row]);
  return addresses.map((x) => unambiguous(byKey.get(matchKey(x.key)) ?? [], x.key, x.point));
}
