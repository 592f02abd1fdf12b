import Bell from "lucide-react/icons/bell";
import HomeIcon from "lucide-react/icons/house";
import { Link } from "react-router";
import { ListingsWidget, WIDGET_HEIGHT } from "~/components/widgets/listings-widget";
import { site } from "~/content/site";

// The hero sits on the brand colour, so its buttons use the surface and on-brand colours
// rather than the brand-on-surface buttons of ui/button.
const ctaBase = "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-base font-bold transition-colors";

/**
 * The home hero: the page's heading (server-rendered, the largest text on first paint, so it is
 * the LCP element) above the embedded MLS® search widget.
 */
export function Hero({ searchWidgetId }: { searchWidgetId: string }) {
  return (
    <section aria-labelledby="hero-heading" className="bg-brand text-on-brand">
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-12 sm:pt-14">
        <h1 id="hero-heading" className="max-w-3xl text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
          Find your next home in Edmonton and area
        </h1>
        <p className="mt-4 max-w-2xl text-lg">
          Search every MLS® listing with {site.agent.name}, {site.agent.title}, and get new matches in your inbox the day they list.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/free-home-valuation" prefetch="intent" className={`${ctaBase} bg-surface text-ink hover:bg-brand-soft`}>
            <HomeIcon aria-hidden="true" className="size-5" />
            Free Home Valuation
          </Link>
          <Link to="/instant-updates" prefetch="intent" className={`${ctaBase} border border-current hover:bg-black/15`}>
            <Bell aria-hidden="true" className="size-5" />
            Instant Listing Alerts
          </Link>
        </div>
        <div className="mt-8 text-ink">
          <ListingsWidget widgetId={searchWidgetId} label="MLS® listing search" height={WIDGET_HEIGHT.search} />
        </div>
      </div>
    </section>
  );
}
