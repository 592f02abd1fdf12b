/** The small marks a listing carries on its card and its page (no icons: every card loads this). */
import type { ListingCard, ListingStatus } from "~/lib/listing-types";
import { LISTED_BY_AGENT, statusLabel } from "~/lib/listing-text";

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 font-bold";

/** "Conditionally sold" / "Sale pending" on a listing whose offer is accepted; nothing on an available home. */
export function StatusBadge({ status, className = "" }: { status: ListingStatus; className?: string }) {
  const label = statusLabel(status);
  if (!label) return null;
  return (
    <span className={`${badge} bg-accent text-on-brand ${className}`} data-testid="listing-status">
      {label}
    </span>
  );
}

/** "Listed by {agent}" on the agent's own listings. */
export function ListedByBadge({ className = "" }: { className?: string }) {
  return (
    <span className={`${badge} bg-brand-soft text-brand-strong ${className}`} data-testid="listed-by-agent">
      {LISTED_BY_AGENT}
    </span>
  );
}

/** The marks a card shows above its price, when the listing has any. */
export function CardMarks({ listing }: { listing: Pick<ListingCard, "status" | "listedByAgent"> }) {
  if (listing.status === "active" && !listing.listedByAgent) return null;
  return (
    <p className="mb-2 flex flex-wrap gap-2 text-xs">
      <StatusBadge status={listing.status} />
      {listing.listedByAgent && <ListedByBadge />}
    </p>
  );
}
