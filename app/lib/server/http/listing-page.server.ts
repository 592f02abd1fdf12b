/**
 * The listing a page under /listings/{ListingKey}-{slug} is about, read the same way by the
 * listing's page, its photos and its showing page, and the listing as a form about it records it
 * ("Ask about this home", a showing request).
 */
import type { InquiryListingRef } from "~/lib/leads";
import type { ListingDetail } from "~/lib/listing-types";
import { listingKeyOf } from "~/lib/listings";
import { absoluteUrl } from "~/lib/site-url";
import { listingByKey } from "~/lib/server/listings/queries.server";
import type { RouterContextProvider } from "react-router";
import { serverContext } from "~/router-context";

/** The listing of the path's segment, `{ gone }` when it left the market, null when there is none. */
export async function listingOfSegment(context: Readonly<RouterContextProvider>, segment: string) {
  // No feed (or prerendering, which has no context): there are no listing pages.
  const feed = context.get(serverContext)?.listings;
  const key = listingKeyOf(segment);
  if (!feed || !key) return null;
  return listingByKey(feed.db, key, { memberKey: feed.memberKey });
}

export function inquiryListingOf(l: Pick<ListingDetail, "key" | "address" | "city" | "mlsNumber" | "path">): InquiryListingRef {
  return {
    key: l.key,
    address: [l.address, l.city].filter(Boolean).join(", "),
    mlsNumber: l.mlsNumber,
    path: l.path,
    url: absoluteUrl(l.path),
  };
}
