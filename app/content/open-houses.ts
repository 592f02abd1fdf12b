/**
 * The six sample open-house cards of spec/site.md §2. They are illustrations of the format, not
 * live listings, and the page says so. /open-house shows them when the site has no DDF® feed, or
 * when the feed has no open house coming up.
 *
 * A sample's day is not a fixed date but a day of one of the next two weekends, counted from the
 * day the page is asked for in Edmonton (the page is rendered per request), so a sample never
 * shows a date that has passed.
 */
import { addDays, nextSaturdayAfter } from "~/lib/dates";

export interface OpenHouse {
  id: number;
  image: string;
  price: number;
  address: string;
  /** ISO date. */
  date: string;
  time: string;
  beds: number;
  baths: number;
  sqft: number;
}

/** /open-house's subtitle over the samples. */
export const SAMPLE_SUBTITLE =
  "Drop in, look around, ask questions. These sample cards show how open houses appear here; call or message me for this weekend's full schedule.";

/** /open-house's subtitle over the feed's open houses. */
export const FEED_SUBTITLE =
  "Drop in, look around, ask questions. Every open house coming up in Edmonton and area, soonest first, with my own listings at the top. Times are Edmonton time; ask me before you go, plans can change.";

/** A sample as written, with its day as a place in the coming weekends instead of a date. */
export interface OpenHouseSample extends Omit<OpenHouse, "date"> {
  /** 0: the first weekend after today, 1: the one after it. */
  weekend: 0 | 1;
  day: "Saturday" | "Sunday";
}

export const openHouseSamples: readonly OpenHouseSample[] = [
  {
    id: 1,
    image: "/images/open-house/1.svg",
    price: 489_900,
    address: "Sample home, Windermere, Edmonton",
    weekend: 0,
    day: "Saturday",
    time: "1:00 PM – 3:00 PM",
    beds: 3,
    baths: 2.5,
    sqft: 1_840,
  },
  {
    id: 2,
    image: "/images/open-house/2.svg",
    price: 379_000,
    address: "Sample home, Oliver, Edmonton",
    weekend: 0,
    day: "Saturday",
    time: "2:00 PM – 4:00 PM",
    beds: 2,
    baths: 2,
    sqft: 1_060,
  },
  {
    id: 3,
    image: "/images/open-house/3.svg",
    price: 615_000,
    address: "Sample home, Erin Ridge, St. Albert",
    weekend: 0,
    day: "Sunday",
    time: "12:00 PM – 2:00 PM",
    beds: 4,
    baths: 3.5,
    sqft: 2_210,
  },
  {
    id: 4,
    image: "/images/open-house/4.svg",
    price: 429_500,
    address: "Sample home, Summerwood, Sherwood Park",
    weekend: 0,
    day: "Sunday",
    time: "1:00 PM – 3:00 PM",
    beds: 3,
    baths: 2.5,
    sqft: 1_560,
  },
  {
    id: 5,
    image: "/images/open-house/5.svg",
    price: 349_900,
    address: "Sample home, Harvest Ridge, Spruce Grove",
    weekend: 1,
    day: "Saturday",
    time: "11:00 AM – 1:00 PM",
    beds: 3,
    baths: 2,
    sqft: 1_290,
  },
  {
    id: 6,
    image: "/images/open-house/6.svg",
    price: 725_000,
    address: "Sample home, Glenora, Edmonton",
    weekend: 1,
    day: "Sunday",
    time: "2:00 PM – 4:00 PM",
    beds: 4,
    baths: 3,
    sqft: 2_480,
  },
];

/** The six samples dated on the two weekends after `today` ("YYYY-MM-DD", Edmonton's date), soonest first. */
export function sampleOpenHouses(today: string): OpenHouse[] {
  const firstSaturday = nextSaturdayAfter(today);
  return openHouseSamples.map(({ weekend, day, ...sample }) => ({
    ...sample,
    date: addDays(firstSaturday, weekend * 7 + (day === "Sunday" ? 1 : 0)),
  }));
}
