import ArrowLeft from "lucide-react/icons/arrow-left";
import CalendarCheck from "lucide-react/icons/calendar-check";
import FileText from "lucide-react/icons/file-text";
import Megaphone from "lucide-react/icons/megaphone";
import Newspaper from "lucide-react/icons/newspaper";
import Printer from "lucide-react/icons/printer";
import Search from "lucide-react/icons/search";
import { Link } from "react-router";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ButtonLink } from "~/components/ui/button";
import { marketingCards, reporting } from "~/content/blog/data/marketing-strategy-for-home-sellers";
import { site } from "~/content/site";
import type { Route } from "./+types/marketing-strategy-for-home-sellers";

const slug = "marketing-strategy-for-home-sellers";

export const meta: Route.MetaFunction = () => articleMeta(slug);

const otherBlogs = [
  "do-you-know-what-is-your-home-worth",
  "essential-real-estate-contacts",
  "free-online-resources-for-home-buyers-and-sellers",
  "hidden-costs-buying-home-alberta",
  "tips-and-tricks-to-buy-in-sellers-market",
  "best-restaurants-in-edmonton",
] as const;

const printPieces = [
  {
    icon: Printer,
    title: "Flyers",
    text: "Delivered to the homes around yours. Neighbours often know someone who wants to move onto their street, and they talk.",
  },
  {
    icon: FileText,
    title: "Feature sheets",
    text: "A printed sheet at every showing with the photos, room sizes, upgrades and monthly costs, so buyers remember your home after touring five others.",
  },
  {
    icon: CalendarCheck,
    title: "Open house promotion",
    text: "Directional signs on open-house day, posts and ads the week before, and a sign-in so every visitor gets a follow-up.",
  },
] as const;

const cardId = (title: string) => `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export default function Article() {
  return (
    <ArticleLayout slug={slug}>
      <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-bold text-brand underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Blog
      </Link>

      <section aria-labelledby="hero-heading" className="mt-6 rounded-2xl border border-line bg-surface-muted p-6 sm:p-8">
        <Megaphone aria-hidden="true" className="size-8 text-brand" />
        <h2 id="hero-heading" className="mt-3">
          Selling a home is a marketing job
        </h2>
        <p className="text-lg">
          The right buyer for your home is out there, but they won't find it by accident. My job is to make sure every serious buyer in
          Edmonton and area sees your home at its best, in the first week it's on the market, and that every one of them who shows interest
          hears back from me.
        </p>
        <p>This is the plan I follow for every listing, from the first walk-through to the day the sale closes.</p>
      </section>

      <h2>The four parts of my marketing plan</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        {marketingCards.map((card) => (
          <section
            key={card.title}
            aria-labelledby={cardId(card.title)}
            className={`rounded-xl border border-line border-t-4 bg-surface p-5 ${card.colours.border}`}
          >
            <span className={`inline-flex size-11 items-center justify-center rounded-lg ${card.colours.iconBg}`}>
              <card.icon aria-hidden="true" className={`size-6 ${card.colours.iconText}`} />
            </span>
            <h3 id={cardId(card.title)} className="mt-3">
              {card.title}
            </h3>
            <ul className="list-disc space-y-1.5 pl-5 text-ink">
              {card.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <h2>Search engines and content</h2>
      <p>
        Most buyers start on their phone with a search. A listing that shows up, and reads well when it does, gets more showings. Here is
        what I do so your home is found:
      </p>
      <ul>
        <li>
          <strong>A description written for people first.</strong> It leads with what buyers in your price range look for (the
          neighbourhood, bedrooms, the garage, the developed basement) and uses the words they actually type into a search box.
        </li>
        <li>
          <strong>Photos in the right order, with captions.</strong> The best photo goes first because it's the one on every search result.
        </li>
        <li>
          <strong>Neighbourhood content.</strong> Schools, parks, trails and commute times, so out-of-town buyers understand the location as
          well as the house.
        </li>
        <li>
          <strong>Your home on my website.</strong> Listings appear on my <Link to="/search">property search</Link>, and buyers who signed
          up for <Link to="/instant-updates">instant updates</Link> hear about matching homes right away.
        </li>
      </ul>
      <p className="flex items-start gap-2 rounded-lg bg-brand-soft p-4 text-ink">
        <Search aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
        <span>
          The first week on the market matters most. Interest is highest when a listing is new, so everything above is ready before your
          home goes live, not added later.
        </span>
      </p>

      <h2>Local and print marketing</h2>
      <p>Online gets buyers interested; local marketing reaches the people who already love your area.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        {printPieces.map((piece) => (
          <div key={piece.title} className="rounded-xl border border-line p-5">
            <piece.icon aria-hidden="true" className="size-6 text-brand" />
            <h3 className="mt-2">{piece.title}</h3>
            <p className="text-sm text-ink-muted">{piece.text}</p>
          </div>
        ))}
      </div>

      <h2>Reporting and feedback</h2>
      <p>You should never have to wonder what's happening with your sale. While your home is listed you'll get:</p>
      <dl className="mt-4 space-y-4">
        {reporting.map((item) => (
          <div key={item.title} className="rounded-lg border-l-4 border-brand bg-surface-muted p-4">
            <dt className="flex items-center gap-2 font-bold text-ink">
              <Newspaper aria-hidden="true" className="size-4 text-brand" />
              {item.title}
            </dt>
            <dd className="mt-1 text-ink-muted">{item.description}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="why-heading" className="mt-12 rounded-2xl bg-brand-soft p-6 sm:p-8">
        <h2 id="why-heading" className="mt-0">
          Why list with me
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-ink">
          <li>
            {site.agent.yearsLicensed} years as a licensed {site.agent.title} in Edmonton and the surrounding communities, with{" "}
            {site.brokerage.name}.
          </li>
          <li>A written marketing plan for your home before it lists, so you know exactly what will happen and when.</li>
          <li>Pricing based on evidence: a comparative market analysis you can read and question.</li>
          <li>You deal with me from start to finish, and I answer my own phone.</li>
          <li>Honest advice, including when the best move is to wait, fix something first, or not sell at all.</li>
        </ul>
        <div className="mt-5 flex flex-wrap gap-3">
          <ButtonLink to="/free-home-valuation">Get a free home valuation</ButtonLink>
          <ButtonLink to="/marketing-strategy" variant="secondary">
            See my full marketing strategy
          </ButtonLink>
        </div>
      </section>

      <RelatedPosts current={slug} slugs={otherBlogs} heading="Other blogs" />

      <ContactBlock heading="Thinking of selling?">
        <p>
          Call or e-mail me for a no-obligation conversation about your home, your timing and what it could sell for. I'll bring the
          numbers.
        </p>
      </ContactBlock>
    </ArticleLayout>
  );
}
