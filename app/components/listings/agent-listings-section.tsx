import { Link } from "react-router";
import { DdfNotice } from "./ddf-notices";
import { ListingGrid } from "./listing-card";
import type { ListingCard } from "~/lib/listing-types";

/**
 * "My listings": the agent's own homes for sale from the DDF® feed (ListAgentKey is the agent's
 * member key), as cards. Rendered only when there are some; the pages leave it out otherwise.
 */
export function AgentListingsSection({
  listings,
  heading = "My listings",
  moreLink = true,
  notice = true,
  className = "",
}: {
  listings: readonly ListingCard[];
  heading?: string;
  /** A link to the whole search under the cards. */
  moreLink?: boolean;
  /** CREA's notice under the cards; off where the page already shows one under its listings. */
  notice?: boolean;
  className?: string;
}) {
  if (listings.length === 0) return null;
  return (
    <section aria-labelledby="my-listings-heading" className={className} data-testid="agent-listings">
      <h2 id="my-listings-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {heading}
      </h2>
      <p className="mt-2 text-ink-muted">The homes I am selling for my clients. Ask me anything about them, or book a showing.</p>
      <ListingGrid listings={listings} />
      {moreLink && (
        <p className="mt-6">
          <Link to="/listings" className="font-bold text-brand underline">
            See all homes for sale
          </Link>
        </p>
      )}
      {notice && <DdfNotice className="mt-6" />}
    </section>
  );
}
