/**
 * The loader data of the pages that show the agent's own listings first ("/" and "/about"): the
 * listings whose listing or co-listing agent is DDF_MEMBER_KEY, newest first. Null while
 * prerendering (no server context), without the feed or the key, or when the agent has none, so
 * the page is then exactly the page without the feed.
 */
import type { RouterContextProvider } from "react-router";
import { AGENT_LISTINGS_SHOWN, type ListingCard } from "~/lib/listing-types";
import { serverContext } from "~/router-context";
import { agentListings } from "./queries.server";

export async function agentListingsOnPage(context: Readonly<RouterContextProvider>): Promise<{ agentListings: ListingCard[] | null }> {
  const feed = context.get(serverContext)?.listings;
  if (!feed?.memberKey) return { agentListings: null };
  const mine = await agentListings(feed.db, feed.memberKey, AGENT_LISTINGS_SHOWN);
  return { agentListings: mine.length ? mine : null };
}
