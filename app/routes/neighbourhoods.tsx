import { Link, data } from "react-router";
import type { Route } from "./+types/neighbourhoods";
import { RollSource } from "~/components/assessments/roll-source";
import { NotFoundContent } from "~/components/not-found-content";
import type { NeighbourhoodSummary } from "~/lib/assessments/neighbourhood-view";
import { valuationDate } from "~/lib/assessments/present";
import { formatCurrency } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { allNeighbourhoods } from "~/lib/server/assessments/neighbourhoods.server";
import { serverContext } from "~/router-context";

/** /neighbourhoods (issue 42): every residential neighbourhood of the live roll, with its median assessment. 404 with the roll off or not loaded yet. */
type Loaded = { hoods: NeighbourhoodSummary[] | null };

export async function loader({ context }: Route.LoaderArgs) {
  const roll = context.get(serverContext)?.assessments;
  const hoods = roll ? await allNeighbourhoods(roll.db) : [];
  return hoods.length > 0 ? data<Loaded>({ hoods }) : data<Loaded>({ hoods: null }, { status: 404 });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData?.hoods) return pageMeta({ title: "Page Not Found", path: "/404", noindex: true });
  return pageMeta({
    title: "Edmonton Neighbourhoods: Home Assessments",
    description: `Every residential neighbourhood of Edmonton with its median home assessment from the City's ${loaderData.hoods[0]!.rollYear} roll, and its homes for sale.`,
    path: location.pathname,
  });
};

export default function NeighbourhoodsRoute({ loaderData }: Route.ComponentProps) {
  const hoods = loaderData.hoods;
  if (!hoods) return <NotFoundContent />;
  const year = hoods[0]!.rollYear;
  return (
    <article className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Edmonton neighbourhoods</h1>
      <p className="mt-2 text-lg text-ink-muted">{`Median home assessments from the City of Edmonton's ${year} roll: market values as of ${valuationDate(year)}.`}</p>
      <ul className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="neighbourhood-index">
        {hoods.map((h) => (
          <li key={h.slug} className="flex justify-between gap-4 border-b border-line py-1">
            <Link to={`/neighbourhoods/${h.slug}`} className="text-brand underline">
              {h.name}
            </Link>
            <span className="text-ink">{formatCurrency(h.homes.median)}</span>
          </li>
        ))}
      </ul>
      <RollSource className="mt-6" />
    </article>
  );
}
