import Bath from "lucide-react/icons/bath";
import BedDouble from "lucide-react/icons/bed-double";
import CalendarDays from "lucide-react/icons/calendar-days";
import Clock from "lucide-react/icons/clock";
import Ruler from "lucide-react/icons/ruler";
import { BackButton } from "~/components/layout/back-button";
import { ButtonLink } from "~/components/ui/button";
import { Container, PageHeader } from "~/components/ui/page-header";
import { openHouses } from "~/content/open-houses";
import { formatLongDate } from "~/lib/dates";
import { formatCurrency, formatNumber } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/open-house";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Open Houses in Edmonton",
    description: "Open houses in Edmonton, St. Albert, Sherwood Park and Spruce Grove: dates, times and home details. Ask for this weekend's full schedule.",
    path: location.pathname,
  });

export default function OpenHousePage() {
  return (
    <>
      <PageHeader
        title="Open Houses"
        subtitle="Drop in, look around, ask questions. These sample cards show how open houses appear here; call or message me for this weekend's full schedule."
      />
      <Container className="py-10">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {openHouses.map((h) => (
            <li key={h.id} className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
              <img src={h.image} alt={`Illustration of the sample home in ${h.address.replace("Sample home, ", "")}`} width={640} height={400} loading="lazy" className="aspect-[8/5] h-auto w-full bg-surface-muted" />
              <div className="p-5">
                <p className="text-2xl font-bold text-ink">{formatCurrency(h.price)}</p>
                <h2 className="mt-1 font-bold text-ink">{h.address}</h2>
                <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays aria-hidden="true" className="size-4" />
                    <time dateTime={h.date}>{formatLongDate(h.date)}</time>
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
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap items-center gap-3">
          <ButtonLink to="/search">Search all listings</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            Ask about an open house
          </ButtonLink>
          <BackButton />
        </div>
      </Container>
    </>
  );
}
