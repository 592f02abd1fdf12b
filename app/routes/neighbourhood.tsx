import { Link, data } from "react-router";
import type { Route } from "./+types/neighbourhood";
import { NeighbourhoodMap } from "~/components/assessments/neighbourhood-map";
import { RollSource } from "~/components/assessments/roll-source";
import { NotFoundContent } from "~/components/not-found-content";
import { MapView } from "~/components/listings/map-view";
import { type NeighbourhoodPage, type Spread, neighbourhoodChange } from "~/lib/assessments/neighbourhood-view";
import { valuationDate } from "~/lib/assessments/present";
import { formatCurrency } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { neighbourhoodPage } from "~/lib/server/assessments/neighbourhoods.server";
import { serverContext } from "~/router-context";

/**
 * /neighbourhoods/{slug} (issue 42): one residential neighbourhood of the City's assessment roll,
 * rendered per request like the listing pages (render cache and shared-cache headers alike). With
 * the roll off, or a slug the live roll has no residential neighbourhood for, the not-found page (404).
 */
type Loaded = { hood: NeighbourhoodPage; feed: boolean } | { hood: null };

const SLUG = /^[a-z0-9-]{1,80}$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const roll = context.get(serverContext)?.assessments;
  const slug = params.slug ?? "";
  const hood = roll && SLUG.test(slug) ? await neighbourhoodPage(roll.db, slug) : null;
  // The map's listings come from the feed: without it the map draws the outline alone.
  const feed = Boolean(context.get(serverContext)?.listings);
  return hood ? data<Loaded>({ hood, feed }) : data<Loaded>({ hood: null }, { status: 404 });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = {
  breadcrumb: (loaded: unknown): string | null => (loaded as Loaded | undefined)?.hood?.name ?? null,
};

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const hood = loaderData?.hood;
  if (!hood) return pageMeta({ title: "Page Not Found", path: "/404", noindex: true });
  const median = hood.homes.median ? `, median ${formatCurrency(hood.homes.median)}` : "";
  return pageMeta({
    title: `${hood.name} Home Assessments and Listings`,
    description: `${hood.name}, Edmonton: ${hood.homes.count} homes on the City's ${hood.rollYear} assessment roll${median} (market value as of ${valuationDate(hood.rollYear)}), and its homes for sale.`,
    path: location.pathname,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Place",
        name: `${hood.name}, Edmonton`,
        containedInPlace: { "@type": "City", name: "Edmonton", containedInPlace: { "@type": "State", name: "Alberta" } },
      },
    ],
  });
};

function SpreadRow({ label, spread }: { label: string; spread: Spread }) {
  if (spread.count === 0) return null;
  return (
    <tr className="border-t border-line">
      <th scope="row" className="py-2 pr-4 text-left font-bold">
        {label}
      </th>
      <td className="py-2 pr-4 text-right">{spread.count.toLocaleString("en-CA")}</td>
      <td className="py-2 pr-4 text-right">{formatCurrency(spread.median)}</td>
      <td className="py-2 text-right">{`${formatCurrency(spread.q1)} – ${formatCurrency(spread.q3)}`}</td>
    </tr>
  );
}

export default function NeighbourhoodRoute({ loaderData }: Route.ComponentProps) {
  const hood = loaderData.hood;
  if (!hood) return <NotFoundContent />;
  const feed = "feed" in loaderData && loaderData.feed;
  const change = neighbourhoodChange(hood);
  return (
    <article className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink wrap-anywhere sm:text-3xl">{`${hood.name}: home assessments and listings`}</h1>
      <p className="mt-2 text-lg text-ink-muted" data-testid="roll-date">
        {`Figures from the City of Edmonton's ${hood.rollYear} assessment roll: market values as of ${valuationDate(hood.rollYear)}.`}
      </p>
      <section aria-labelledby="homes-heading" className="mt-6">
        <h2 id="homes-heading" className="text-xl font-bold text-ink">
          Homes by class
        </h2>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-ink" data-testid="neighbourhood-spreads">
            <thead>
              <tr className="text-sm uppercase tracking-wide text-ink-muted">
                <th scope="col" className="py-2 pr-4 text-left">
                  Class
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Homes
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Median assessment
                </th>
                <th scope="col" className="py-2 text-right">
                  Middle half
                </th>
              </tr>
            </thead>
            <tbody>
              <SpreadRow label="Houses" spread={hood.houses} />
              <SpreadRow label="Condos" spread={hood.condos} />
              <SpreadRow label="All homes" spread={hood.homes} />
            </tbody>
          </table>
        </div>
        {change && (
          <p className="mt-2 text-ink" data-testid="neighbourhood-change">
            {change}
          </p>
        )}
      </section>
      <section aria-labelledby="for-sale-heading" className="mt-8">
        <h2 id="for-sale-heading" className="text-xl font-bold text-ink">
          {`Homes for sale in ${hood.name}`}
        </h2>
        {hood.medianAsking !== null && hood.homes.median !== null && (
          <p className="mt-2 text-ink" data-testid="asking-against-assessed">
            {`Median asking price ${formatCurrency(hood.medianAsking)} against a median assessment of ${formatCurrency(hood.homes.median)}.`}
          </p>
        )}
        {/* The outline drawn is the one the page has: around the neighbourhood's assessed homes (issue 42). */}
        <MapView outline={hood.outline} dataQuery={feed ? "" : undefined} searchQuery={feed ? "" : undefined} className="mt-4" />
        <div className="mt-4 grid gap-6 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <NeighbourhoodMap name={hood.name} outline={hood.outline} boundary={hood.boundary} points={hood.listings.map((l) => l.point)} />
          {hood.listings.length > 0 ? (
            <ul className="space-y-2 wrap-anywhere" data-testid="neighbourhood-listings">
              {hood.listings.map((l) => (
                <li key={l.path}>
                  <Link to={l.path} className="font-bold text-brand underline">
                    {l.address}
                  </Link>{" "}
                  <span className="text-ink">{formatCurrency(l.price)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-ink">No home in {hood.name} is listed for sale right now.</p>
          )}
        </div>
      </section>
      {hood.neighbours.length > 0 && (
        <section aria-labelledby="nearby-heading" className="mt-8">
          <h2 id="nearby-heading" className="text-xl font-bold text-ink">
            Neighbouring areas
          </h2>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {hood.neighbours.map((o) => (
              <li key={o.slug}>
                <Link to={`/neighbourhoods/${o.slug}`} className="text-brand underline">
                  {o.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="mt-8">
        <Link to="/neighbourhoods" className="text-brand underline">
          Every Edmonton neighbourhood
        </Link>
      </p>
      <RollSource className="mt-4" boundaries={Boolean(hood.boundary)} />
    </article>
  );
}
