import { Link } from "react-router";
import { GetNotifiedTip } from "~/components/listings/get-notified-tip";
import { ListingBanner } from "~/components/listings/listing-banner";
import { ListingsWidget } from "~/components/widgets/listings-widget";
import { pages } from "~/content/pages";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/testpage";

export const meta: Route.MetaFunction = ({ location }) => pageMeta({ title: "Test Page", path: location.pathname });

/** Pages kept out of search engines, listed here so they can be checked by hand. */
const internalPages = pages.filter((p) => p.group === "Test and theme pages" && p.path !== "/testpage");

/**
 * /testpage: a page for checking the listing building blocks outside the live pages: the search
 * widget with its tip, and links to the other test and theme pages. Not indexed.
 */
export default function TestPage() {
  return (
    <>
      <ListingBanner title="Test Page">
        <p className="mt-2 text-lg">
          The MLS® search widget and the site's test and theme pages, for checking changes before they go live.
        </p>
      </ListingBanner>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <GetNotifiedTip />
        <ListingsWidget widgetId={site.listings.widgetIds.search} label="MLS® listing search" className="mt-6" />
        <section aria-labelledby="internal-pages" className="mt-10">
          <h2 id="internal-pages" className="text-2xl font-bold text-ink">
            Test and theme pages
          </h2>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {internalPages.map((p) => (
              <li key={p.path}>
                <Link to={p.path} className="text-brand underline">
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
