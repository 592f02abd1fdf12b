import type { ReactNode } from "react";
import { HydrationChunk } from "~/components/ui/hydration-chunk";
import { testimonials } from "~/content/testimonials";
import { AreasGrid } from "./areas-grid";
import { Hero } from "./hero";
import { NewListings } from "./new-listings";
import { TestimonialsCarousel } from "./testimonials-carousel";

export interface HomeWidgetIds {
  search: string;
  newListings: string;
}

/**
 * The sections of the home page, in order. The theme pages render the same sections with their
 * own two widget ids inside a theme class, so there is one home page, not five copies.
 * `afterHero`: a section of the home page's own under the hero (the agent's listings from the feed).
 */
export function HomeSections({ widgetIds, afterHero }: { widgetIds: HomeWidgetIds; afterHero?: ReactNode }) {
  return (
    <>
      <HydrationChunk>
        <Hero searchWidgetId={widgetIds.search} />
      </HydrationChunk>
      {afterHero && <HydrationChunk>{afterHero}</HydrationChunk>}
      <HydrationChunk>
        <NewListings widgetId={widgetIds.newListings} />
      </HydrationChunk>
      <HydrationChunk>
        <AreasGrid />
      </HydrationChunk>
      <HydrationChunk>
        <TestimonialsCarousel items={testimonials} />
      </HydrationChunk>
    </>
  );
}
