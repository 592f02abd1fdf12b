/**
 * The six sample open-house cards of spec/site.md §2. They are illustrations of the format, not
 * live listings (the live ones are in the listings widget), and the page says so.
 */
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

export const openHouses: readonly OpenHouse[] = [
  { id: 1, image: "/images/open-house/1.svg", price: 489_900, address: "Sample home, Windermere, Edmonton", date: "2026-12-05", time: "1:00 PM – 3:00 PM", beds: 3, baths: 2.5, sqft: 1_840 },
  { id: 2, image: "/images/open-house/2.svg", price: 379_000, address: "Sample home, Oliver, Edmonton", date: "2026-12-05", time: "2:00 PM – 4:00 PM", beds: 2, baths: 2, sqft: 1_060 },
  { id: 3, image: "/images/open-house/3.svg", price: 615_000, address: "Sample home, Erin Ridge, St. Albert", date: "2026-12-06", time: "12:00 PM – 2:00 PM", beds: 4, baths: 3.5, sqft: 2_210 },
  { id: 4, image: "/images/open-house/4.svg", price: 429_500, address: "Sample home, Summerwood, Sherwood Park", date: "2026-12-06", time: "1:00 PM – 3:00 PM", beds: 3, baths: 2.5, sqft: 1_560 },
  { id: 5, image: "/images/open-house/5.svg", price: 349_900, address: "Sample home, Harvest Ridge, Spruce Grove", date: "2026-12-12", time: "11:00 AM – 1:00 PM", beds: 3, baths: 2, sqft: 1_290 },
  { id: 6, image: "/images/open-house/6.svg", price: 725_000, address: "Sample home, Glenora, Edmonton", date: "2026-12-13", time: "2:00 PM – 4:00 PM", beds: 4, baths: 3, sqft: 2_480 },
];
