import CalendarDays from "lucide-react/icons/calendar-days";
import CheckCircle2 from "lucide-react/icons/circle-check";
import ExternalLinkIcon from "lucide-react/icons/external-link";
import Info from "lucide-react/icons/info";
import XCircle from "lucide-react/icons/circle-x";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { Cite } from "~/components/blog/cite";
import { ContactBlock } from "~/components/blog/contact-block";
import { ExternalLink } from "~/components/blog/external-link";
import { RelatedPosts } from "~/components/blog/related-posts";
import { CompactTable } from "~/components/blog/table-scroll";
import { GstRebateCalculator, GstRebateTable } from "~/components/calculators/gst-rebate-calculator";
import {
  EXAMPLE_PURCHASE_YEAR,
  LEGISLATIVE_STATUS,
  LOOKBACK_PRIOR_YEARS,
  eligibility,
  homeTypes,
  restrictions,
  timeline,
} from "~/content/blog/data/new-gst-rebate-for-home-buyers";
import { officialSources, ruleSources } from "~/lib/mortgage-rules";
import { site } from "~/content/site";
import { formatLongDate } from "~/lib/dates";
import { formatCurrency } from "~/lib/format";
import { GST_RATE_PERCENT, GST_REBATE_FULL_UP_TO, GST_REBATE_MAX, GST_REBATE_PHASE_OUT_END, gstRebate } from "~/lib/gst-rebate";
import type { Route } from "./+types/new-gst-rebate-for-home-buyers";

const slug = "new-gst-rebate-for-home-buyers";

export const meta: Route.MetaFunction = () => articleMeta(slug);

/** Rows of the savings table: the spec's two examples plus the edges of the phase-out. */
const tablePrices = [450_000, 600_000, 800_000, 1_000_000, 1_250_000, 1_500_000] as const;
const phaseOutMidpoint = (GST_REBATE_FULL_UP_TO + GST_REBATE_PHASE_OUT_END) / 2;

const continueReading = [
  "hidden-costs-buying-home-alberta",
  "quick-mortgage-guide-for-homebuyers",
  "complete-step-by-step-home-buyers-guide",
  "top-10-mistakes-to-avoid-when-buying-a-home",
] as const;

const lookbackYears = Array.from({ length: LOOKBACK_PRIOR_YEARS + 1 }, (_, i) => EXAMPLE_PURCHASE_YEAR - LOOKBACK_PRIOR_YEARS + i);

export default function Article() {
  const $ = (n: number) => formatCurrency(n);
  return (
    <ArticleLayout slug={slug}>
      <p>
        If you're buying your first home and you're open to a brand-new one, a federal rebate could save you up to {$(GST_REBATE_MAX)}{" "}
        <Cite source={ruleSources.gstRebate} />. Here in Alberta there's no provincial sales tax, so the {GST_RATE_PERCENT}% GST{" "}
        <Cite source={ruleSources.gstRate} /> is the only sales tax on a new home, and for most first-time buyers this rebate would take it
        off completely. Here's how it works, who qualifies and how to make sure you actually get it.
      </p>

      <div role="note" className="my-6 flex gap-3 rounded-lg border border-line bg-surface-muted p-4">
        <Info aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
        <p className="my-0">
          <strong>Now law, as of {formatLongDate(LEGISLATIVE_STATUS.source.asOf)}.</strong> The Department of Finance Canada announced this
          rebate on {formatLongDate(LEGISLATIVE_STATUS.announced)}. Parliament enacted it in {LEGISLATIVE_STATUS.bill}, the{" "}
          {LEGISLATIVE_STATUS.act}, which received Royal Assent on {formatLongDate(LEGISLATIVE_STATUS.royalAssent)}{" "}
          <Cite source={LEGISLATIVE_STATUS.source} />. The details below are the rebate as announced, and the Act as passed may differ in
          places. Before you sign, check the current rules with the{" "}
          <ExternalLink href={officialSources.financeCanada}>Department of Finance Canada</ExternalLink> and the{" "}
          <ExternalLink href={officialSources.cra}>Canada Revenue Agency</ExternalLink>, and ask your builder and lawyer how they will
          handle it.
        </p>
      </div>

      <h2>What the rebate is</h2>
      <p>
        The First-Time Home Buyers' GST Rebate refunds the GST you pay on a newly built home. The rebate is the full {GST_RATE_PERCENT}%
        GST, up to {$(GST_REBATE_MAX)}, on homes priced at {$(GST_REBATE_FULL_UP_TO)} or less. Between {$(GST_REBATE_FULL_UP_TO)} and{" "}
        {$(GST_REBATE_PHASE_OUT_END)} it shrinks in a straight line, so a home at {$(phaseOutMidpoint)} gets about{" "}
        {$(gstRebate(phaseOutMidpoint))}, and a home at {$(GST_REBATE_PHASE_OUT_END)} or more gets nothing{" "}
        <Cite source={ruleSources.gstRebate} />.
      </p>
      <p>
        It sits on top of the existing programs for first-time buyers. It doesn't stop you from using a First Home Savings Account (up to
        $40,000 over your lifetime, $8,000 a year) <Cite source={ruleSources.fhsa} />, the Home Buyers' Plan (up to $60,000 per person from
        your RRSPs, raised from $35,000 in April 2024) <Cite source={ruleSources.homeBuyersPlan} /> or the First-Time Home Buyers' Tax
        Credit (a $10,000 credit amount, worth up to $1,500 in federal tax savings) <Cite source={ruleSources.homeBuyersAmount} />.
      </p>

      <h2>How much you could save</h2>
      <p>
        On a {$(600_000)} new home the rebate would be {$(gstRebate(600_000))}; on an {$(800_000)} home, {$(gstRebate(800_000))}. The table
        shows more prices, and the calculator below works it out for yours.
      </p>
      <CompactTable>
        <GstRebateTable prices={tablePrices} />
      </CompactTable>
      <GstRebateCalculator />
      <p className="text-sm text-ink-muted">
        Figures are estimates from the rule as announced <Cite source={ruleSources.gstRebate} />, using the home's price before GST. Your
        builder's agreement and the Act decide the actual amount.
      </p>

      <h2>Who qualifies</h2>
      <p>As announced, these are the tests. If you buy with someone else, at least one of you has to meet them.</p>
      <ul className="my-4 space-y-3">
        {eligibility.map((item) => (
          <li key={item.title} className="flex gap-3">
            <CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
            <span>
              <strong>{item.title}.</strong> {item.description}
            </span>
          </li>
        ))}
      </ul>
      <p>
        The first-time buyer test counts the year of purchase plus the four calendar years before it. For a purchase in{" "}
        {EXAMPLE_PURCHASE_YEAR}, that means you can't have lived in a home owned by you or your spouse or partner at any time in{" "}
        {lookbackYears.slice(0, -1).join(", ")} or {lookbackYears.at(-1)} <Cite source={ruleSources.gstRebate} />. Owned a condo until 2019
        and rented since? You would count as a first-time buyer again.
      </p>

      <h2>Which homes qualify</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {homeTypes.map((item) => (
          <section key={item.title} className="rounded-xl border border-line bg-surface-muted p-5">
            <h3 className="mt-0 text-lg">{item.title}</h3>
            <p className="text-sm">{item.description}</p>
          </section>
        ))}
      </div>
      <p>
        Around Edmonton that covers a lot of choice: new single-family homes and duplexes in the growing communities on the city's edges and
        in St. Albert, Sherwood Park, Spruce Grove, Leduc and Beaumont, and new condos and townhouses throughout the region.
      </p>

      <h2>Key dates</h2>
      <ol className="my-4 space-y-4 border-l-2 border-brand pl-6">
        {timeline.map((item) => (
          <li key={item.date}>
            <p className="my-0 flex items-center gap-2 font-bold text-ink">
              <CalendarDays aria-hidden="true" className="size-4 text-brand" />
              {item.iso ? <time dateTime={item.iso}>{item.date}</time> : item.date}
            </p>
            <p className="my-1 text-ink-muted">{item.event}</p>
          </li>
        ))}
      </ol>
      <p className="text-sm">
        <Cite source={ruleSources.gstRebate} />
      </p>

      <h2>How to claim it</h2>
      <h3>1. At purchase, through your builder</h3>
      <p>
        This is the easy way. The builder credits the rebate to you on the purchase price at closing and claims it back from the government
        itself, the same way builders already handle the existing GST new housing rebate. You sign the builder's rebate forms, and your
        lawyer checks that the credit appears on the statement of adjustments. Ask about this before you sign the purchase agreement, and
        get it in writing.
      </p>
      <h3>2. After closing, from the Canada Revenue Agency</h3>
      <p>
        If the builder doesn't credit the rebate, or you built the home yourself or bought co-op shares, you apply to the{" "}
        <ExternalLink href={officialSources.cra}>Canada Revenue Agency</ExternalLink> after closing. You pay the GST up front and get it
        back later, so plan your cash for closing day accordingly. Keep your purchase agreement, the statement of adjustments and proof of
        the GST you paid.
      </p>

      <h2>Restrictions to know about</h2>
      <ul className="my-4 space-y-3">
        <li className="flex gap-3">
          <XCircle aria-hidden="true" className="mt-1 size-5 shrink-0 text-danger" />
          <span>
            <strong>Price limits.</strong> The full rebate stops at {$(GST_REBATE_FULL_UP_TO)}; it phases out above that and there is none
            at {$(GST_REBATE_PHASE_OUT_END)} <Cite source={ruleSources.gstRebate} />.
          </span>
        </li>
        {restrictions.map((item) => (
          <li key={item.title} className="flex gap-3">
            <XCircle aria-hidden="true" className="mt-1 size-5 shrink-0 text-danger" />
            <span>
              <strong>{item.title}.</strong> {item.description}
            </span>
          </li>
        ))}
      </ul>
      <p>
        My advice: if a new home is on your list, let's confirm the builder's rebate process and your eligibility before you sign anything.
        A purchase agreement that can't be changed later is the most expensive place to discover a problem.
      </p>

      <section aria-labelledby="follow-heading" className="mt-12">
        <h2 id="follow-heading">Follow me for updates</h2>
        <p>I post when programs like this change, along with new listings and market updates for Edmonton and area.</p>
        <ul className="mt-3 flex flex-wrap gap-3">
          {site.social.map((s) => (
            <li key={s.name}>
              <ExternalLink
                href={s.href}
                className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line px-4 py-2 font-bold text-brand hover:bg-brand-soft"
                icon={<ExternalLinkIcon aria-hidden="true" className="size-4" />}
              >
                {s.name}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </section>

      <ContactBlock heading="Buying your first new home?">
        <p>
          Call or e-mail me. I'll help you compare new builds with resale homes, check how your builder handles the rebate, and make sure
          nothing is missed before you sign.
        </p>
      </ContactBlock>

      <RelatedPosts current={slug} slugs={continueReading} heading="Continue reading" />
    </ArticleLayout>
  );
}
