/**
 * The part of "Hidden costs of buying a home in Alberta" (hidden-costs-buying-home-alberta.ts)
 * that the article's first script needs: the rules of thumb of its short version and its related
 * articles. The rest, with the arithmetic behind it, only the lazily loaded body imports (decision 061).
 */
import { type OfficialSource, ruleSources } from "~/lib/mortgage-rules";

/** Planning rules of thumb, as shares of the purchase price (one statement, used everywhere in the article). */
export const budget = {
  closing: { low: 0.01, high: 0.02 },
  allIn: { low: 0.02, high: 0.03 },
  buffer: { low: 0.02, high: 0.04 },
  lenderMinimum: 0.015,
  /** Typical Edmonton-area price band used to turn the percentages into dollars. */
  typicalPrices: { low: 400_000, high: 500_000 },
} as const;

/** The related articles, in order. */
export const relatedArticles = [
  "quick-mortgage-guide-for-homebuyers",
  "complete-step-by-step-home-buyers-guide",
  "top-10-mistakes-to-avoid-when-buying-a-home",
  "essential-real-estate-contacts",
] as const;

/** The federal programs the article lists, with their sources: their "as of" is the latest check of any of them. */
export const programSources = [ruleSources.fhsa, ruleSources.homeBuyersPlan, ruleSources.homeBuyersAmount, ruleSources.thirtyYearAmortization] as const;

/** Every source the article cites; "Figures as of" is the latest date any of them was checked (article-dates.test.tsx). */
const citedSources: readonly OfficialSource[] = [ruleSources.landTitleFees, ruleSources.edmontonPropertyTax, ...programSources];
const latestAsOf = (sources: readonly OfficialSource[]) => sources.map((source) => source.asOf).sort().at(-1)!;
export const FIGURES_AS_OF = latestAsOf(citedSources);
export const PROGRAMS_AS_OF = latestAsOf(programSources);
