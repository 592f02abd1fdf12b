import MapPin from "lucide-react/icons/map-pin";
import Utensils from "lucide-react/icons/utensils";
import { Link } from "react-router";
import { ArticleLayout, articleMeta, requirePost } from "~/components/blog/article-layout";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ShareBar } from "~/components/blog/share-bar";
import { ButtonLink } from "~/components/ui/button";
import { type Restaurant, priceRangeLabels, restaurants } from "~/content/blog/data/best-restaurants-in-edmonton";
import type { Route } from "./+types/best-restaurants-in-edmonton";

const slug = "best-restaurants-in-edmonton";

export const meta: Route.MetaFunction = () => articleMeta(slug);

export default function Article() {
  const post = requirePost(slug);
  return (
    <ArticleLayout slug={slug}>
      <p>
        When I show homes around Edmonton, one question comes up almost as often as questions about schools: "Where do you like to eat
        around here?" A neighbourhood is more than its houses, and a good local restaurant is one of the things that makes a place feel like
        home.
      </p>
      <p>
        These are nine long-standing favourites I recommend to clients, friends and family visiting from out of town. They range from a
        weekend pastry run to a special-occasion dinner, and together they cover some of the city's best neighbourhoods to live in, too.
      </p>
      <p className="rounded-lg border border-line bg-surface-muted p-4 text-sm text-ink-muted">
        Menus, hours and prices change, and restaurants move or close. Check the restaurant's own website or call before you go, and book
        ahead for dinner on weekends.
      </p>

      <h2>My nine picks</h2>
      <ul className="m-0 grid list-none gap-4 space-y-0 p-0 sm:grid-cols-2">
        {restaurants.map((r) => (
          <li key={r.name}>
            <RestaurantCard restaurant={r} />
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink-muted">
        Price guide: $ budget-friendly, $$ moderate, $$$ upscale, $$$$ fine dining. These are my rough impressions, not price quotes.
      </p>

      <h2>Planning a special night out</h2>
      <p>
        If you are celebrating, a tasting menu is the easiest way to see what a kitchen does best: several courses chosen by the chef, often
        with optional wine pairings. At the time of writing you can find tasting menus in Edmonton from around $99 per person, before
        drinks, tax and tip, and longer menus cost more. RGE RD is known for its tasting menu; ask about the current price and dietary
        options when you book.
      </p>
      <p>A few things that make the evening easier:</p>
      <ul>
        <li>Reserve a week or two ahead for Friday and Saturday, and longer around holidays or a big event downtown.</li>
        <li>Mention allergies and dietary needs when you book, not when you sit down.</li>
        <li>Downtown spots are close to Rogers Place and the Winspear Centre, so dinner and a show or a game is easy on foot.</li>
      </ul>

      <h2>Want to live near your favourite spots?</h2>
      <p>
        Downtown, the 124 Street area and Old Strathcona all put restaurants, cafés and shops within walking distance. If that lifestyle
        appeals to you, I can show you what is for sale nearby and what living there day to day is really like, from parking to noise on a
        Saturday night.
      </p>
      <div className="my-6 flex flex-wrap gap-3">
        <ButtonLink to="/search" className="no-underline">
          Search homes for sale
        </ButtonLink>
        <ButtonLink to="/contact" variant="secondary" className="no-underline">
          Ask me about a neighbourhood
        </ButtonLink>
      </div>
      <p>
        Or <Link to="/contact">send me a message</Link> with your own favourite: I am always looking for the next place to try.
      </p>

      <ShareBar title={post.title} description={post.description} label="Share this list with a fellow foodie" />

      <RelatedPosts
        current={slug}
        slugs={[
          "easiest-way-to-decrease-your-screen-time",
          "essential-real-estate-contacts",
          "free-online-resources-for-home-buyers-and-sellers",
          "do-you-know-what-is-your-home-worth",
        ]}
        heading="More from the blog"
      />
      <ContactBlock />
    </ArticleLayout>
  );
}

function RestaurantCard({ restaurant: r }: { restaurant: Restaurant }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-line bg-surface p-5">
      <p className="m-0 text-xs font-bold uppercase tracking-wide text-brand">{r.category}</p>
      <h3 className="mt-1 mb-0">{r.name}</h3>
      <dl className="mt-3 grid gap-1 text-sm text-ink-muted">
        <div className="flex items-start gap-2">
          <dt>
            <MapPin aria-hidden="true" className="mt-0.5 size-4" />
            <span className="sr-only">Location</span>
          </dt>
          <dd>{r.location}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <Utensils aria-hidden="true" className="mt-0.5 size-4" />
            <span className="sr-only">Known for</span>
          </dt>
          <dd>{r.specialty}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt className="font-bold text-ink">
            <span aria-hidden="true">{r.priceRange}</span>
            <span className="sr-only">Price range</span>
          </dt>
          <dd>{priceRangeLabels[r.priceRange]}</dd>
        </div>
      </dl>
      <p className="mb-0 text-sm leading-6">{r.description}</p>
    </article>
  );
}
