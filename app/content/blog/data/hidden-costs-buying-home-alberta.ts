/** Typed content of the hidden-costs article (spec/blog.md §3: closing-cost category, tip). */

import { EDMONTON_PROPERTY_TAX_PERCENT, EDMONTON_TOTAL_PROPERTY_TAX_PERCENT } from "./figures";
export interface ClosingCostCategory {
  category: string;
  cost: string;
  description: string;
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
  },
  {
    category: "Property tax adjustment",
    cost: "Depends on the closing date",
    description:
      `If the seller has paid the year's property tax, you reimburse them from your closing date to December 31. If they haven't, you get a credit instead. Edmonton's property tax works out to about ${EDMONTON_TOTAL_PROPERTY_TAX_PERCENT}% of assessed value a year in total: about ${EDMONTON_PROPERTY_TAX_PERCENT}% municipal plus the provincial education tax (City of Edmonton, 2025 rates).`,
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
  },
  {
    category: "GST on a new home",
    cost: "5% of the price",
    description: "Resale homes carry no GST, but new homes do. It is often built into the builder's price, less any rebate the builder credits: read the agreement.",
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
