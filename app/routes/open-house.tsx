import Bath from "lucide-react/icons/bath";
import BedDouble from "lucide-react/icons/bed-double";
import CalendarDays from "lucide-react/icons/calendar-days";
import Clock from "lucide-react/icons/clock";
import Ruler from "lucide-react/icons/ruler";
import { Link } from "react-router";
import { BackButton } from "~/components/layout/back-button";
import { DdfNotice } from "~/components/listings/ddf-notices";
import { CardPhoto } from "~/components/listings/listing-card";
import { CardMarks } from "~/components/listings/listing-marks";
import { bedsBaths, brokerageNames, formatListingPrice, formatLivingArea } from "~/lib/listing-text";
import { type OpenHouseListing, SEARCH_CITIES } from "~/lib/listing-types";
import { LivestreamLink, OpenHouseWhen, RsvpLink } from "~/components/listings/open-house-times";
import { ButtonLink } from "~/components/ui/button";
import { Container, PageHeader } from "~/components/ui/page-header";
import { FEED_SUBTITLE, type OpenHouse, SAMPLE_SUBTITLE, sampleOpenHouses } from "~/content/open-houses";
import { edmontonDate, formatWeekdayDate } from "~/lib/dates";
import { formatCurrency, formatNumber } from "~/lib/format";
import { CATEGORY_LABELS, httpsUrlOf } from "~/lib/listings";
import { pageMeta } from "~/lib/seo";
import { upcomingOpenHouses } from "~/lib/server/listings/queries.server";
import { serverContext } from "~/router-context";
import type { Route } from "./+types/open-house";

/**
 * /open-house, rendered per request (never prerendered). With the DDF® feed: the upcoming open
 * houses in the site's areas, the agent's own first, then the soonest. Without the feed, or when
 * it has none coming up: the six sample cards of spec §2, dated on the next two weekends in
 * Edmonton, so no sample ever shows a day that has passed.
 */
const OPEN_HOUSES_SHOWN = 24;

type Loaded = { upcoming: OpenHouseListing[]; samples: null } | { upcoming: null; samples: OpenHouse[] };

export async function loader({ context }: Route.LoaderArgs): Promise<Loaded> {
  const feed = context.get(serverContext)?.listings;
  if (feed) {
    const upcoming = await upcomingOpenHouses(feed.db, { memberKey: feed.memberKey, cities: SEARCH_CITIES, limit: OPEN_HOUSES_SHOWN });
    if (upcoming.length > 0) return { upcoming, samples: null };
  }
  return { upcoming: null, samples: sampleOpenHouses(edmontonDate()) };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) =>
  pageMeta({
    title: "Open Houses in Edmonton",
    description: loaderData?.upcoming
      ? "Upcoming open houses in Edmonton and area from the MLS® System: days, times, livestreams and home details, updated through the day."
      : "Open houses in Edmonton, St. Albert, Sherwood Park and Spruce Grove: dates, times and home details. Ask for this weekend's full schedule.",
    path: location.pathname,
  });

export default function OpenHousePage({ loaderData }: Route.ComponentProps) {
  const { upcoming, samples } = loaderData;
  return (
    <>
      <PageHeader title="Open Houses" subtitle={upcoming ? FEED_SUBTITLE : SAMPLE_SUBTITLE} />
      <Container className="py-10">
        {upcoming ? (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="open-house-listings">
              {upcoming.map((o, i) => (
                <FeedOpenHouseCard key={`${o.listing.key}-${o.date}-${o.start ?? ""}`} openHouse={o} eager={i === 0} />
              ))}
            </ul>
            <DdfNotice className="mt-8" />
          </>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="open-house-samples">
            {samples.map((h) => (
              <SampleCard key={h.id} house={h} />
            ))}
          </ul>
        )}
        <div className="mt-10 flex flex-wrap items-center gap-3">
          <ButtonLink to={upcoming ? "/listings" : "/search"}>Search all listings</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            Ask about an open house
          </ButtonLink>
          <BackButton />
        </div>
      </Container>
    </>
  );
}

/** An open house of the feed: the home's photo, price, address and brokerage, the day and hours, its livestream. */
function FeedOpenHouseCard({ openHouse: o, eager }: { openHouse: OpenHouseListing; eager: boolean }) {
  const l = o.listing;
  const area = formatLivingArea(l.area, l.areaUnits);
  const facts = [...bedsBaths(l.beds, l.baths), ...(area ? [area] : [])];
  const brokerage = brokerageNames(l.brokerages);
  const livestream = httpsUrlOf(o.livestreamUrl);
  const place = `${l.address}${l.city ? `, ${l.city}` : ""}`;
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm" data-testid="open-house-card">
      {/* The photo links to the home too, for a tap; the heading's link is the one announced. */}
      <Link to={l.path} tabIndex={-1} aria-hidden="true" className="block aspect-[4/3] bg-surface-muted">
        <CardPhoto photo={l.photo} alt="" eager={eager} />
      </Link>
      <div className="flex flex-1 flex-col p-5 wrap-anywhere">
        <CardMarks listing={l} />
        <p className="text-2xl font-bold text-ink">{formatListingPrice(l.price)}</p>
        <h2 className="mt-1 font-bold">
          <Link to={l.path} className="text-brand underline-offset-2 hover:underline">
            {place}
          </Link>
        </h2>
        <OpenHouseWhen openHouse={o} className="mt-3 text-sm text-ink" />
        {facts.length > 0 && <p className="mt-2 text-sm text-ink-muted">{[...facts, CATEGORY_LABELS[l.category]].join(" · ")}</p>}
        {brokerage && (
          <p className="mt-2 text-xs text-ink-muted" data-testid="card-brokerage">
            Listing brokerage: {brokerage}
          </p>
        )}
        {o.openHouseKey && <RsvpLink listingPath={l.path} openHouseKey={o.openHouseKey} className="mt-2 self-start text-sm" />}
        {livestream && <LivestreamLink url={livestream} className="mt-2 self-start text-sm" />}
      </div>
    </li>
  );
}

/** One of the spec's sample cards, marked as a sample by its address and the page's subtitle. */
function SampleCard({ house: h }: { house: OpenHouse }) {
  return (
    <li className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm" data-testid="open-house-sample">
      <img
        src={h.image}
        alt={`Illustration of the sample home in ${h.address.replace("Sample home, ", "")}`}
        width={640}
        height={400}
        loading="lazy"
        className="aspect-[8/5] h-auto w-full bg-surface-muted"
      />
      <div className="p-5">
        <p className="text-2xl font-bold text-ink">{formatCurrency(h.price)}</p>
        <h2 className="mt-1 font-bold text-ink">{h.address}</h2>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={h.date}>{formatWeekdayDate(h.date)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {h.time}
          </span>
        </p>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink">
          <li className="inline-flex items-center gap-1">
            <BedDouble aria-hidden="true" className="size-4" /> {h.beds} beds
          </li>
          <li className="inline-flex items-center gap-1">
            <Bath aria-hidden="true" className="size-4" /> {h.baths} baths
          </li>
          <li className="inline-flex items-center gap-1">
            <Ruler aria-hidden="true" className="size-4" /> {formatNumber(h.sqft)} sq ft
          </li>
        </ul>
      </div>
    </li>
  );
}
