import { BackRow } from "~/components/layout/back-button";
import { MortgageCalculator } from "~/components/calculators/mortgage-calculator";
import { Container, PageHeader } from "~/components/ui/page-header";
import { hasCalculatorParams, inputsFromParams } from "~/lib/mortgage-inputs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/mortgage-calculator";
import { CalculatorExplainer } from "~/components/calculators/calculator-explainer";
import { HydrationChunk } from "~/components/ui/hydration-chunk";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Mortgage Calculator",
    description:
      "Estimate your monthly mortgage payment in Edmonton: price, down payment, rate and term, with the Canadian minimum down payment, CMHC insurance, payment frequencies and a year-by-year schedule.",
    path: location.pathname,
  });

/**
 * Without JavaScript the calculator is a GET form: the query is read here and the result is
 * rendered on the server. With JavaScript the query is stripped (spec §2) and the inputs move
 * to the fragment, which the server never sees.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { inputs: inputsFromParams(params), fromQuery: hasCalculatorParams(params) };
}

// The loader only seeds the first render; refetching it when the site strips the query would
// cost a request and change nothing the visitor sees.
export function shouldRevalidate() {
  return false;
}

export default function MortgageCalculatorPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Mortgage Calculator"
        subtitle="Estimate your monthly payment on an Edmonton home, with the Canadian rules built in."
      />
      <Container className="py-10">
        <HydrationChunk>
          <MortgageCalculator initialInputs={loaderData.inputs} fromQuery={loaderData.fromQuery} />
        </HydrationChunk>
        <HydrationChunk>
          <CalculatorExplainer />
        </HydrationChunk>
        <BackRow className="mt-10" />
      </Container>
    </>
  );
}
