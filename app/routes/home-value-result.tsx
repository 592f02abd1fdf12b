import { Link, data } from "react-router";
import type { Route } from "./+types/home-value-result";
import { AlertSignUp } from "~/components/alerts/alert-sign-up";
import { AssessmentChart } from "~/components/assessments/assessment-chart";
import { HomeValuationForm } from "~/components/assessments/home-valuation-form";
import { RollSource } from "~/components/assessments/roll-source";
import { NotFoundContent } from "~/components/not-found-content";
import { valuationMessages } from "~/content/form-messages";
import { site } from "~/content/site";
import { type HomeEstimate, basisWords } from "~/lib/assessments/home-estimate";
import { assessmentLine, askingAgainstAssessment, squareMetres, valuationDate } from "~/lib/assessments/present";
import type { AlertSignUpForm } from "~/lib/alert-values";
import { formatCurrency } from "~/lib/format";
import { submitOrFail } from "~/lib/form-result";
import { pageMeta } from "~/lib/seo";
import { absoluteUrl } from "~/lib/site-url";
import { type HomeValueView, homeValuePage } from "~/lib/server/assessments/home-value.server";
import { alertsOf } from "~/lib/server/alerts/link-pages.server";
import { homeReportSignUpForm } from "~/lib/server/alerts/sign-up-form.server";
import { answerHomeValuationPost } from "~/lib/server/leads/contact-post.server";
import { formQuota } from "~/lib/server/leads/form-post.server";
import { serverContext } from "~/router-context";

/**
 * /home-value/{account} (issue 43): one home of the City's roll, made on demand and not indexed:
 * its assessment and valuation date, lot, year built, zoning, its assessments over the years, its
 * neighbourhood's figures, an estimated range for today with what it rests on, up to six
 * comparable homes for sale, "Get my in-person evaluation", and the monthly home report's sign-up
 * (a home with the listing alerts on: it posts to /alerts like every sign-up). 404 with the roll off
 * or an account the live roll does not have.
 */
type Loaded = { home: HomeValueView; reportForm: AlertSignUpForm | null } | { home: null };

async function find(context: Route.LoaderArgs["context"], account: string): Promise<HomeValueView | null> {
  const roll = context.get(serverContext)?.assessments;
  return roll ? homeValuePage(roll, account) : null;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const home = await find(context, params.account ?? "");
  if (!home) return data<Loaded>({ home: null }, { status: 404 });
  // The report is about a home's value: only a home gets it, and only where the alerts' mails flow.
  const reportForm = home.residential && alertsOf(context) ? homeReportSignUpForm(home.account) : null;
  return data<Loaded>({ home, reportForm });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = {
  breadcrumb: (loaded: unknown): string | null => (loaded as Loaded | undefined)?.home?.address ?? null,
};

/** "Get my in-person evaluation" takes one unit of the visitor's form quota per POST. */
export const middleware: Route.MiddlewareFunction[] = [formQuota];

/** The evaluation request, with the home as this page shows it attached (read from the address, not from the form). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const home = await find(context, params.account ?? "");
  if (!home) return data({ status: "error" as const, message: "This home is not on the City's roll.", values: null }, { status: 404 });
  const path = `/home-value/${home.account}`;
  return answerHomeValuationPost(request, context, {
    account: home.account,
    address: home.address,
    path,
    assessed: home.assessed,
    rollYear: home.rollYear,
    estimate: home.estimate?.kind === "range" ? { low: home.estimate.low, high: home.estimate.high } : null,
    url: absoluteUrl(path),
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitOrFail(serverAction, valuationMessages);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const home = loaderData?.home;
  if (!home) return pageMeta({ title: "Page Not Found", path: "/404", noindex: true });
  return pageMeta({
    title: `${home.address}: Home Value`,
    description: `${home.address}, Edmonton: its City assessment (${home.rollYear} roll) and an estimated range for today.`,
    path: location.pathname,
    // One home's page, made on demand: not for search engines (issue 43).
    noindex: true,
  });
};

const CLASS_WORDS = { house: "houses", condo: "condos" } as const;

function EstimateSection({ home, estimate }: { home: HomeValueView; estimate: HomeEstimate | null }) {
  const brokerage = `${site.agent.name}, ${site.brokerage.name}`;
  if (!estimate) {
    return (
      <p className="mt-2 text-ink" data-testid="no-estimate">
        The estimate covers homes only: this account is assessed as {home.residential ? "a home" : "non-residential property"}. Ask{" "}
        {site.agent.firstName} for an evaluation instead.
      </p>
    );
  }
  if (estimate.kind === "none") {
    return (
      <div className="mt-2 space-y-2 text-ink" data-testid="no-estimate">
        <p>
          {`Too few comparable ${CLASS_WORDS[estimate.homeClass]} are for sale right now to estimate a range fairly (${estimate.count} in the whole city; at least 5 are needed).`}
        </p>
        <p>
          <a href="#evaluation" className="font-bold text-brand underline">
            Ask for {site.agent.firstName}&rsquo;s in-person evaluation instead
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="mt-2 space-y-2 text-ink">
      <p className="text-2xl font-bold" data-testid="home-estimate">
        {`Estimated range today: ${formatCurrency(estimate.low)} – ${formatCurrency(estimate.high)}`}
      </p>
      <p data-testid="estimate-basis">
        {`Based on ${basisWords(estimate.count, estimate.homeClass, estimate.area, estimate.areaName)}: the middle half of them ask between ${Math.round(estimate.ratios.q1 * 100)} % and ${Math.round(estimate.ratios.q3 * 100)} % of their City assessments, applied to this home's assessment of ${formatCurrency(home.assessed)}.`}
      </p>
      <p className="text-sm text-ink-muted" data-testid="estimate-caveat">
        {`Asking prices are not sale prices, and this value estimate is not an appraisal: it cannot see the home's condition, renovations or view. Estimate by ${brokerage}.`}
      </p>
    </div>
  );
}

export default function HomeValueResult({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.home) return <NotFoundContent />;
  const { home, reportForm } = loaderData;
  const path = `/home-value/${home.account}`;
  const facts: [string, string][] = [
    ["Valuation date", valuationDate(home.rollYear)],
    ...(home.lotSize !== null ? [["Lot size", squareMetres(home.lotSize)] as [string, string]] : []),
    ...(home.yearBuilt !== null ? [["Year built", String(home.yearBuilt)] as [string, string]] : []),
    ...(home.zoning !== null ? [["Zoning", home.zoning] as [string, string]] : []),
  ];
  const years = home.history ? [...home.history, { year: home.rollYear, value: home.assessed }] : null;
  const hood = home.neighbourhood;
  const spread = hood ? (home.homeClass === "condo" ? hood.condos : hood.houses) : null;
  const comparables = home.estimate?.comparables ?? [];
  return (
    <article className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink wrap-anywhere sm:text-3xl">{home.address}</h1>
      {hood && <p className="mt-1 text-lg text-ink-muted">{`${hood.name}, Edmonton`}</p>}

      <section aria-labelledby="estimate-heading" className="mt-6 rounded-lg border border-line bg-brand-soft p-4">
        <h2 id="estimate-heading" className="text-xl font-bold text-ink">
          What it may be worth today
        </h2>
        <EstimateSection home={home} estimate={home.estimate} />
      </section>

      <section aria-labelledby="assessment-heading" className="mt-8" data-testid="home-assessment">
        <h2 id="assessment-heading" className="text-xl font-bold text-ink">
          City assessment
        </h2>
        <p className="mt-2 text-lg text-ink" data-testid="assessment-line">
          {assessmentLine(home.assessed, home.rollYear)}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm font-bold uppercase tracking-wide text-ink-muted">{label}</dt>
              <dd className="text-ink wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
        {years && (
          <AssessmentChart values={years} label={`This home's City of Edmonton assessments, ${years[0]!.year} to ${home.rollYear}`} />
        )}
      </section>

      {hood && spread && spread.count > 0 && (
        <section aria-labelledby="hood-heading" className="mt-8">
          <h2 id="hood-heading" className="text-xl font-bold text-ink">
            {`${hood.name}'s ${CLASS_WORDS[home.homeClass]}`}
          </h2>
          <p className="mt-2 text-ink" data-testid="hood-figures">
            {`${spread.count.toLocaleString("en-CA")} ${CLASS_WORDS[home.homeClass]} on the roll; median assessment ${formatCurrency(spread.median)}, the middle half between ${formatCurrency(spread.q1)} and ${formatCurrency(spread.q3)}.`}
          </p>
          {hood.slug && (
            <p className="mt-1">
              <Link to={`/neighbourhoods/${hood.slug}`} className="text-brand underline">
                {`Assessments and homes for sale in ${hood.name}`}
              </Link>
            </p>
          )}
        </section>
      )}

      {comparables.length > 0 && (
        <section aria-labelledby="comparables-heading" className="mt-8">
          <h2 id="comparables-heading" className="text-xl font-bold text-ink">
            Comparable homes for sale nearby
          </h2>
          <ul className="mt-2 space-y-2 wrap-anywhere" data-testid="comparables">
            {comparables.map((c) => (
              <li key={c.path}>
                <Link to={c.path} className="font-bold text-brand underline">
                  {c.address}
                </Link>
                <span className="text-ink">{` · asking ${formatCurrency(c.price)}, assessed ${formatCurrency(c.assessed)} (${askingAgainstAssessment(c.price, c.assessed) ?? ""})`}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section id="evaluation" aria-labelledby="evaluation-heading" className="mt-10 rounded-lg border border-line p-4">
        <h2 id="evaluation-heading" className="text-xl font-bold text-ink">
          Get my in-person evaluation
        </h2>
        <p className="mt-1 text-ink">
          {`${site.agent.firstName} will see the home, compare it with recent sales and give you a price to list at, free and with no obligation.`}
        </p>
        <HomeValuationForm action={path} address={home.address} documentResult={actionData ?? null} />
      </section>

      {reportForm && <AlertSignUp form={reportForm} className="mt-8" />}

      <p className="mt-8">
        <Link to="/home-value" className="text-brand underline">
          Look up another home
        </Link>
      </p>
      <RollSource className="mt-4" />
    </article>
  );
}
