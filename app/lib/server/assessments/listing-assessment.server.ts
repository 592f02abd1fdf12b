/**
 * A feed listing's home in the City's roll (issue 42): its address read by the one normaliser,
 * matched to one account (house number, street, suite for a condo; the listing's point as a
 * tie-breaker), only when the match is unambiguous and the listing is in Edmonton; with the
 * account's history when at hand within a moment.
 */
import { sql } from "drizzle-orm";
import { listings } from "../../../../db/schema";
import { parseAddress } from "../../assessments/address";
import { type ListingAssessmentView, neighbourhoodName } from "../../assessments/present";
import type { AssessmentsContext } from "./context.server";
import { assessmentHistory } from "./history.server";
import { liveNeighbourhoods } from "./live-neighbourhoods.server";
import { matchAddress } from "./lookup.server";

export interface ListingToMatch {
  key: string;
  address: string;
  city: string | null;
  price: number | null;
  /** Its point, the tie-breaker between accounts sharing an address. */
  latitude: number | null;
  longitude: number | null;
}

/** The roll covers the City of Edmonton only: a listing in St. Albert or Sherwood Park is never matched. */
export function inEdmonton(city: string | null): boolean {
  return city !== null && city.trim().toLowerCase() === "edmonton";
}

/** The feed's available listings in the City of Edmonton, as SQL: inEdmonton's rule, for reads of many listings. */
export const activeInEdmonton = sql`${listings.status} = 'active' and lower(btrim(${listings.city})) = 'edmonton'`;

export async function listingAssessment(
  ctx: AssessmentsContext,
  listing: ListingToMatch,
  options: { historyWaitMs?: number } = {},
): Promise<ListingAssessmentView | null> {
  if (!inEdmonton(listing.city)) return null;
  const key = parseAddress(listing.address);
  if (!key) return null;
  const point: [number, number] | null =
    listing.latitude !== null && listing.longitude !== null ? [listing.longitude, listing.latitude] : null;
  const home = await matchAddress(ctx.db, key, point);
  if (!home) return null;
  const hood = home.neighbourhoodId === null ? undefined : (await liveNeighbourhoods(ctx.db)).byId.get(home.neighbourhoodId);
  const history = await assessmentHistory(ctx.db, ctx.client, home.accountNumber, home.rollYear, {
    waitMs: options.historyWaitMs,
    log: ctx.log,
  });
  return {
    value: home.assessedValue,
    rollYear: home.rollYear,
    lotSize: home.lotSize,
    yearBuilt: home.yearBuilt,
    zoning: home.zoning,
    history: history && history.length > 0 ? history : null,
    price: listing.price,
    neighbourhood: hood ? { slug: hood.slug, name: neighbourhoodName(hood.name) } : null,
  };
}
