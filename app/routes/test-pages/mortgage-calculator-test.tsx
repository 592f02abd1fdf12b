import { GstRebateCalculator, GstRebateTable } from "~/components/calculators/gst-rebate-calculator";
import { LandTitleFeeCalculator, LandTitleFeeTable } from "~/components/calculators/land-title-fee-calculator";
import { MortgageCalculator } from "~/components/calculators/mortgage-calculator";
import { Container, PageHeader } from "~/components/ui/page-header";
import { BackRow } from "~/components/layout/back-button";
import { DEFAULT_INPUTS } from "~/lib/mortgage-inputs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/mortgage-calculator-test";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({ title: "Mortgage Calculator Test Page", description: "Test variant of the mortgage calculator.", path: location.pathname });

/**
 * The test variant of spec §2, built from the real calculator. This page is prerendered, so it
 * cannot read a query: without JavaScript its form submits to the real calculator page.
 * The cost tools the blog articles embed are shown below it, exactly as an article embeds them.
 */
export default function MortgageCalculatorTestPage() {
  return (
    <>
      <PageHeader title="Mortgage Calculator Test" subtitle="A test copy of the mortgage calculator." />
      <Container className="py-10">
        <MortgageCalculator initialInputs={DEFAULT_INPUTS} formAction="/mortgage-calculator" />
        <section aria-labelledby="land-title-tools" className="mt-14 max-w-3xl">
          <h2 id="land-title-tools" className="text-2xl font-bold text-ink">
            Land title fees
          </h2>
          <LandTitleFeeCalculator />
          <LandTitleFeeTable />
        </section>
        <section aria-labelledby="gst-tools" className="mt-14 max-w-3xl">
          <h2 id="gst-tools" className="text-2xl font-bold text-ink">
            GST rebate
          </h2>
          <GstRebateCalculator />
          <GstRebateTable />
        </section>
        <BackRow className="mt-10" />
      </Container>
    </>
  );
}
