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
 */
export function HomeSections({ widgetIds }: { widgetIds: HomeWidgetIds }) {
  return (
    <>
      <HydrationChunk>
        <Hero searchWidgetId={widgetIds.search} />
      </HydrationChunk>
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
