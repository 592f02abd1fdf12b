import ArrowLeft from "lucide-react/icons/arrow-left";
import CircleCheck from "lucide-react/icons/circle-check";
import Lightbulb from "lucide-react/icons/lightbulb";
import MapPin from "lucide-react/icons/map-pin";
import { Link } from "react-router";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ButtonLink } from "~/components/ui/button";
import { WIDEN_SEARCH_STRATEGY, finalTips, serviceCities, strategies } from "~/content/blog/data/tips-and-tricks-to-buy-in-sellers-market";
import { agentJsonLd } from "~/lib/agent-structured-data";
import type { Route } from "./+types/tips-and-tricks-to-buy-in-sellers-market";

const slug = "tips-and-tricks-to-buy-in-sellers-market";

export const meta: Route.MetaFunction = () =>
  articleMeta(slug, { extraJsonLd: [agentJsonLd({ areaServed: serviceCities.map((a) => a.name) })] });

function ServiceAreas() {
  return (
    <div className="mt-4 rounded-lg bg-surface-muted p-4">
      <h4 id="service-areas" className="font-bold text-ink">
        Communities I work in
      </h4>
      <ul className="mt-2 grid list-none! grid-cols-2 gap-x-4 gap-y-1 pl-0! text-sm sm:grid-cols-3">
        {serviceCities.map((a) => (
          <li key={a.path} className="flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand" />
            <Link to={a.path} className="py-1 text-brand underline">
              {a.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Article() {
  return (
    <ArticleLayout slug={slug}>
      <p>
        In a seller's market there are more buyers than homes for sale. Good listings draw several offers, prices can go over asking and
        conditions get tight. It can feel like you're always a step behind, but buyers win homes in these markets every week. These are the
        ten strategies I use with my buyers in Edmonton and area to put their offer on top without overpaying or taking risks they'll
        regret.
      </p>

      <h2>How do you know it's a seller's market?</h2>
      <p>
        The market can differ from one neighbourhood, price range and property type to the next: entry-level townhouses can be hot while
        luxury homes sit. Signs you're in a seller's market for the homes you want:
      </p>
      <ul>
        <li>Good listings sell within days, often on an offer date the seller has set.</li>
        <li>Homes regularly sell at or above the asking price.</li>
        <li>
          Sales are high compared with new listings. Real estate boards publish this as the sales-to-new-listings ratio: the higher it is,
          the more the market favours sellers.
        </li>
        <li>You are seeing few new listings in your price range each week, and the ones you like get multiple offers.</li>
      </ul>
      <p>
        I track these numbers for the areas my buyers are looking in; ask me what they are right now for yours before you decide how
        aggressive to be.
      </p>

      <h2>Ten strategies that win in a seller's market</h2>
      <ol className="list-none! space-y-6! pl-0!">
        {strategies.map((s, index) => (
          <li key={s.title} className="rounded-xl border border-line p-5 sm:p-6">
            <h3 className="mt-0! flex items-start gap-3">
              <span
                aria-hidden="true"
                className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full text-base font-bold ${s.colours.badge}`}
              >
                {index + 1}
              </span>
              <span className="pt-0.5">
                <span className="sr-only">Strategy {index + 1}: </span>
                {s.title}
              </span>
            </h3>
            <p>{s.content}</p>
            <div className="mt-4 flex gap-3 rounded-lg border-l-4 border-brand bg-brand-soft p-4">
              <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
              <p className="my-0!">
                <strong>Pro tip:</strong> {s.proTip}
              </p>
            </div>
            {s.links && (
              <p className="mb-0! text-sm">
                {s.links.map((l, i) => (
                  <span key={l.to}>
                    {i > 0 && <span className="text-ink-muted"> · </span>}
                    <Link to={l.to}>{l.label}</Link>
                  </span>
                ))}
              </p>
            )}
            {s.title === WIDEN_SEARCH_STRATEGY && <ServiceAreas />}
          </li>
        ))}
      </ol>

      <h2>Five final tips</h2>
      <ul className="list-none! space-y-2! pl-0!">
        {finalTips.map((tip) => (
          <li key={tip} className="flex gap-2">
            <CircleCheck aria-hidden="true" className="mt-1.5 size-4 shrink-0 text-brand" />
            <span>{tip}</span>
          </li>
        ))}
      </ul>
      <p>
        A seller's market rewards buyers who are prepared, quick and clear about their limits. Get those three right and the right home will
        come. And if you're also selling, the same market works in your favour:{" "}
        <Link to="/free-home-valuation">find out what your home is worth</Link>.
      </p>

      <ContactBlock heading="Ready to make your move?">
        <p>Call or e-mail me and we'll put together a plan to get your offer accepted, from pre-approval to possession day.</p>
      </ContactBlock>

      <div className="mt-8">
        <ButtonLink to="/blog" variant="secondary">
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to Blog
        </ButtonLink>
      </div>

      <RelatedPosts
        current={slug}
        slugs={[
          "top-10-mistakes-to-avoid-when-buying-a-home",
          "complete-step-by-step-home-buyers-guide",
          "quick-mortgage-guide-for-homebuyers",
          "hidden-costs-buying-home-alberta",
        ]}
        heading="Keep reading"
      />
    </ArticleLayout>
  );
}
