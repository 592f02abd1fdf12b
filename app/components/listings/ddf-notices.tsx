import { Link } from "react-router";

/** CREA's trademark notice, which the DDF® rules require wherever listings from the feed are shown. */
export const DDF_TRADEMARK_NOTICE =
  "The trademarks REALTOR®, REALTORS®, and the REALTOR® logo are controlled by The Canadian Real Estate Association (CREA) and identify real estate professionals who are members of CREA. The trademarks MLS®, Multiple Listing Service® and the associated logos are owned by CREA and identify the quality of services provided by real estate professionals who are members of CREA.";

export const REALTOR_CA_HOME = "https://www.realtor.ca/en";

/**
 * The "Powered by REALTOR.ca" badge, linking to the listing on REALTOR.ca (or its home page).
 * The image is served from this site, so a page never waits on, or breaks with, another host.
 */
export function PoweredByRealtorCa({ listingUrl }: { listingUrl?: string | null }) {
  return (
    // shrink-0: in the notice's flex row the badge keeps its published size (125 px) beside long text.
    <a
      href={listingUrl ?? REALTOR_CA_HOME}
      target="_blank"
      rel="noopener"
      className="inline-block shrink-0 self-start"
      data-testid="realtor-ca-badge"
    >
      <img
        src="/images/powered-by-realtor-ca.svg"
        alt="Powered by REALTOR.ca"
        width={125}
        height={32}
        className="h-8 w-[125px] max-w-none"
      />
    </a>
  );
}

/** The notice under every block of listings from the feed. */
export function DdfNotice({ listingUrl, className = "" }: { listingUrl?: string | null; className?: string }) {
  return (
    <div
      className={`flex flex-col gap-3 border-t border-line pt-4 text-xs leading-5 text-ink-muted sm:flex-row sm:items-start ${className}`}
    >
      <PoweredByRealtorCa listingUrl={listingUrl} />
      <p>
        {DDF_TRADEMARK_NOTICE}{" "}
        <Link to="/mls-disclaimer" className="underline">
          MLS® disclaimer
        </Link>
      </p>
    </div>
  );
}
