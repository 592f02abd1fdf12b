/**
 * The map's listings as one compact document (issue 45): every matching listing's key, point and
 * price in parallel arrays of small integers, not an array of objects, so the whole region's
 * 20,000 listings fit one request well under 150 KB gzipped (`npm run bench`, BENCH_ONLY=search).
 * Encoded by the server (app/routes/resources/listings-map-data.ts), decoded by the map in the
 * browser: pure, no database.
 *
 * - Points are whole units of 1/MAP_SCALE degree (about 1 m north–south) from the box's south-west
 *   corner, so each is a short number.
 * - Keys that are all plain numbers (the DDF's are) go in ascending order as differences from the
 *   previous one (a few digits each); otherwise as strings.
 * - Prices in whole thousands of dollars, 0 for none: enough for a marker's label.
 */
export const MAP_SCALE = 1e5;

export interface MapListing {
  key: string;
  latitude: number;
  longitude: number;
  price: number | null;
}

export interface MapData {
  v: 1;
  /** South-west corner, in degrees; points are offsets from it in 1/MAP_SCALE degree. */
  origin: [latitude: number, longitude: number];
  /** The keys as ascending differences (all numeric), else null. */
  keyDeltas: number[] | null;
  /** The keys as strings when they are not all numeric, else null. */
  keys: string[] | null;
  lat: number[];
  lng: number[];
  /** Thousands of dollars, 0 for no price. */
  price: number[];
}

const NUMERIC_KEY = /^[1-9][0-9]{0,14}$/;

export function encodeMapData(listings: readonly MapListing[]): MapData {
  const numeric = listings.every((l) => NUMERIC_KEY.test(l.key));
  const sorted = numeric ? [...listings].sort((a, b) => Number(a.key) - Number(b.key)) : [...listings];
  const south = sorted.reduce((m, l) => Math.min(m, l.latitude), Infinity);
  const west = sorted.reduce((m, l) => Math.min(m, l.longitude), Infinity);
  const origin: [number, number] = sorted.length ? [Math.floor(south * 1e3) / 1e3, Math.floor(west * 1e3) / 1e3] : [0, 0];
  let previous = 0;
  return {
    v: 1,
    origin,
    keyDeltas: numeric
      ? sorted.map((l) => {
          const delta = Number(l.key) - previous;
          previous = Number(l.key);
          return delta;
        })
      : null,
    keys: numeric ? null : sorted.map((l) => l.key),
    lat: sorted.map((l) => Math.round((l.latitude - origin[0]) * MAP_SCALE)),
    lng: sorted.map((l) => Math.round((l.longitude - origin[1]) * MAP_SCALE)),
    price: sorted.map((l) => (l.price && l.price > 0 ? Math.max(1, Math.round(l.price / 1000)) : 0)),
  };
}

/** The listings back, points within half a unit of where they were; price to the thousand. */
export function decodeMapData(data: MapData): MapListing[] {
  const out: MapListing[] = [];
  let key = 0;
  for (let i = 0; i < data.lat.length; i++) {
    if (data.keyDeltas) key += data.keyDeltas[i] ?? 0;
    const price = data.price[i] ?? 0;
    out.push({
      key: data.keyDeltas ? String(key) : (data.keys?.[i] ?? ""),
      latitude: data.origin[0] + (data.lat[i] ?? 0) / MAP_SCALE,
      longitude: data.origin[1] + (data.lng[i] ?? 0) / MAP_SCALE,
      price: price > 0 ? price * 1000 : null,
    });
  }
  return out;
}

/** "$415K", "$1.2M": a marker's short price. */
export function shortPrice(price: number | null): string {
  if (price === null) return "";
  if (price >= 1_000_000) return `$${(price / 1_000_000).toFixed(price >= 10_000_000 ? 0 : 1).replace(/\.0$/, "")}M`;
  return `$${Math.round(price / 1000)}K`;
}
