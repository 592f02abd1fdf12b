import { MortgageCalculator } from "~/components/calculators/mortgage-calculator";
import { Container, PageHeader } from "~/components/ui/page-header";
import { BackButton } from "~/components/layout/back-button";
import { DEFAULT_INPUTS } from "~/lib/mortgage-inputs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/mortgage-calculator-test";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Mortgage Calculator Test Page", description: "Test variant of the mortgage calculator.", path: "/mortgagecalculatortestpage", noindex: true });

/**
 * The test variant of spec §2, built from the real calculator. This page is prerendered, so it
 * cannot read a query: without JavaScript its form submits to the real calculator page.
 */
export default function MortgageCalculatorTestPage() {
  return (
    <>
      <PageHeader title="Mortgage Calculator Test" subtitle="A test copy of the mortgage calculator." />
      <Container className="py-10">
        <MortgageCalculator initialInputs={DEFAULT_INPUTS} formAction="/mortgage-calculator" />
        <div className="mt-10">
          <BackButton />
        </div>
      </Container>
    </>
  );
}
