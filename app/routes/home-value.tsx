import { Link } from "react-router";
import type { Route } from "./+types/home-value";
import { AddressSearch } from "~/components/assessments/address-search";
import { RollSource } from "~/components/assessments/roll-source";
import { PageHeader } from "~/components/ui/page-header";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { MATCHES_WITHOUT_SCRIPT, type AddressSuggestion, suggestAddresses } from "~/lib/server/assessments/home-value.server";
import { serverContext } from "~/router-context";

/**
 * /home-value (issue 43): "What's my home worth?" Type an address, pick a suggestion (the box is
 * a combobox with JavaScript), and the home's page shows its assessment and an estimated range.
 * Without JavaScript the same form comes back here with `?address=` and lists the matches.
 * Indexable; rendered per request (it reads its query). With the roll off it says so and offers
 * the agent's evaluation.
 */
type Loaded = { roll: boolean; typed: string; matches: AddressSuggestion[] | null };

export async function loader({ request, context }: Route.LoaderArgs): Promise<Loaded> {
  const roll = context.get(serverContext)?.assessments;
  const typed = (new URL(request.url).searchParams.get("address") ?? "").slice(0, 200);
  if (!roll) return { roll: false, typed, matches: null };
  return { roll: true, typed, matches: typed.trim() ? await suggestAddresses(roll.db, typed, MATCHES_WITHOUT_SCRIPT) : null };
}

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "What's My Home Worth? Edmonton Home Value Estimate",
    description:
      "Type your Edmonton address: see your home's City assessment, its assessments over the years, your neighbourhood's figures and an estimated range for today, worked out in the open.",
    path: location.pathname,
  });

export default function HomeValuePage({ loaderData }: Route.ComponentProps) {
  const { roll, typed, matches } = loaderData;
  return (
    <>
      <PageHeader
        title="What's my home worth?"
        subtitle="Your home's official City of Edmonton assessment, its history and your neighbourhood's figures, with an estimated range for today from what comparable homes are asking. In seconds, no sign-up."
      />
      <div className="mx-auto max-w-3xl px-4 py-8">
        {roll ? (
          <>
            <AddressSearch defaultValue={typed} />
            {matches && (
              <section aria-labelledby="matches-heading" className="mt-6" data-testid="address-matches">
                <h2 id="matches-heading" className="text-xl font-bold text-ink">
                  {matches.length === 0 ? "No address found" : `Addresses starting with \u201c${typed.trim()}\u201d`}
                </h2>
                {matches.length === 0 ? (
                  <p className="mt-2 text-ink">Type the house number first, then the street (for a condo, its unit number before them).</p>
                ) : (
                  <ul className="mt-2 space-y-2 wrap-anywhere">
                    {matches.map((m) => (
                      <li key={m.account}>
                        <Link to={`/home-value/${m.account}`} className="font-bold text-brand underline">
                          {m.label}
                        </Link>
                        {m.neighbourhood && <span className="text-ink-muted">{` · ${m.neighbourhood}`}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
          </>
        ) : (
          <p className="text-lg text-ink" data-testid="home-value-off">
            The address lookup is not available right now.
          </p>
        )}
        <section aria-labelledby="how-heading" className="mt-10 space-y-3 text-ink">
          <h2 id="how-heading" className="text-xl font-bold">
            How the estimate is made
          </h2>
          <p>
            The City of Edmonton assesses every home each year at its market value as of July 1 of the year before. Homes for sale today are
            asking a little more or less than their assessments: the estimate takes the middle half of those ratios among comparable homes
            (houses with houses, condos with condos) in your neighbourhood, or your ward or the city when your neighbourhood has too few for
            sale, and applies it to your home&rsquo;s assessment.
          </p>
          <p>
            Asking prices are not sale prices, and an estimate is not an appraisal: it cannot see your renovations, your view or your
            basement. For a price you can list at, {site.agent.firstName} will look at your home in person.
          </p>
          <p>
            <Link to="/free-home-valuation" className="font-bold text-brand underline">
              Request a free home valuation
            </Link>
          </p>
        </section>
        {roll && <RollSource className="mt-8" />}
      </div>
    </>
  );
}
