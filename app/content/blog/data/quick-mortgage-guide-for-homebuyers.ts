/**
 * Data of "Quick Mortgage Guide for Homebuyers" (spec/blog.md §2, §3 and §9 "Mortgage guide
 * figures"). Figures that a module computes (minimum down payment, premiums, payments) are
 * computed here from ~/lib/mortgage, never typed.
 */
import type { LucideIcon } from "lucide-react";
import Calculator from "lucide-react/icons/calculator";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import Contact from "lucide-react/icons/contact";
import ListChecks from "lucide-react/icons/list-checks";
import Search from "lucide-react/icons/search";
import BellRing from "lucide-react/icons/bell-ring";
import {
  EDMONTON_TOTAL_PROPERTY_TAX_PERCENT,
  ILLUSTRATIVE_RATE_PERCENT,
  INSURED_GDS_LIMIT_PERCENT,
  INSURED_TDS_LIMIT_PERCENT,
  type OfficialSource,
  officialSources,
  qualifyingRate,
  ruleSources,
  TRADITIONAL_GDS_PERCENT,
  TRADITIONAL_TDS_PERCENT,
} from "~/lib/mortgage-rules";
import { type AffordabilityAssumptions, maxMortgageForIncome, roundDownTo } from "~/lib/affordability";
import { highRatioPremiumRange } from "./quick-mortgage-guide-opening";

// The opening part (the types and the FAQ) lives apart, for the article's first script (decision 061).
export { faq, highRatioBands, highRatioPremiumRange, mortgageTypes, type FaqItem, type MortgageType } from "./quick-mortgage-guide-opening";

/** High-ratio versus conventional, row by row. */
export interface ComparisonRow {
  label: string;
  first: string;
  second: string;
  /** The official source of a rule-based figure in the row. */
  cite?: OfficialSource;
}


export const highRatioVersusConventional: readonly ComparisonRow[] = [
  { label: "Down payment", first: "Less than 20% of the price (at least the minimum, from 5%)", second: "20% of the price or more" },
  {
    label: "Mortgage default insurance",
    first: `Required. The premium, ${highRatioPremiumRange} of the loan, is added to your mortgage`,
    second: "Not required by law (a lender may still insure it at its own cost)",
    cite: ruleSources.mortgageInsurance,
  },
  { label: "Purchase price", first: "Under $1.5 million", second: "Any price", cite: ruleSources.downPayment },
  {
    label: "Longest amortization",
    first: "25 years; 30 years for first-time buyers and buyers of newly built homes (since December 15, 2024)",
    second: "Often up to 30 years, depending on the lender",
    cite: ruleSources.thirtyYearAmortization,
  },
  {
    label: "Interest rate",
    first: "Often a little lower, because the lender's risk is insured",
    second: "Can be slightly higher than an insured rate",
  },
];

export const preQualifiedVersusPreApproved: readonly ComparisonRow[] = [
  { label: "Based on", first: "What you tell the lender about your income and debts", second: "Documents the lender has checked: pay stubs, statements, ID" },
  { label: "Credit check", first: "Usually none, or a soft check", second: "Yes, a full credit check" },
  { label: "How long it takes", first: "Minutes, often online", second: "Usually 1 to 3 business days" },
  { label: "Rate hold", first: "No", second: "Usually 90 to 120 days" },
  { label: "What it tells a seller", first: "Very little", second: "That a lender has already vetted you" },
  {
    label: "Guaranteed?",
    first: "No",
    second: "No: final approval comes after your offer, once the lender has approved the property",
  },
];

export const pitfalls: readonly { title: string; description: string }[] = [
  {
    title: "Choosing on rate alone",
    description:
      "A slightly higher rate with generous prepayment privileges, a fair penalty and a portable mortgage can cost you less than the lowest rate with strict terms.",
  },
  {
    title: "Spending your whole approval",
    description: "Lenders approve you on formulas. Your real budget also has daycare, vehicles, savings and a life; plan the payment you are comfortable with.",
  },
  {
    title: "New credit before closing",
    description: "A car loan, a new credit card or a furniture plan can shrink or cancel your approval. Wait until you have the keys.",
  },
  {
    title: "Letting the rate hold expire",
    description: "Know the date your rate hold ends (usually 90 to 120 days) and ask for a renewed pre-approval if you are still looking.",
  },
  {
    title: "Waiving financing too early",
    description: "Only remove your financing condition once you have the lender's written commitment and have met every condition in it.",
  },
  {
    title: "Forgetting the cash you need on closing",
    description: "Closing costs (legal fees, land title fees, inspection, adjustments) come out of your savings, not your mortgage.",
  },
];

/**
 * What the income table assumes, stated on the page beneath it: the qualifying rate of the
 * page's worked example (its illustrative rate under the stress test), a 25-year amortization,
 * $100 a month of heating and Edmonton's whole property tax bill. No other debts.
 */
export const incomeTableAssumptions: AffordabilityAssumptions = {
  qualifyingRatePercent: qualifyingRate(ILLUSTRATIVE_RATE_PERCENT),
  amortizationYears: 25,
  monthlyHeating: 100,
  propertyTaxPercent: EDMONTON_TOTAL_PROPERTY_TAX_PERCENT,
};

/** The four incomes of spec §9's table. */
export const TABLE_INCOMES = [60_000, 80_000, 100_000, 120_000] as const;

/**
 * The table's rows, computed: the largest mortgage at the traditional 32 % GDS target and at the
 * 39 % limit for insured mortgages, rounded down to $5,000. spec §9 gives 4 to 4.5 times income,
 * which these assumptions do not support; see docs/decisions/023-income-table.md.
 */
export const incomeToMaxMortgage = TABLE_INCOMES.map((income) => {
  const traditional = roundDownTo(maxMortgageForIncome(income, TRADITIONAL_GDS_PERCENT, incomeTableAssumptions), 5_000);
  const insured = roundDownTo(maxMortgageForIncome(income, INSURED_GDS_LIMIT_PERCENT, incomeTableAssumptions), 5_000);
  return { income, traditional, insured };
});

/** The table's range as multiples of income, to one decimal, for the sentence beneath it. */
export const incomeMultiples = {
  low: Math.min(...incomeToMaxMortgage.map((r) => r.traditional / r.income)),
  high: Math.max(...incomeToMaxMortgage.map((r) => r.insured / r.income)),
};

export const debtService = {
  traditionalGds: TRADITIONAL_GDS_PERCENT,
  traditionalTds: TRADITIONAL_TDS_PERCENT,
  insuredGds: INSURED_GDS_LIMIT_PERCENT,
  insuredTds: INSURED_TDS_LIMIT_PERCENT,
};



/** The resources grid (spec §2): five pages of this site and one external inspector directory. */
export interface ResourceLink {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
  external?: boolean;
}

export const resources: readonly ResourceLink[] = [
  {
    title: "Step-by-step home buyer's guide",
    description: "All eight steps from financing to keys, with the costs of each.",
    href: "/blog/complete-step-by-step-home-buyers-guide",
    icon: ListChecks,
  },
  { title: "Mortgage calculator", description: "Estimate your payment at different prices, rates and amortizations.", href: "/mortgage-calculator", icon: Calculator },
  {
    title: "Essential real estate contacts",
    description: "Mortgage brokers, lawyers, inspectors and more for your purchase.",
    href: "/blog/essential-real-estate-contacts",
    icon: Contact,
  },
  { title: "Instant listing updates", description: "Get new listings that match your search the moment they come out.", href: "/instant-updates", icon: BellRing },
  { title: "Search listings", description: "Browse every MLS® listing in Edmonton and area.", href: "/search", icon: Search },
  {
    title: "Find a home inspector (CAHPI)",
    description: "The Canadian Association of Home & Property Inspectors' directory. In Alberta, home inspectors must also hold a provincial licence.",
    href: officialSources.cahpi,
    icon: ClipboardCheck,
    external: true,
  },
];
