import { Link } from "react-router";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ArticleTable } from "~/components/blog/article-table";
import { CostCell, Step } from "~/components/blog/buyer-guide-parts";
import { CallToAction } from "~/components/blog/call-to-action";
import { CheckList } from "~/components/blog/check-list";
import { Cite } from "~/components/blog/cite";
import { ContactBlock } from "~/components/blog/contact-block";
import { ContentsNav } from "~/components/blog/contents-nav";
import { ExternalLink } from "~/components/blog/external-link";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ShareButton } from "~/components/blog/share-button";
import { TermList } from "~/components/blog/term-list";
import * as guide from "~/content/blog/data/complete-step-by-step-home-buyers-guide";
import {
  FHSA_ANNUAL_LIMIT,
  FHSA_LIFETIME_LIMIT,
  FTHB_TAX_CREDIT_AMOUNT,
  FTHB_TAX_CREDIT_VALUE,
  HBP_LIMIT,
  HBP_PREVIOUS_LIMIT,
  officialSources,
  ruleSources,
  STRESS_TEST_BUFFER_POINTS,
  STRESS_TEST_FLOOR_PERCENT,
} from "~/lib/mortgage-rules";
import { landTitleFees } from "~/lib/fees";
import { formatCurrency, formatPercent } from "~/lib/mortgage";
import { DOWN_PAYMENT_RULE, minimumDownPayment, mortgageInsurancePremium } from "~/lib/mortgage-insurance";
import type { Route } from "./+types/complete-step-by-step-home-buyers-guide";

const slug = "complete-step-by-step-home-buyers-guide";

export const meta: Route.MetaFunction = () => articleMeta(slug);

/** The worked example used throughout the guide. */
const EXAMPLE_PRICE = 450_000;
const EXAMPLE_MORTGAGE = 360_000;
const SECOND_EXAMPLE_PRICE = 700_000;

export default function Article() {
  const fees = landTitleFees({ price: EXAMPLE_PRICE, mortgage: EXAMPLE_MORTGAGE });
  const minimumDown = minimumDownPayment(EXAMPLE_PRICE);
  const secondMinimumDown = minimumDownPayment(SECOND_EXAMPLE_PRICE);
  const insurance = minimumDown === null ? null : mortgageInsurancePremium({ price: EXAMPLE_PRICE, downPayment: minimumDown });
  const rule = DOWN_PAYMENT_RULE;

  return (
    <ArticleLayout slug={slug} share={<ShareButton nativeShare />}>
      <p>
        Buying a home in Edmonton follows the same eight steps whether it is your first condo or your fourth house. This guide walks you
        through each one: what happens, what you need to decide, what it costs, and where buyers get caught out. The figures are as of July
        2025; where a rule can change, I link to the official source.
      </p>

      <ContentsNav
        id="guide-contents"
        heading="The eight steps"
        items={guide.guideSteps.map((s) => ({ anchor: `step-${s.number}`, label: s.title }))}
      />

      <h2>The buying process at a glance</h2>
      <p>Before the detail, here is the order things happen in Alberta, from the first phone call to the keys:</p>
      <ol>
        {guide.buyerProcess.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>

      <Step number={1}>
        <h3>Your down payment</h3>
        <p>
          In Canada the minimum down payment depends on the price. As of December 15, 2024 it is {rule.firstTierPercent}% of the first{" "}
          {formatCurrency(rule.firstTierLimit)} and {rule.secondTierPercent}% of the part above that. From{" "}
          {formatCurrency(rule.insuredPriceLimit)} up, you need {rule.uninsuredPercent}% of the whole price{" "}
          <Cite source={ruleSources.downPayment} />. On a {formatCurrency(EXAMPLE_PRICE)} home the minimum is{" "}
          <strong>{formatCurrency(minimumDown)}</strong>; on a {formatCurrency(SECOND_EXAMPLE_PRICE)} home it is{" "}
          <strong>{formatCurrency(secondMinimumDown)}</strong>. The{" "}
          <ExternalLink href={officialSources.downPayment}>Financial Consumer Agency of Canada</ExternalLink> publishes the current rule.
        </p>
        <p>
          With less than {rule.uninsuredPercent}% down your mortgage must be insured against default (through CMHC, Sagen or Canada
          Guaranty). The premium is added to your mortgage rather than paid up front.
          {insurance?.status === "required" && (
            <>
              {" "}
              With the minimum {formatCurrency(minimumDown)} down on a {formatCurrency(EXAMPLE_PRICE)} home, the premium is{" "}
              {formatPercent(insurance.ratePercent)} of the loan, or <strong>{formatCurrency(insurance.premium)}</strong>{" "}
              <Cite source={ruleSources.mortgageInsurance} />. Alberta charges no sales tax on it.
            </>
          )}
        </p>

        <h3>Programs that help first-time buyers</h3>
        <p>
          You generally count as a first-time buyer if neither you nor your spouse or partner lived in a home one of you owned in the year
          you buy or the four calendar years before it. Each program has its own fine print, but you may be able to use:
        </p>
        <ul>
          <li>
            <strong>The Home Buyers' Plan:</strong> withdraw up to {formatCurrency(HBP_LIMIT)} per person from your RRSPs (raised from{" "}
            {formatCurrency(HBP_PREVIOUS_LIMIT)} in April 2024), repaid over 15 years <Cite source={ruleSources.homeBuyersPlan} />.{" "}
            <ExternalLink href={officialSources.homeBuyersPlan}>Rules on Canada.ca</ExternalLink>.
          </li>
          <li>
            <strong>A First Home Savings Account (FHSA):</strong> save up to {formatCurrency(FHSA_ANNUAL_LIMIT)} a year,{" "}
            {formatCurrency(FHSA_LIFETIME_LIMIT)} in your lifetime, with a tax deduction going in and tax-free qualifying withdrawals{" "}
            <Cite source={ruleSources.fhsa} />. <ExternalLink href={officialSources.fhsa}>Rules on Canada.ca</ExternalLink>.
          </li>
          <li>
            <strong>The First-Time Home Buyers' Tax Credit:</strong> a {formatCurrency(FTHB_TAX_CREDIT_AMOUNT)} credit amount claimed on
            your tax return for the year you buy, worth up to {formatCurrency(FTHB_TAX_CREDIT_VALUE)} in federal tax savings{" "}
            <Cite source={ruleSources.homeBuyersAmount} />.
          </li>
          <li>
            <strong>The First-Time Home Buyers' GST Rebate</strong> on newly built homes:{" "}
            <Link to="/blog/new-gst-rebate-for-home-buyers">see my article on the new GST rebate</Link>.
          </li>
        </ul>

        <h3>Closing costs: the money you need besides the down payment</h3>
        <p>
          Alberta has no land transfer tax, but buying still comes with costs that are due before or on closing day and can't be added to
          your mortgage. These are the ones my buyers pay most often:
        </p>
        <ArticleTable
          label="Typical costs of buying a home in the Edmonton area"
          caption="Typical costs of buying a home in the Edmonton area, as of July 2025"
          columns={[{ label: "Cost", className: "w-2/5" }, { label: "Typical amount and what it is" }]}
          rows={guide.closingCosts.map((c) => ({ key: c.category, header: c.category, cells: [<CostCell key="cost" {...c} />] }))}
        />
        <ArticleTable
          label={`Example: land title fees on a ${formatCurrency(EXAMPLE_PRICE)} home`}
          caption={`Example: land title fees on a ${formatCurrency(EXAMPLE_PRICE)} home with a ${formatCurrency(EXAMPLE_MORTGAGE)} mortgage`}
          columns={[{ label: "Fee" }, { label: "Based on" }, { label: "Amount" }]}
          rows={[
            {
              key: "transfer",
              header: "Transfer of land",
              cells: [`${formatCurrency(EXAMPLE_PRICE)} price`, formatCurrency(fees.transfer)],
            },
            {
              key: "mortgage",
              header: "Mortgage registration",
              cells: [`${formatCurrency(EXAMPLE_MORTGAGE)} mortgage`, formatCurrency(fees.mortgage)],
            },
            { key: "total", header: "Total", cells: ["", <strong key="total">{formatCurrency(fees.total)}</strong>] },
          ]}
        />
        <p>
          Add moving costs, utility hook-ups and a little furniture, and keep a cushion for surprises. For a full breakdown, read{" "}
          <Link to="/blog/hidden-costs-buying-home-alberta">the hidden costs of buying a home in Alberta</Link>.
        </p>

        <h3>Your monthly budget</h3>
        <p>
          Look past the mortgage payment. Add property tax, heating, power, water, home insurance, condo fees if any, and money for upkeep.
          Try a few rates on my <Link to="/mortgage-calculator">mortgage calculator</Link> and choose a payment you would be comfortable
          with even if rates were higher at renewal.
        </p>
      </Step>

      <Step number={2}>
        <p>
          A pre-approval is a lender's written statement of how much it is prepared to lend you, at what rate, based on your verified
          income, debts and credit. It is the single most useful thing you can have before you start viewing homes: you shop in the right
          price range and can write an offer the moment the right home appears.
        </p>
        <h3>What the lender or broker will ask for</h3>
        <CheckList items={guide.preApprovalDocuments} />
        <h3>What to expect</h3>
        <ul>
          <li>A pre-approval usually takes 1 to 3 business days once the lender has your documents.</li>
          <li>The rate is typically held for 90 to 120 days. If rates go down in that time, ask for the lower one.</li>
          <li>
            As of 2025 you must qualify at the higher of {STRESS_TEST_FLOOR_PERCENT}% or your contract rate plus {STRESS_TEST_BUFFER_POINTS}{" "}
            percentage points (the federal "stress test") <Cite source={ruleSources.stressTest} />, so the amount you are approved for is
            lower than your actual payment alone would suggest.
          </li>
          <li>
            A pre-approval is not a final approval. After your offer is accepted, the lender reviews the property itself, often with an
            appraisal, and re-checks your file.
          </li>
        </ul>
        <p>
          Not sure of the difference between pre-qualified and pre-approved, or between fixed and variable? My{" "}
          <Link to="/blog/quick-mortgage-guide-for-homebuyers">quick mortgage guide</Link> covers it.
        </p>
      </Step>

      <Step number={3}>
        <p>
          The listing agent works for the seller. Your own agent works for you: finding homes, pointing out problems, pricing your offer
          from real sales, negotiating, and keeping every deadline in your contract on track. Here is what I do for my buyers, and what you
          should expect from whoever you choose:
        </p>
        <CheckList items={guide.agentServices} />
        <p>
          You will sign a written agreement that sets out what your agent does, for how long and how they are paid; read it and ask
          questions before you sign. Every agent in Alberta must be licensed by the{" "}
          <ExternalLink href={officialSources.reca}>Real Estate Council of Alberta</ExternalLink>.
        </p>
      </Step>

      <Step number={4}>
        <p>
          Start with a short list of needs (bedrooms, parking, commute, school) and a separate list of wants. Then let the listings come to
          you: sign up for <Link to="/instant-updates">instant listing updates</Link> or browse every listing on my{" "}
          <Link to="/search">property search</Link>.
        </p>
        <h3>At showings</h3>
        <CheckList items={guide.showingChecklist} />
        <h3>Know the numbers before you fall in love</h3>
        <p>
          Asking prices tell you what sellers hope for; sales tell you what buyers paid. Before every offer I pull homes like yours that
          sold nearby in the last 3 to 6 months. Drive the neighbourhood at rush hour and on a weekend, too.
        </p>
      </Step>

      <Step number={5}>
        <p>
          In Alberta your offer is written on a standard residential purchase contract. Once the seller accepts it, it is a binding contract
          (subject to your conditions), so every line matters:
        </p>
        <TermList items={guide.offerTerms} />
        <p>
          Your offer is open for acceptance until a time you set. Before you sign, make sure your deposit is ready and your lender knows an
          offer is coming.
        </p>
      </Step>

      <Step number={6}>
        <p>
          The seller can accept, reject or counter your offer, and offers may go back and forth a few times. Once both sides sign, your
          clock starts:
        </p>
        <CheckList items={guide.acceptanceChecklist} />
        <p>
          This is when most of the smaller costs come up: the inspection, the condo document review and, if your lender charges for it, the
          appraisal. The amounts are in the table in Step 1.
        </p>
      </Step>

      <Step number={7}>
        <p>
          By the condition day you tell the seller, in writing, that each condition is satisfied or waived. Waiving your conditions makes
          the contract firm and binding: from then on, walking away can cost you your deposit and more.
        </p>
        <TermList items={guide.conditionOutcomes} />
        <p>Don't waive financing until you have the lender's written commitment in hand and have met every requirement in it.</p>
      </Step>

      <Step number={8}>
        <p>
          In Alberta, lawyers handle the closing. Choose yours as soon as the deal is firm and send them the contract. Your lawyer will:
        </p>
        <CheckList items={guide.lawyerTasks} />
        <p>
          Before closing, arrange your home insurance (your lender needs proof of it) and set up power, gas, water and internet in your name
          from possession day. Once the lawyers confirm that the money and documents are in order, the keys are released to you, usually
          through me, on possession day.
        </p>
        <p>Then change the locks, find the water shut-off and the electrical panel, and enjoy your new home.</p>
      </Step>

      <CallToAction
        heading="Ready to start?"
        actions={[
          { to: "/contact", label: "Book a buyer consultation" },
          { to: "/search", label: "Search listings", variant: "secondary" },
        ]}
      >
        <p>
          Whether you are a year away or ready this month, the first conversation is free and there is no obligation. We'll put your budget,
          your timeline and your wish list on one page.
        </p>
      </CallToAction>

      <ContactBlock heading="Questions about any step?" />

      <RelatedPosts
        current={slug}
        slugs={[
          "quick-mortgage-guide-for-homebuyers",
          "hidden-costs-buying-home-alberta",
          "top-10-mistakes-to-avoid-when-buying-a-home",
          "essential-real-estate-contacts",
        ]}
        heading="Keep reading"
      />
    </ArticleLayout>
  );
}
