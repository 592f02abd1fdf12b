import { ListingsWidget, WIDGET_HEIGHT } from "~/components/widgets/listings-widget";

/** The New Listings section of the home page: the agent's latest-listings widget. */
export function NewListings({ widgetId }: { widgetId: string }) {
  return (
    <section aria-labelledby="new-listings-heading" className="mx-auto max-w-6xl px-4 pt-14">
      <h2 id="new-listings-heading" className="text-3xl font-bold tracking-tight text-ink">
        New Listings
      </h2>
      <p className="mt-2 text-ink-muted">The newest homes on the market in Edmonton and the surrounding area, updated through the day.</p>
      <ListingsWidget widgetId={widgetId} label="Latest MLS® listings" height={WIDGET_HEIGHT.newListings} className="mt-6" />
    </section>
  );
}
