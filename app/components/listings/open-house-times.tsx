import CalendarDays from "lucide-react/icons/calendar-days";
import Clock from "lucide-react/icons/clock";
import ExternalLinkIcon from "lucide-react/icons/external-link";
import { Link } from "react-router";
import { ExternalLink } from "~/components/blog/external-link";
import { formatTimeRange, formatWeekdayDate } from "~/lib/dates";
import { httpsUrlOf } from "~/lib/listings";
import type { OpenHouseTime } from "~/lib/listing-types";

/** "Watch the livestream", in a new tab, with the visible external-link mark and the screen-reader hint. */
export function LivestreamLink({ url, className = "" }: { url: string; className?: string }) {
  return (
    <ExternalLink
      href={url}
      className={`inline-flex min-h-11 items-center gap-1 font-bold text-brand underline ${className}`}
      icon={<ExternalLinkIcon aria-hidden="true" className="size-4 shrink-0" />}
      data-testid="livestream-link"
    >
      Watch the livestream
    </ExternalLink>
  );
}

/** `<time>`'s machine-readable value: the day, with the start time when there is one (Edmonton's local time). */
function dateTimeOf(o: OpenHouseTime): string {
  return o.start && /^\d{2}:\d{2}$/.test(o.start) ? `${o.date}T${o.start}` : o.date;
}

/** The day and hours of one open house: "Saturday, November 28" and "1:00 PM – 3:00 PM". */
export function OpenHouseWhen({ openHouse: o, className = "" }: { openHouse: OpenHouseTime; className?: string }) {
  const hours = formatTimeRange(o.start, o.end);
  return (
    <p className={`flex flex-wrap gap-x-4 gap-y-1 ${className}`}>
      <span className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        <time dateTime={dateTimeOf(o)}>{formatWeekdayDate(o.date)}</time>
      </span>
      {hours && (
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {hours}
        </span>
      )}
    </p>
  );
}

/** "I'll be there": the open house's RSVP page (routes/listing-open-house.tsx), a plain link that needs no script. */
export function RsvpLink({ listingPath, openHouseKey, className = "" }: { listingPath: string; openHouseKey: string; className?: string }) {
  return (
    <Link
      to={`${listingPath}/open-house/${encodeURIComponent(openHouseKey)}`}
      className={`inline-flex min-h-11 items-center font-bold text-brand underline ${className}`}
      data-testid="open-house-rsvp-link"
    >
      I&apos;ll be there
    </Link>
  );
}

/** A listing page's "Open houses": each upcoming one with its hours, its RSVP and livestream; nothing when none is planned. */
export function OpenHousesSection({
  openHouses,
  listingPath,
  className = "",
}: {
  openHouses: readonly OpenHouseTime[];
  listingPath?: string;
  className?: string;
}) {
  if (openHouses.length === 0) return null;
  return (
    <section aria-labelledby="open-houses-heading" className={className} data-testid="open-houses">
      <h2 id="open-houses-heading" className="text-xl font-bold text-ink">
        Open houses
      </h2>
      <ul className="mt-2 divide-y divide-line rounded-lg border border-line">
        {openHouses.map((o) => {
          const livestream = httpsUrlOf(o.livestreamUrl);
          return (
            <li
              key={`${o.date}-${o.start ?? ""}`}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-ink"
            >
              <OpenHouseWhen openHouse={o} />
              {listingPath && o.openHouseKey && <RsvpLink listingPath={listingPath} openHouseKey={o.openHouseKey} />}
              {livestream && <LivestreamLink url={livestream} />}
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-sm text-ink-muted">Times are Edmonton time. Plans can change: ask me before you go.</p>
    </section>
  );
}
