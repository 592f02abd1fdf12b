/**
 * "What's my home worth" (issue 43) over the live roll: address suggestions (an index range on
 * "house number + street", see ADDRESS_TEXT), one home's page (its account, property information,
 * history, neighbourhood figures) and its estimate from the feed's active listings matched to
 * their accounts by the one normaliser (the listing pages' rule: unambiguous matches only).
 */
import { sql } from "drizzle-orm";
import {
  ADDRESS_TEXT,
  type AssessmentSpread,
  assessmentAccounts as a,
  assessmentImport as st,
  assessmentPropertyInfo as pi,
  listings,
} from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { type AddressPrefix, addressPrefix, streetInWords } from "../../assessments/address-prefix";
import { matchKey, parseAddress } from "../../assessments/address";
import { metresBetween } from "../../assessments/geometry";
import { type ComparableHome, type HomeClass, type HomeEstimate, estimateHome } from "../../assessments/home-estimate";
import { neighbourhoodName } from "../../assessments/present";
import { listingPath } from "../../listings";
import { copyGeneration } from "../listings/sync-status.server";
import type { AssessmentsContext } from "./context.server";
import { assessmentHistory } from "./history.server";
import { activeInEdmonton } from "./listing-assessment.server";
import { liveNeighbourhoods } from "./live-neighbourhoods.server";
import { LIVE, fromKeys } from "./lookup.server";

/** One suggestion: the account its page is for, and the address as people write it. */
export interface AddressSuggestion {
  account: string;
  label: string;
  neighbourhood: string | null;
}

/** How many suggestions the box shows; the page without JavaScript lists more. */
export const SUGGESTIONS = 8;
export const MATCHES_WITHOUT_SCRIPT = 20;

/** An account number as the City writes them (digits); anything else is no account. */
export const ACCOUNT = /^\d{1,12}$/;

const addressText = sql`(${ADDRESS_TEXT}) collate "C"`;

function label(r: { suite: string | null; houseNumber: string | null; streetName: string | null }): string {
  return `${r.suite ? `#${r.suite} ` : ""}${r.houseNumber ?? ""} ${streetInWords(r.streetName ?? "")}`.trim();
}

/**
 * The live roll's accounts whose address starts with what was typed, in address order (the
 * index's): one index range, read until `limit` rows, whatever the roll's size.
 */
export async function suggestAddresses(db: Pick<Database, "rows">, typed: string, limit = SUGGESTIONS): Promise<AddressSuggestion[]> {
  const prefix: AddressPrefix | null = addressPrefix(typed);
  if (!prefix) return [];
  // "~" sorts after every character of the roll's text (upper-case letters, digits, spaces), bytewise.
  const rows = await select(
    db.rows,
    { account: a.account_number, suite: a.suite, houseNumber: a.house_number, streetName: a.street_name, neighbourhood: a.neighbourhood },
    sql`from ${a} where ${a.generation} = ${LIVE} and ${addressText} >= ${prefix.text} and ${addressText} < ${`${prefix.text}~`}
      ${prefix.suite ? sql`and ${a.suite} = ${prefix.suite}` : sql``}
      ${prefix.quadrant ? sql`and (${a.quadrant} = ${prefix.quadrant} or ${a.quadrant} is null)` : sql``}
      and ${a.match_key} is not null
      order by ${addressText}, ${a.suite} nulls first limit ${limit}`,
  );
  return rows.map((r) => ({
    account: r.account,
    label: label(r),
    neighbourhood: r.neighbourhood ? neighbourhoodName(r.neighbourhood) : null,
  }));
}

/**
 * A residential home of the live roll as the monthly report names it ("#1203 10310 102 Street NW,
 * Edmonton"); null for no such account or one that is not a home (the report is about a home's value).
 */
export async function rollHomeLabel(db: Pick<Database, "rows">, account: string): Promise<string | null> {
  if (!ACCOUNT.test(account)) return null;
  const [home] = await select(
    db.rows,
    { suite: a.suite, houseNumber: a.house_number, streetName: a.street_name },
    sql`from ${a} where ${a.generation} = ${LIVE} and ${a.account_number} = ${account} and ${a.tax_class} = 'Residential'`,
  );
  return home ? `${label(home)}, Edmonton` : null;
}

/** A home of the live roll as its page shows it. */
export interface HomeValueView {
  account: string;
  address: string;
  homeClass: HomeClass;
  /** Residential: only homes get an estimate. */
  residential: boolean;
  assessed: number;
  rollYear: number;
  lotSize: number | null;
  yearBuilt: number | null;
  zoning: string | null;
  history: { year: number; value: number }[] | null;
  neighbourhood: { name: string; slug: string | null; houses: AssessmentSpread; condos: AssessmentSpread } | null;
  ward: string | null;
  estimate: HomeEstimate | null;
}

interface MatchedCache {
  db: object;
  generation: number;
  homes: Promise<ComparableHome[]>;
}
let matchedCache: MatchedCache | null = null;
const TIE_BREAK_MAX_METRES = 150;

/**
 * The feed's active Edmonton listings matched to their accounts in the live roll, residential
 * only: one query for the listings, one for the accounts of all their match keys; kept in memory
 * until the copy's generation (a finished sync, a roll swapped: one small query) changes.
 */
export async function matchedListings(db: Database): Promise<ComparableHome[]> {
  const generation = await copyGeneration(db);
  if (matchedCache && matchedCache.db === db && matchedCache.generation === generation) return matchedCache.homes;
  const homes = loadMatched(db);
  matchedCache = { db, generation, homes };
  homes.catch(() => {
    if (matchedCache?.homes === homes) matchedCache = null;
  });
  return homes;
}

async function loadMatched(db: Database): Promise<ComparableHome[]> {
  const forSale = await select(
    db.rows,
    {
      key: listings.listing_key,
      slug: listings.slug,
      address: listings.address,
      price: listings.list_price,
      lat: listings.latitude,
      lon: listings.longitude,
    },
    sql`from ${listings} where ${activeInEdmonton} and ${listings.list_price} > 0`,
  );
  const keyed = forSale.flatMap((l) => {
    const key = parseAddress(l.address);
    return key ? [{ ...l, key: l.key, addressKey: key, match: matchKey(key) }] : [];
  });
  if (keyed.length === 0) return [];
  const accounts = await select(
    db.rows,
    {
      account: a.account_number,
      match: a.match_key,
      suite: a.suite,
      quadrant: a.quadrant,
      assessed: a.assessed_value,
      neighbourhoodId: a.neighbourhood_id,
      ward: a.ward,
      lat: a.latitude,
      lon: a.longitude,
    },
    sql`${fromKeys([...new Set(keyed.map((k) => k.match))])} where ${a.tax_class} = 'Residential'`,
  );
  const byKey = new Map<string, typeof accounts>();
  for (const r of accounts) byKey.set(r.match!, [...(byKey.get(r.match!) ?? []), r]);
  const homes: ComparableHome[] = [];
  for (const l of keyed) {
    const point: [number, number] | null = l.lat !== null && l.lon !== null ? [l.lon, l.lat] : null;
    let candidates = (byKey.get(l.match) ?? []).filter(
      (r) => !l.addressKey.quadrant || r.quadrant === null || r.quadrant === l.addressKey.quadrant,
    );
    if (candidates.length > 1 && point) {
      candidates = candidates.filter(
        (r) => r.lat !== null && r.lon !== null && metresBetween(point, [r.lon, r.lat]) <= TIE_BREAK_MAX_METRES,
      );
    }
    if (candidates.length !== 1) continue;
    const r = candidates[0]!;
    homes.push({
      listingKey: l.key,
      path: listingPath(l.key, l.slug),
      address: l.address,
      price: l.price!,
      assessed: r.assessed,
      homeClass: r.suite ? "condo" : "house",
      neighbourhoodId: r.neighbourhoodId,
      ward: r.ward,
      point: point ?? (r.lat !== null && r.lon !== null ? [r.lon, r.lat] : null),
      accountNumber: r.account,
    });
  }
  return homes;
}

/** The home's page, or null when the live roll has no such account. */
export async function homeValuePage(
  ctx: AssessmentsContext,
  account: string,
  options: { historyWaitMs?: number } = {},
): Promise<HomeValueView | null> {
  if (!ACCOUNT.test(account)) return null;
  const [home] = await select(
    ctx.db.rows,
    {
      account: a.account_number,
      suite: a.suite,
      houseNumber: a.house_number,
      streetName: a.street_name,
      neighbourhoodId: a.neighbourhood_id,
      neighbourhood: a.neighbourhood,
      ward: a.ward,
      assessed: a.assessed_value,
      taxClass: a.tax_class,
      lat: a.latitude,
      lon: a.longitude,
      rollYear: sql<number>`(select ${st.live_year} from ${st} where ${st.id} = 1)`,
      lotSize: pi.lot_size,
      yearBuilt: pi.year_built,
      zoning: pi.zoning,
    },
    sql`from ${a} left join ${pi} on ${pi.generation} = ${a.generation} and ${pi.account_number} = ${a.account_number}
      where ${a.generation} = ${LIVE} and ${a.account_number} = ${account}`,
  );
  if (!home) return null;
  const hood = home.neighbourhoodId === null ? undefined : (await liveNeighbourhoods(ctx.db)).byId.get(home.neighbourhoodId);
  const [history, forSale] = await Promise.all([
    assessmentHistory(ctx.db, ctx.client, home.account, home.rollYear, { waitMs: options.historyWaitMs, log: ctx.log }),
    matchedListings(ctx.db),
  ]);
  const residential = home.taxClass === "Residential";
  const homeClass: HomeClass = home.suite ? "condo" : "house";
  const hoodName = home.neighbourhood ? neighbourhoodName(home.neighbourhood) : null;
  const point: [number, number] | null = home.lat !== null && home.lon !== null ? [home.lon, home.lat] : null;
  return {
    account: home.account,
    address: label(home),
    homeClass,
    residential,
    assessed: home.assessed,
    rollYear: home.rollYear,
    lotSize: home.lotSize,
    yearBuilt: home.yearBuilt,
    zoning: home.zoning,
    history: history && history.length > 0 ? history : null,
    neighbourhood: hoodName
      ? {
          name: hoodName,
          // Only a neighbourhood with a page of its own (enough homes) is linked.
          slug: hood?.residential ? hood.slug : null,
          houses: hood?.houses ?? { count: 0, q1: null, median: null, q3: null },
          condos: hood?.condos ?? { count: 0, q1: null, median: null, q3: null },
        }
      : null,
    ward: home.ward,
    estimate: residential
      ? estimateHome(
          {
            accountNumber: home.account,
            assessed: home.assessed,
            homeClass,
            neighbourhoodId: home.neighbourhoodId,
            neighbourhood: hoodName,
            ward: home.ward,
            point,
          },
          forSale,
        )
      : null,
  };
}
