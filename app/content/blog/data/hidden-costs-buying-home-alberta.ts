/**
 * Typed content of the hidden-costs article (spec/blog.md §3: closing-cost category, fee example
 * row, tip). Every figure a module can compute (land title fees, the payment, the tax) is computed
 * here from ~/lib and ./figures, never typed.
 */
import { formatCurrency as $ } from "~/lib/format";
import { LAND_TITLE_BASE_FEE, LAND_TITLE_FEE_PER_STEP, LAND_TITLE_VALUE_STEP, landTitleFees } from "~/lib/fees";
import { monthlyPayment, type Compounding } from "~/lib/mortgage";
import { FIELD } from "~/lib/mortgage-inputs";
import { EDMONTON_PROPERTY_TAX_PERCENT, EDMONTON_TOTAL_PROPERTY_TAX_PERCENT, ILLUSTRATIVE_RATE_PERCENT, type OfficialSource, ruleSources } from "~/lib/mortgage-rules";

export interface ClosingCostCategory {
  category: string;
  cost: string;
  description: string;
  /** The official source of a rule-based figure in the row. */
  cite?: OfficialSource;
}

export interface Tip {
  tip: string;
  description: string;
}

/** Professionals nearly every buyer pays. Ranges as of January 2025 for a typical Edmonton-area home. */
export const professionalFees: readonly ClosingCostCategory[] = [
  {
    category: "Real estate lawyer",
    cost: "$1,000 to $2,000",
    description:
      "Reviews the purchase contract and mortgage, searches the title, holds and sends the money, registers the transfer and mortgage, and prepares the statement of adjustments. Ask whether the quote includes disbursements and GST.",
  },
  {
    category: "Home inspection",
    cost: "$400 to $700",
    description: "A few hours with a licensed home inspector before you remove conditions. Larger, older and acreage homes cost more; add-ons such as sewer-line scopes are extra.",
  },
  {
    category: "Appraisal",
    cost: "$300 to $500",
    description: "Your lender's check that the home is worth what you're paying. Many lenders cover it; some pass it on to you.",
  },
  {
    category: "Title insurance",
    cost: "$200 to $500",
    description: "A one-time premium, usually arranged by your lawyer, that protects you and your lender against title fraud, survey problems and some defects the search can miss.",
  },
  {
    category: "Condo document review",
    cost: "$350 to $500",
    description: "For condos and many townhouses: a professional read of the bylaws, budget, reserve fund study and board minutes, so you know about special assessments before you commit.",
  },
];

/** The other money that moves around closing day. */
export const closingCostCategories: readonly ClosingCostCategory[] = [
  {
    category: "Land title registration",
    cost: "$50 + $5 per $5,000 or portion, on each registration",
    description: "Paid through your lawyer to the Alberta Land Titles Office: once to transfer the title to you, once to register your mortgage. Alberta has no land transfer tax; this is the equivalent.",
    cite: ruleSources.landTitleFees,
  },
  {
    category: "Property tax adjustment",
    cost: "Depends on the closing date",
    description:
      `If the seller has paid the year's property tax, you reimburse them from your closing date to December 31. If they haven't, you get a credit instead. Edmonton's property tax works out to about ${EDMONTON_TOTAL_PROPERTY_TAX_PERCENT}% of assessed value a year in total: about ${EDMONTON_PROPERTY_TAX_PERCENT}% municipal plus the provincial education tax.`,
    cite: ruleSources.edmontonPropertyTax,
  },
  {
    category: "Other adjustments",
    cost: "Usually small",
    description: "Prepaid condo fees, and anything else the seller has paid ahead for, are shared out to the day on the statement of adjustments.",
  },
  {
    category: "Interest adjustment",
    cost: "Depends on the closing date",
    description:
      "If you close part-way through a month, some lenders charge interest from the closing date to the start of your first regular payment period. Ask your lender, and choose a closing date with it in mind.",
  },
  {
    category: "Home insurance",
    cost: "Your first premium",
    description: "Your lender needs proof of insurance before it releases the mortgage money, so arrange it before you remove conditions.",
  },
  {
    category: "Mortgage default insurance",
    cost: "A percentage of the mortgage",
    description:
      "Required when your down payment is under 20%. The premium is normally added to the mortgage rather than paid in cash, and Alberta charges no sales tax on it.",
    cite: ruleSources.mortgageInsurance,
  },
  {
    category: "GST on a new home",
    cost: "5% of the price",
    description: "Resale homes carry no GST, but new homes do. It is often built into the builder's price, less any rebate the builder credits: read the agreement.",
    cite: ruleSources.gstRate,
  },
  {
    category: "Moving and setting up",
    cost: "Varies",
    description:
      "Movers or a truck, utility connections, window coverings, a lawnmower and a snow shovel, and the small repairs every home needs in its first months. Get quotes early; month-end and summer dates book up fast.",
  },
];

export const tips: readonly Tip[] = [
  { tip: "Get written quotes", description: "Ask your lawyer for a quote that includes disbursements and GST, and ask your lender who pays for the appraisal." },
  { tip: "Keep cash beyond the down payment", description: "Plan on 2% to 4% of the price in savings on top of your down payment, so a surprise doesn't become a crisis." },
  { tip: "Book the inspection first", description: "Conditions periods are short. Line up an inspector as soon as your offer is accepted." },
  { tip: "Read the statement of adjustments", description: "Your lawyer sends it a few days before closing. Check the tax and condo fee figures, and ask about anything you don't understand." },
  { tip: "Don't take on new debt", description: "No new car loans or credit cards before closing. Your lender can re-check your credit right up to the day the money moves." },
  { tip: "Choose your closing date carefully", description: "The date affects your property tax and interest adjustments, your moving costs, and whether your rent and mortgage overlap." },
  { tip: "Read the condo documents", description: "A healthy reserve fund and no planned special assessments can be worth more than a lower price." },
];

/** "$50 + $5 per $5,000", from the fee module's constants. */
export const landTitleFeeRule = `${$(LAND_TITLE_BASE_FEE)} + ${$(LAND_TITLE_FEE_PER_STEP)} per ${$(LAND_TITLE_VALUE_STEP)}`;

/** The land-title example table of the spec: four prices, each with an 80% mortgage. */
export const feeExamplePrices = [300_000, 450_000, 600_000, 800_000] as const;
export const MORTGAGE_SHARE = 0.8;

// The figures the article's first part shows live apart, for its first script (decision 061).
export { budget, FIGURES_AS_OF, programSources, PROGRAMS_AS_OF, relatedArticles } from "./hidden-costs-opening";

/** Edmonton property tax, the whole bill (municipal about 0.76 % plus education): see figures.ts. */
export const EDMONTON_TAX_RATE = EDMONTON_TOTAL_PROPERTY_TAX_PERCENT / 100;
/** "About 4%": an illustrative rate only, not a quote. */
export { ILLUSTRATIVE_RATE_PERCENT };
export const AMORTIZATION_YEARS = 25;
/**
 * How the worked example's payment compounds, and the article says so (issue 39): semi-annually,
 * as Canadian fixed-rate mortgages do (the Interest Act), like the mortgage guide. The calculator
 * gives the same figure with "Semi-annual (Canadian)" chosen; its default is monthly.
 */
export const PAYMENT_COMPOUNDING: Compounding = "semi-annual";


/** A row of the worked example: an item, its low and high cost, and a note. */
export interface ExampleRow {
  item: string;
  low: number;
  high: number;
  note: string;
  cite?: OfficialSource;
}

/** The worked $450,000 example: every figure is computed from these inputs. */
export const workedExample = (() => {
  const price = 450_000;
  const mortgage = price * MORTGAGE_SHARE;
  const downPayment = price - mortgage;
  const fees = landTitleFees({ price, mortgage });
  const annualTax = price * EDMONTON_TAX_RATE;
  // Closing October 1 after the seller paid the whole year's tax: the buyer repays October to December.
  const taxAdjustment = Math.round((annualTax * 3) / 12);
  const rows: ExampleRow[] = [
    { item: "Land title transfer fee", low: fees.transfer, high: fees.transfer, note: `${landTitleFeeRule} of ${$(price)}`, cite: ruleSources.landTitleFees },
    { item: "Mortgage registration fee", low: fees.mortgage, high: fees.mortgage, note: `${landTitleFeeRule} of ${$(mortgage)}`, cite: ruleSources.landTitleFees },
    { item: "Legal fees", low: 1_000, high: 2_000, note: "Quotes vary; ask what's included" },
    { item: "Title insurance", low: 200, high: 500, note: "Usually arranged by your lawyer" },
    { item: "Home inspection", low: 400, high: 700, note: "Before you remove conditions" },
    { item: "Appraisal", low: 0, high: 500, note: "Often paid by the lender; up to $500 if not" },
    { item: "Property tax adjustment", low: 0, high: taxAdjustment, note: "Closing October 1, seller has paid the year's tax", cite: ruleSources.edmontonPropertyTax },
  ];
  const low = rows.reduce((sum, r) => sum + r.low, 0);
  const high = rows.reduce((sum, r) => sum + r.high, 0);
  const payment = monthlyPayment(mortgage, ILLUSTRATIVE_RATE_PERCENT, AMORTIZATION_YEARS, PAYMENT_COMPOUNDING);
  /** The calculator with this payment's inputs and compounding (its query: mortgage-inputs.ts FIELD). */
  const calculatorHref = `/mortgage-calculator?${new URLSearchParams({ [FIELD.price]: String(price), [FIELD.down]: String(downPayment), [FIELD.rate]: String(ILLUSTRATIVE_RATE_PERCENT), [FIELD.years]: String(AMORTIZATION_YEARS), [FIELD.compounding]: PAYMENT_COMPOUNDING }).toString()}`;
  return { price, mortgage, downPayment, annualTax, rows, low, high, payment, calculatorHref };
})();

