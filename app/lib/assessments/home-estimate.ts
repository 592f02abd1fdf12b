/**
 * "What's my home worth" (issue 43): an estimated range for today from the City's assessment and
 * what comparable homes are asking. Pure (no server imports): the server feeds it the feed's
 * active listings matched to their assessment accounts, and the page and the report mail show
 * what it returns.
 *
 * The method, which the page states in words:
 * - comparable homes are listings of the same class (a house, or a condo: an account with a
 *   suite), in the same neighbourhood, widening to the ward and then the whole city until at
 *   least MIN_COMPARABLES are found;
 * - each gives the ratio of its asking price to its assessment; the middle half of those ratios
 *   (first to third quartile) times this home's assessment is the range;
 * - ratios outside RATIO_BOUNDS are dropped first: a listing matched to the wrong account, a lot
 *   sold with a house on it, a price typed with a zero too many;
 * - too few comparables even city-wide: no range, and the page offers the agent's evaluation.
 *
 * Asking prices are not sale prices, and the result is an estimate, never an appraisal.
 */

export type HomeClass = "house" | "condo";

/** At least this many comparable homes before a range is given (the "at least 5"). */
export const MIN_COMPARABLES = 5;
/** Asking / assessed outside this is no comparison but a mismatch or a typo. */
export const RATIO_BOUNDS = [0.5, 2.5] as const;
/** How many comparable homes the page lists. */
export const SHOWN_COMPARABLES = 6;

export type EstimateArea = "neighbourhood" | "ward" | "city";

/** A listing for sale, matched to its account in the live roll. */
export interface ComparableHome {
  listingKey: string;
  path: string;
  address: string;
  price: number;
  assessed: number;
  homeClass: HomeClass;
  neighbourhoodId: number | null;
  ward: string | null;
  /** [longitude, latitude], for "nearby". */
  point: [number, number] | null;
  /** The account it is matched to: the home itself when it is for sale, never its own comparable. */
  accountNumber: string;
}

export interface EstimateSubject {
  accountNumber: string;
  assessed: number;
  homeClass: HomeClass;
  neighbourhoodId: number | null;
  neighbourhood: string | null;
  ward: string | null;
  point: [number, number] | null;
}

export interface ShownComparable {
  path: string;
  address: string;
  price: number;
  assessed: number;
}

export type HomeEstimate =
  | {
      kind: "range";
      low: number;
      high: number;
      /** Asking / assessed at the first quartile, the median and the third. */
      ratios: { q1: number; median: number; q3: number };
      /** How many homes it rests on, and where they are. */
      count: number;
      area: EstimateArea;
      areaName: string;
      homeClass: HomeClass;
      comparables: ShownComparable[];
    }
  | {
      kind: "none";
      /** How many comparable homes the city has (fewer than MIN_COMPARABLES). */
      count: number;
      homeClass: HomeClass;
      comparables: ShownComparable[];
    };

/** The q-quantile of sorted values, interpolated between neighbours (PostgreSQL's percentile_cont). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error("quantile of nothing");
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/** A dollar figure as an estimate gives it: to the nearest thousand (more digits would claim more than it knows). */
export function roundEstimate(value: number): number {
  return Math.round(value / 1000) * 1000;
}

function metres(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const x = (b[0] - a[0]) * rad * Math.cos(((a[1] + b[1]) / 2) * rad);
  const y = (b[1] - a[1]) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

/** The nearest ones first (those without a point last), then the cheaper; at most SHOWN_COMPARABLES. */
function nearest(subject: EstimateSubject, homes: readonly ComparableHome[]): ShownComparable[] {
  const distance = (h: ComparableHome) => (subject.point && h.point ? metres(subject.point, h.point) : Number.POSITIVE_INFINITY);
  return [...homes]
    .sort((a, b) => distance(a) - distance(b) || a.price - b.price)
    .slice(0, SHOWN_COMPARABLES)
    .map(({ path, address, price, assessed }) => ({ path, address, price, assessed }));
}

/**
 * The estimate of `subject` from `forSale`. `names` names the areas as the page writes them
 * ("Garneau", "Ward papastew", "Edmonton").
 */
export function estimateHome(
  subject: EstimateSubject,
  forSale: readonly ComparableHome[],
  names: { neighbourhood: string | null; ward: string | null } = { neighbourhood: subject.neighbourhood, ward: subject.ward },
): HomeEstimate {
  const usable = forSale.filter((h) => {
    if (h.homeClass !== subject.homeClass || h.accountNumber === subject.accountNumber) return false;
    if (!(h.price > 0 && h.assessed > 0)) return false;
    const ratio = h.price / h.assessed;
    return ratio >= RATIO_BOUNDS[0] && ratio <= RATIO_BOUNDS[1];
  });
  const areas: { area: EstimateArea; name: string | null; homes: ComparableHome[] }[] = [
    {
      area: "neighbourhood",
      name: names.neighbourhood,
      homes: subject.neighbourhoodId === null ? [] : usable.filter((h) => h.neighbourhoodId === subject.neighbourhoodId),
    },
    { area: "ward", name: names.ward, homes: subject.ward === null ? [] : usable.filter((h) => h.ward === subject.ward) },
    { area: "city", name: "Edmonton", homes: usable },
  ];
  const basis = areas.find((a) => a.homes.length >= MIN_COMPARABLES);
  if (!basis || subject.assessed <= 0) {
    return { kind: "none", count: usable.length, homeClass: subject.homeClass, comparables: nearest(subject, usable) };
  }
  const ratios = basis.homes.map((h) => h.price / h.assessed).sort((a, b) => a - b);
  const q1 = quantile(ratios, 0.25);
  const median = quantile(ratios, 0.5);
  const q3 = quantile(ratios, 0.75);
  const round = (r: number) => Math.round(r * 1000) / 1000;
  return {
    kind: "range",
    low: roundEstimate(subject.assessed * q1),
    high: roundEstimate(subject.assessed * q3),
    ratios: { q1: round(q1), median: round(median), q3: round(q3) },
    count: basis.homes.length,
    area: basis.area,
    areaName: basis.name ?? "Edmonton",
    homeClass: subject.homeClass,
    comparables: nearest(subject, basis.homes),
  };
}

/** "6 houses for sale in Garneau", "5 condos for sale in Ward papastew", "1 house for sale in Edmonton". */
export function basisWords(count: number, homeClass: HomeClass, area: EstimateArea, areaName: string): string {
  const noun = homeClass === "house" ? (count === 1 ? "house" : "houses") : count === 1 ? "condo" : "condos";
  const where = area === "ward" ? `ward ${areaName}` : areaName;
  return `${count.toLocaleString("en-CA")} ${noun} for sale in ${where}`;
}
