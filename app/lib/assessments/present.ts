/**
 * The City of Edmonton's assessments in words and figures, as the pages show them (issue 42).
 * Pure: the listing page and the neighbourhood pages share it, in the server's HTML and the
 * hydrated page alike.
 *
 * Truth rules: an assessment is the City's estimate of market value as of July 1 of the year
 * before its roll, named as an assessment, never as an appraisal; every figure says where it comes
 * from and under which licence.
 */
import { formatCurrency, formatNumber } from "../format";

/** The dataset pages and the licence, as the City names them. */
export const ROLL_SOURCE = {
  publisher: "City of Edmonton",
  dataset: "Property Assessment Data (Current Calendar Year)",
  datasetUrl: "https://data.edmonton.ca/City-Administration/Property-Assessment-Data-Current-Calendar-Year-/q7d6-ambg",
  licence: "Open Government Licence – City of Edmonton",
  /** The licence's own attribution statement. */
  attribution: "Contains information licensed under the Open Government Licence – City of Edmonton.",
} as const;

/** The neighbourhood boundaries a neighbourhood page draws (same publisher and licence). */
export const BOUNDARIES_SOURCE = {
  dataset: "City of Edmonton - Neighbourhoods",
  datasetUrl: "https://data.edmonton.ca/Geospatial-Boundaries/City-of-Edmonton-Neighbourhoods/65fr-66s6",
} as const;

/** What a listing page shows of its home's assessment; serialisable (it travels in the loader data). */
export interface ListingAssessmentView {
  value: number;
  rollYear: number;
  lotSize: number | null;
  yearBuilt: number | null;
  zoning: string | null;
  /** The values of the years before the roll's, oldest first; null when not at hand (no chart). */
  history: { year: number; value: number }[] | null;
  /** The listing's price, to say how it compares. */
  price: number | null;
  neighbourhood: { name: string; slug: string } | null;
}

/** "July 1, 2025": the valuation date of a roll. */
export function valuationDate(rollYear: number): string {
  return `July 1, ${rollYear - 1}`;
}

/** "City of Edmonton assessment: $412,000 (2026 roll, market value as of July 1, 2025)". */
export function assessmentLine(value: number, rollYear: number): string {
  return `City of Edmonton assessment: ${formatCurrency(value)} (${rollYear} roll, market value as of ${valuationDate(rollYear)})`;
}

/**
 * The asking price against the assessment in words: "asking 6 % above its assessment", "… below
 * …", or "asking about its assessment" within half a percent. Null without a price or a value.
 */
export function askingAgainstAssessment(price: number | null, value: number | null): string | null {
  if (!price || !value || price <= 0 || value <= 0) return null;
  const percent = Math.round(((price - value) / value) * 100);
  if (percent === 0) return "asking about its assessment";
  return `asking ${formatNumber(Math.abs(percent))} % ${percent > 0 ? "above" : "below"} its assessment`;
}

/** A lot size in square metres as the page writes it ("512 m²"). */
export function squareMetres(value: number): string {
  return `${formatNumber(Math.round(value))} m²`;
}

/** A neighbourhood's name as the roll writes it (upper case) in title case: "ASPEN GARDENS" → "Aspen Gardens", "MCKERNAN" → "McKernan". */
export function neighbourhoodName(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/\bMc(\p{L})/gu, (_, ch: string) => `Mc${ch.toUpperCase()}`);
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** The line's points "x,y x,y …". */
  points: string;
  dots: { x: number; y: number; year: number; value: number }[];
  /** The value axis's two labels, low and high, at their y. */
  ticks: { y: number; label: string }[];
  /** The first and last year, at their x. */
  years: { x: number; label: string }[];
}

/**
 * The geometry of a small line chart of values over the years (the SVG is drawn by the page, on
 * the server: no chart library reaches the browser). Null with fewer than two years.
 */
export function chartGeometry(
  values: readonly { year: number; value: number }[],
  size = { width: 320, height: 140 },
): ChartGeometry | null {
  if (values.length < 2) return null;
  const pad = { left: 64, right: 12, top: 12, bottom: 24 };
  const years = values.map((v) => v.year);
  const amounts = values.map((v) => v.value);
  const [minYear, maxYear] = [Math.min(...years), Math.max(...years)];
  let [low, high] = [Math.min(...amounts), Math.max(...amounts)];
  if (low === high) [low, high] = [low * 0.9, high * 1.1 || 1];
  const x = (year: number) => pad.left + ((year - minYear) / Math.max(1, maxYear - minYear)) * (size.width - pad.left - pad.right);
  const y = (value: number) => pad.top + (1 - (value - low) / (high - low)) * (size.height - pad.top - pad.bottom);
  const round = (n: number) => Math.round(n * 10) / 10;
  const dots = values.map((v) => ({ x: round(x(v.year)), y: round(y(v.value)), year: v.year, value: v.value }));
  return {
    ...size,
    points: dots.map((d) => `${d.x},${d.y}`).join(" "),
    dots,
    ticks: [
      { y: round(y(high)), label: formatCurrency(high) },
      { y: round(y(low)), label: formatCurrency(low) },
    ],
    years: [
      { x: round(x(minYear)), label: String(minYear) },
      { x: round(x(maxYear)), label: String(maxYear) },
    ],
  };
}
