/**
 * The buyer's own figures from a listing page's monthly-cost panel, sent with "Ask about this
 * home" so the agent's first reply can be specific (issue 28). Pure: the page, the action, the
 * mail and the inbox all read it.
 */
import { formatCurrency, formatNumber } from "./format";

export interface BuyerFigures {
  /** Down payment, dollars. */
  down: number;
  /** Interest rate, percent a year (5.4 for 5.4 %). */
  rate: number;
  amortizationYears: number;
  /** The monthly total the panel showed: payment, insurance premium folded in, tax and condo fee. */
  monthlyTotal: number;
  includesTax: boolean;
  includesCondoFee: boolean;
}

/**
 * The hidden fields "Ask about this home" sends the figures in, one number each rather than one
 * JSON field: a plain POST without JavaScript carries them as is, and a bad one is a bad number,
 * never a parse of arbitrary structure. Flags are "1" or "0".
 */
export const FIGURE_FIELDS = ["figures.down", "figures.rate", "figures.years", "figures.total", "figures.tax", "figures.fee"] as const;
export type FigureField = (typeof FIGURE_FIELDS)[number];

/** What any panel can show: far wider than a real mortgage, narrow enough that a number from a bot cannot read as one. */
export const FIGURE_BOUNDS = {
  down: [0, 50_000_000],
  rate: [0, 30],
  amortizationYears: [1, 40],
  monthlyTotal: [0, 1_000_000],
} as const satisfies Record<string, readonly [number, number]>;

/** The figures as the form's hidden fields hold them. */
export function figureFieldValues(f: BuyerFigures): Record<FigureField, string> {
  return {
    "figures.down": String(f.down),
    "figures.rate": String(f.rate),
    "figures.years": String(f.amortizationYears),
    "figures.total": String(f.monthlyTotal),
    "figures.tax": f.includesTax ? "1" : "0",
    "figures.fee": f.includesCondoFee ? "1" : "0",
  };
}

/**
 * What "Ask about this home" sends and says, worked out with the panel's figures (by the loader, or
 * the panel's lazy arithmetic): the form then carries no formatting code in the page's first script.
 */
export interface SentFigures {
  fields: Record<FigureField, string>;
  sentence: string;
}

export function sentFiguresOf(f: BuyerFigures): SentFigures {
  return { fields: figureFieldValues(f), sentence: buyerFiguresSentence(f) };
}

const within = (value: unknown, [min, max]: readonly [number, number]): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;

/**
 * The figures of a stored payload (`payload.figures`), or null when it has none or they are not
 * figures: the payload is JSON that a mail or the inbox reads long after it was written.
 */
export function buyerFiguresOf(value: unknown): BuyerFigures | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const b = FIGURE_BOUNDS;
  if (
    !within(v.down, b.down) ||
    !within(v.rate, b.rate) ||
    !within(v.amortizationYears, b.amortizationYears) ||
    !within(v.monthlyTotal, b.monthlyTotal)
  )
    return null;
  if (!Number.isInteger(v.amortizationYears) || typeof v.includesTax !== "boolean" || typeof v.includesCondoFee !== "boolean") return null;
  return {
    down: v.down,
    rate: v.rate,
    amortizationYears: v.amortizationYears,
    monthlyTotal: v.monthlyTotal,
    includesTax: v.includesTax,
    includesCondoFee: v.includesCondoFee,
  };
}

/** "$25,000 down at 5.4 %, 25 years: about $3,050 a month with tax and condo fee": one line the agent can answer to. */
export function buyerFiguresSentence(f: BuyerFigures): string {
  const extras = [f.includesTax ? "tax" : null, f.includesCondoFee ? "condo fee" : null].filter(Boolean).join(" and ");
  const years = `${formatNumber(f.amortizationYears)} year${f.amortizationYears === 1 ? "" : "s"}`;
  return `${formatCurrency(f.down)} down at ${formatNumber(f.rate)} %, ${years}: about ${formatCurrency(f.monthlyTotal)} a month${extras ? ` with ${extras}` : ""}`;
}
