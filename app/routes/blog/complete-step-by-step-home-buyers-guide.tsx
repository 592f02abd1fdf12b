import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ShareButton } from "~/components/blog/share-button";
import { ButtonLink } from "~/components/ui/button";
import { buyerProcess, closingCosts, guideSteps } from "~/content/blog/data/complete-step-by-step-home-buyers-guide";
import {
  FHSA_ANNUAL_LIMIT,
  FHSA_LIFETIME_LIMIT,
  FTHB_TAX_CREDIT_AMOUNT,
  FTHB_TAX_CREDIT_VALUE,
  HBP_LIMIT,
  HBP_PREVIOUS_LIMIT,
  officialSources,
  STRESS_TEST_BUFFER_POINTS,
  STRESS_TEST_FLOOR_PERCENT,
} from "~/content/blog/data/figures";
import { LAND_TITLE_BASE_FEE, LAND_TITLE_FEE_PER_STEP, LAND_TITLE_VALUE_STEP, landTitleFees } from "~/lib/fees";
import { DOWN_PAYMENT_RULE, formatCurrency, formatPercent, minimumDownPayment, mortgageInsurancePremium } from "~/lib/mortgage";

const slug = "complete-step-by-step-home-buyers-guide";

export const meta = () => articleMeta(slug);

/** The worked example used throughout the guide. */
const EXAMPLE_PRICE = 450_000;
const EXAMPLE_MORTGAGE = 360_000;
const SECOND_EXAMPLE_PRICE = 700_000;

function Step({ number, children }: { number: number; children: ReactNode }) {
  const step = guideSteps.find((s) => s.number === number);
  if (!step) throw new Error(`No step ${number} in the buyer guide data`);
  return (
    <section id={`step-${number}`} aria-labelledby={`step-${number}-title`} className="mt-12 scroll-mt-24 border-t border-line pt-2">
      <h2 id={`step-${number}-title`} className="flex items-baseline gap-3">
        <span aria-hidden="true" className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-base text-on-brand">
          {number}
        </span>
        <span>
          <span className="sr-only">Step {number}: </span>
          {step.title}
        </span>
      </h2>
      <p className="text-lg text-ink-muted!">{step.summary}</p>
      {children}
    </section>
  );
}

function Checklist({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-none! space-y-1.5! pl-0!">
      {items.map((item, i) => (
        <li key={i} className="flex gap-2">
          <CircleCheck aria-hidden="true" className="mt-1.5 size-4 shrink-0 text-brand" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

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

      <nav aria-labelledby="guide-contents" className="my-6 rounded-xl border border-line bg-surface-muted p-5">
        <h2 id="guide-contents" className="mt-0! text-xl!">
          The eight steps
        </h2>
        <ol>
          {guideSteps.map((s) => (
            <li key={s.number}>
              <a href={`#step-${s.number}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <h2>The buying process at a glance</h2>
      <p>Before the detail, here is the order things happen in Alberta, from the first phone call to the keys:</p>
      <ol>
        {buyerProcess.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>

      <Step number={1}>
        <h3>Your down payment</h3>
        <p>
          In Canada the minimum down payment depends on the price. As of December 15, 2024 it is {rule.firstTierPercent}% of the first{" "}
          {formatCurrency(rule.firstTierLimit)} and {rule.secondTierPercent}% of the part above that. From {formatCurrency(rule.insuredPriceLimit)}{" "}
          up, you need {rule.uninsuredPercent}% of the whole price. On a {formatCurrency(EXAMPLE_PRICE)} home the minimum is{" "}
          <strong>{formatCurrency(minimumDown)}</strong>; on a {formatCurrency(SECOND_EXAMPLE_PRICE)} home it is{" "}
          <strong>{formatCurrency(secondMinimumDown)}</strong>. The{" "}
          <External href={officialSources.downPayment}>Financial Consumer Agency of Canada</External> publishes the current rule.
        </p>
        <p>
          With less than {rule.uninsuredPercent}% down your mortgage must be insured against default (through CMHC, Sagen or Canada
          Guaranty). The premium is added to your mortgage rather than paid up front.
          {insurance?.status === "required" && (
            <>
              {" "}
              With the minimum {formatCurrency(minimumDown)} down on a {formatCurrency(EXAMPLE_PRICE)} home, the premium is{" "}
              {formatPercent(insurance.ratePercent)} of the loan, or <strong>{formatCurrency(insurance.premium)}</strong>. Alberta charges no
              sales tax on it.
            </>
          )}
        </p>

        <h3>Programs that help first-time buyers</h3>
        <p>
          You generally count as a first-time buyer if neither you nor your spouse or partner lived in a home one of you owned in the year you
          buy or the four calendar years before it. Each program has its own fine print, but you may be able to use:
        </p>
        <ul>
          <li>
            <strong>The Home Buyers' Plan:</strong> withdraw up to {formatCurrency(HBP_LIMIT)} per person from your RRSPs (raised from{" "}
            {formatCurrency(HBP_PREVIOUS_LIMIT)} in April 2024), repaid over 15 years. <External href={officialSources.homeBuyersPlan}>Rules on Canada.ca</External>.
          </li>
          <li>
            <strong>A First Home Savings Account (FHSA):</strong> save up to {formatCurrency(FHSA_ANNUAL_LIMIT)} a year, {formatCurrency(FHSA_LIFETIME_LIMIT)}{" "}
            in your lifetime, with a tax deduction going in and tax-free qualifying withdrawals. <External href={officialSources.fhsa}>Rules on Canada.ca</External>.
          </li>
          <li>
            <strong>The First-Time Home Buyers' Tax Credit:</strong> a {formatCurrency(FTHB_TAX_CREDIT_AMOUNT)} credit amount claimed on your
            tax return for the year you buy, worth up to {formatCurrency(FTHB_TAX_CREDIT_VALUE)} in federal tax savings.
          </li>
          <li>
            <strong>The First-Time Home Buyers' GST Rebate</strong> on newly built homes:{" "}
            <Link to="/blog/new-gst-rebate-for-home-buyers">see my article on the new GST rebate</Link>.
          </li>
        </ul>

        <h3>Closing costs: the money you need besides the down payment</h3>
        <p>
          Alberta has no land transfer tax, but buying still comes with costs that are due before or on closing day and can't be added to your
          mortgage. These are the ones my buyers pay most often:
        </p>
        <div className="overflow-x-auto">
          <table>
            <caption className="mb-2 text-left text-sm text-ink-muted">Typical costs of buying a home in the Edmonton area, as of July 2025</caption>
            <thead>
              <tr>
                <th scope="col" className="w-2/5">
                  Cost
                </th>
                <th scope="col">Typical amount and what it is</th>
              </tr>
            </thead>
            <tbody>
              {closingCosts.map((c) => (
                <tr key={c.category}>
                  <th scope="row">{c.category}</th>
                  <td>
                    <strong>{c.cost}</strong>
                    <span className="mt-1 block text-ink-muted">
                      {c.description} (Step {c.step})
                    </span>
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row">Land title and mortgage registration</th>
                <td>
                  <strong>
                    About {formatCurrency(LAND_TITLE_BASE_FEE)} plus {formatCurrency(LAND_TITLE_FEE_PER_STEP)} per {formatCurrency(LAND_TITLE_VALUE_STEP)}{" "}
                    of value, for each
                  </strong>
                  <span className="mt-1 block text-ink-muted">
                    Alberta Land Titles fees to register the transfer (on the price) and your mortgage (on the loan), paid through your lawyer. (Step 8)
                  </span>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <div className="overflow-x-auto">
          <table>
            <caption className="mb-2 text-left text-sm text-ink-muted">
              Example: land title fees on a {formatCurrency(EXAMPLE_PRICE)} home with a {formatCurrency(EXAMPLE_MORTGAGE)} mortgage
            </caption>
            <thead>
              <tr>
                <th scope="col">Fee</th>
                <th scope="col">Based on</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Transfer of land</th>
                <td>{formatCurrency(EXAMPLE_PRICE)} price</td>
                <td>{formatCurrency(fees.transfer)}</td>
              </tr>
              <tr>
                <th scope="row">Mortgage registration</th>
                <td>{formatCurrency(EXAMPLE_MORTGAGE)} mortgage</td>
                <td>{formatCurrency(fees.mortgage)}</td>
              </tr>
              <tr>
                <th scope="row">Total</th>
                <td></td>
                <td>
                  <strong>{formatCurrency(fees.total)}</strong>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Add moving costs, utility hook-ups and a little furniture, and keep a cushion for surprises. For a full breakdown, read{" "}
          <Link to="/blog/hidden-costs-buying-home-alberta">the hidden costs of buying a home in Alberta</Link>.
        </p>

        <h3>Your monthly budget</h3>
        <p>
          Look past the mortgage payment. Add property tax, heating, power, water, home insurance, condo fees if any, and money for upkeep. Try
          a few rates on my <Link to="/mortgage-calculator">mortgage calculator</Link> and choose a payment you would be comfortable with even
          if rates were higher at renewal.
        </p>
      </Step>

      <Step number={2}>
        <p>
          A pre-approval is a lender's written statement of how much it is prepared to lend you, at what rate, based on your verified income,
          debts and credit. It is the single most useful thing you can have before you start viewing homes: you shop in the right price range
          and can write an offer the moment the right home appears.
        </p>
        <h3>What the lender or broker will ask for</h3>
        <Checklist
          items={[
            "Photo ID and your consent to a credit check.",
            "Recent pay stubs and a letter of employment; if you are self-employed, two years of tax returns and Notices of Assessment.",
            "Proof of your down payment and closing costs, usually 90 days of account statements, and a gift letter if family is helping.",
            "Details of your debts: car loans, student loans, credit cards and lines of credit.",
          ]}
        />
        <h3>What to expect</h3>
        <ul>
          <li>A pre-approval usually takes 1 to 3 business days once the lender has your documents.</li>
          <li>The rate is typically held for 90 to 120 days. If rates go down in that time, ask for the lower one.</li>
          <li>
            As of 2025 you must qualify at the higher of {STRESS_TEST_FLOOR_PERCENT}% or your contract rate plus {STRESS_TEST_BUFFER_POINTS} percentage points (the federal
            "stress test"), so
            the amount you are approved for is lower than your actual payment alone would suggest.
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
          The listing agent works for the seller. Your own agent works for you: finding homes, pointing out problems, pricing your offer from
          real sales, negotiating, and keeping every deadline in your contract on track. Here is what I do for my buyers, and what you should
          expect from whoever you choose:
        </p>
        <Checklist
          items={[
            "A first meeting about your budget, must-haves, timeline and the neighbourhoods that fit them.",
            "New listings the moment they hit the market, and showings booked quickly.",
            "Honest comments at showings: the furnace age, the grading, the shared wall, the busy road.",
            "A comparative market analysis before every offer.",
            "Negotiation, and a clear plan for every condition and date in the contract.",
            "Coordination with your lender, inspector, condo document reviewer and lawyer through to possession day.",
          ]}
        />
        <p>
          You will sign a written agreement that sets out what your agent does, for how long and how they are paid; read it and ask questions
          before you sign. Every agent in Alberta must be licensed by the <External href={officialSources.reca}>Real Estate Council of Alberta</External>.
        </p>
      </Step>

      <Step number={4}>
        <p>
          Start with a short list of needs (bedrooms, parking, commute, school) and a separate list of wants. Then let the listings come to
          you: sign up for <Link to="/instant-updates">instant listing updates</Link> or browse every listing on my{" "}
          <Link to="/search">property search</Link>.
        </p>
        <h3>At showings</h3>
        <Checklist
          items={[
            "Look at what is expensive to fix: roof, windows, furnace and hot water tank age, foundation cracks, grading and signs of water in the basement.",
            "Open the electrical panel door and look under sinks; ask about renovations and whether permits were pulled.",
            "For a condo, ask about the condo fee, what it covers and any special assessments.",
            "Take photos and notes: after six showings the homes start to blur together.",
          ]}
        />
        <h3>Know the numbers before you fall in love</h3>
        <p>
          Asking prices tell you what sellers hope for; sales tell you what buyers paid. Before every offer I pull homes like yours that sold
          nearby in the last 3 to 6 months. Drive the neighbourhood at rush hour and on a weekend, too.
        </p>
      </Step>

      <Step number={5}>
        <p>
          In Alberta your offer is written on a standard residential purchase contract. Once the seller accepts it, it is a binding contract
          (subject to your conditions), so every line matters:
        </p>
        <ul>
          <li>
            <strong>Price:</strong> based on the comparable sales, the home's condition and how much competition there is.
          </li>
          <li>
            <strong>Deposit:</strong> shows the seller you are serious. It is held in trust and counts toward your purchase price on closing.
          </li>
          <li>
            <strong>Conditions:</strong> the things that must be satisfied before you are committed, usually financing, a home inspection, a
            condo document review and sometimes the sale of your current home. Each has a deadline.
          </li>
          <li>
            <strong>Dates:</strong> the condition day, the completion (closing) day and the possession day and time.
          </li>
          <li>
            <strong>What is included:</strong> appliances, window coverings, the garage door opener, the shed. If you want it, write it in.
          </li>
          <li>
            <strong>The Real Property Report:</strong> Alberta's standard contract asks the seller to provide a current Real Property Report
            (a survey showing the buildings on the lot) with the municipality's compliance stamp.
          </li>
        </ul>
        <p>
          Your offer is open for acceptance until a time you set. Before you sign, make sure your deposit is ready and your lender knows an
          offer is coming.
        </p>
      </Step>

      <Step number={6}>
        <p>
          The seller can accept, reject or counter your offer, and offers may go back and forth a few times. Once both sides sign, your clock
          starts:
        </p>
        <Checklist
          items={[
            "Deliver your deposit by the time the contract sets; it is held in a brokerage trust account until closing.",
            "Send the contract and listing to your lender to finalize financing; they may order an appraisal.",
            "Book your home inspection right away, and go to it.",
            "For a condo, order the condo documents and the document review.",
            "Get home insurance quotes so you know the home is insurable.",
          ]}
        />
        <p>
          This is when most of the smaller costs come up: the inspection, the condo document review and, if your lender charges for it, the
          appraisal. The amounts are in the table in Step 1.
        </p>
      </Step>

      <Step number={7}>
        <p>
          By the condition day you tell the seller, in writing, that each condition is satisfied or waived. Waiving your conditions makes the
          contract firm and binding: from then on, walking away can cost you your deposit and more.
        </p>
        <ul>
          <li>
            <strong>Everything checks out:</strong> you sign the waiver and the home is sold to you.
          </li>
          <li>
            <strong>The inspection found something:</strong> you can ask the seller to repair it or reduce the price before you waive. Any
            change is written into an amendment both sides sign.
          </li>
          <li>
            <strong>A condition can't be met:</strong> if financing falls through or you aren't satisfied, you let the condition lapse and
            your deposit is returned as the contract provides.
          </li>
        </ul>
        <p>Don't waive financing until you have the lender's written commitment in hand and have met every requirement in it.</p>
      </Step>

      <Step number={8}>
        <p>
          In Alberta, lawyers handle the closing. Choose yours as soon as the deal is firm and send them the contract. Your lawyer will:
        </p>
        <Checklist
          items={[
            "Review the title and the Real Property Report, and arrange title insurance.",
            "Receive your mortgage instructions from the lender and meet with you to sign the mortgage and transfer documents.",
            "Calculate the adjustments for property tax and utilities the seller has prepaid.",
            "Tell you how much to bring, your down payment plus closing costs, usually a few days before closing.",
            "Register the transfer of land and your mortgage at Alberta Land Titles and send the money to the seller's lawyer.",
          ]}
        />
        <p>
          Before closing, arrange your home insurance (your lender needs proof of it) and set up power, gas, water and internet in your name
          from possession day. Once the lawyers confirm that the money and documents are in order, the keys are released to you, usually
          through me, on possession day.
        </p>
        <p>
          Then change the locks, find the water shut-off and the electrical panel, and enjoy your new home.
        </p>
      </Step>

      <h2>Ready to start?</h2>
      <p>
        Whether you are a year away or ready this month, the first conversation is free and there is no obligation. We'll put your budget, your
        timeline and your wish list on one page.
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/contact">Book a buyer consultation</ButtonLink>
        <ButtonLink to="/search" variant="secondary">
          Search listings
        </ButtonLink>
      </div>

      <ContactBlock heading="Questions about any step?" />

      <RelatedPosts
        current={slug}
        slugs={["quick-mortgage-guide-for-homebuyers", "hidden-costs-buying-home-alberta", "top-10-mistakes-to-avoid-when-buying-a-home", "essential-real-estate-contacts"]}
        heading="Keep reading"
      />
    </ArticleLayout>
  );
}
