import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "react-router";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ArticleTable } from "~/components/blog/article-table";
import { CallToAction } from "~/components/blog/call-to-action";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { cmaInputs, valueComparison } from "~/content/blog/data/do-you-know-what-is-your-home-worth";
import type { Route } from "./+types/do-you-know-what-is-your-home-worth";

const slug = "do-you-know-what-is-your-home-worth";

export const meta: Route.MetaFunction = () => articleMeta(slug);

/** The five sibling articles a homeowner thinking about selling is most likely to want next. */
const otherBlogs = [
  "marketing-strategy-for-home-sellers",
  "hidden-costs-buying-home-alberta",
  "tips-and-tricks-to-buy-in-sellers-market",
  "essential-real-estate-contacts",
  "free-online-resources-for-home-buyers-and-sellers",
] as const;

export default function Article() {
  return (
    <ArticleLayout slug={slug}>
      <p>
        Most homeowners have a number in their head. It might come from an online estimate, the City's assessment notice, or what the
        neighbours' place sold for a few years ago. Each of those is a clue, but none of them is the price a buyer will pay for your home
        this month. The tool that gets closest is a <strong>comparative market analysis</strong>, or CMA, and it's the first thing I prepare
        for anyone thinking about selling.
      </p>

      <h2>What a comparative market analysis is</h2>
      <p>
        A CMA estimates your home's market value by comparing it with similar homes near you: homes that recently sold, homes for sale right
        now, and homes that were listed and didn't sell. Each comparable is adjusted up or down for the ways it differs from yours, and the
        adjusted prices point to a realistic range.
      </p>
      <p>
        It answers the question buyers are asking when they look at your listing:{" "}
        <em>compared with everything else I could buy, is this home worth the price?</em>
      </p>

      <h2>What goes into a good CMA</h2>
      <p>A useful analysis looks at three groups of homes, because each tells you something different:</p>
      <ul>
        <li>
          <strong>Recently sold homes</strong>, ideally from the last three to six months and as close to you as possible. These are the
          strongest evidence: real buyers paid these prices.
        </li>
        <li>
          <strong>Active listings</strong>: your competition. Buyers will tour them the same weekend they tour yours.
        </li>
        <li>
          <strong>Expired and withdrawn listings</strong>: homes buyers looked at and passed over. They show where the ceiling is.
        </li>
      </ul>
      <p>Then every comparable is adjusted for the differences that buyers in Edmonton and area actually pay for:</p>
      <ul>
        {cmaInputs.map((item) => (
          <li key={item.title}>
            <strong>{item.title}:</strong> {item.description}
          </li>
        ))}
      </ul>

      <h2>CMA, appraisal, assessment or online estimate?</h2>
      <p>These four numbers answer different questions, which is why they rarely match.</p>
      <ArticleTable
        label="Ways to estimate a home's value"
        caption="Four ways to put a number on a home, and what each is for"
        columns={[{ label: "Estimate" }, { label: "Who prepares it" }, { label: "What it is for" }]}
        rows={valueComparison.map((row) => ({ key: row.estimate, header: row.estimate, cells: [row.preparedBy, row.purpose] }))}
      />
      <p>
        A note on the assessment: in Alberta, municipal assessments reflect an estimate of market value as of July 1 of the year before the
        tax year, so in a moving market your notice can be months behind what buyers are paying today. It's a good sanity check, not a list
        price.
      </p>

      <h2>Why an online estimate is only a starting point</h2>
      <p>
        Automated estimates work from public records and past sales. They can't see that your basement was developed last year, that the
        furnace and shingles are new, or that the lot backs onto a busy road. They can't see a dated kitchen either. In neighbourhoods where
        homes vary a lot, that gap can be large in either direction. Pricing too high costs you weeks on the market; pricing too low leaves
        money on the table.
      </p>

      <h2>How I prepare your CMA</h2>
      <ol>
        <li>
          <strong>I look at the home.</strong> A short walk-through (or photos and a call, if you prefer) tells me about condition, updates
          and the features that set your home apart.
        </li>
        <li>
          <strong>I pull the comparables</strong> from the MLS® System: sold, active and expired listings that genuinely compete with yours.
        </li>
        <li>
          <strong>I adjust and explain.</strong> You get a price range with the reasoning behind it, comparable by comparable, so you can
          see how the number was reached.
        </li>
        <li>
          <strong>We talk strategy.</strong> Where to price within the range, when to list and what small improvements are worth doing
          first.
        </li>
      </ol>

      <h2>How you can help the numbers</h2>
      <ul>
        <li>List your improvements with the year they were done: roof, furnace, hot water tank, windows, flooring, kitchen, bathrooms.</li>
        <li>Find any permits for basement development, decks or garages. Buyers and their lawyers will ask.</li>
        <li>Have your Real Property Report handy if you already have one; it shows where the buildings sit on the lot.</li>
        <li>Tell me about anything unusual, good or bad. A surprise late in the sale costs far more than an honest conversation early.</li>
      </ul>

      <CallToAction
        heading="Find out what your home is worth"
        tone="card"
        className="mt-8"
        actions={[
          {
            to: "/free-home-valuation",
            label: (
              <>
                Get my free home valuation <ArrowRight aria-hidden="true" className="size-4" />
              </>
            ),
          },
        ]}
      >
        <p>
          A CMA from me is free and there's no obligation to list. Tell me a little about your home and I'll send you a realistic price
          range based on current sales near you.
        </p>
      </CallToAction>

      <p className="mt-8">
        Want a first figure right now? <Link to="/home-value">Look up your home&rsquo;s assessment and an estimated range</Link> from your
        address, worked out from the City of Edmonton&rsquo;s roll and the homes for sale near you.
      </p>

      <p className="mt-8">
        Thinking further ahead? See how I <Link to="/marketing-strategy">market homes for sale</Link>, or read the article below on my
        marketing plan in detail.
      </p>

      <RelatedPosts current={slug} slugs={otherBlogs} heading="More articles for homeowners" />

      <ContactBlock heading="Rather talk it through?">
        <p>Call or e-mail me and I'll walk you through recent sales on your street. No pressure, and no obligation to list.</p>
      </ContactBlock>
    </ArticleLayout>
  );
}
