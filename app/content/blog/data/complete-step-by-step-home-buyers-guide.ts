/**
 * Data of "The Complete Step-by-Step Home Buyer's Guide": the eight steps, the buyer-process
 * overview and the closing-cost table (spec/blog.md §2 and §9, "Buyer guide figures").
 *
 * Cost ranges: the buyer guide's ranges are the typical ones; where the hidden-costs article
 * quotes a wider current range (inspection, appraisal, title insurance), both are stated, the
 * same way in every article (team resolution, see the blog Decisions).
 */

export interface GuideStep {
  /** 1-8; also the anchor `#step-N`. */
  number: number;
  title: string;
  /** One line under the step's heading. */
  summary: string;
}

export const guideSteps: readonly GuideStep[] = [
  { number: 1, title: "Work out your financing and costs", summary: "Know your down payment, your closing costs and what you can comfortably pay each month." },
  { number: 2, title: "Get your mortgage pre-approval", summary: "Have a lender verify your income and credit and hold a rate while you shop." },
  { number: 3, title: "Choose your agent", summary: "Hire someone whose job is to represent you, not the seller." },
  { number: 4, title: "Search for your home", summary: "Get new listings first, view with a plan and study what similar homes sold for." },
  { number: 5, title: "Write your offer", summary: "Price, deposit, conditions and dates: the contract that protects you." },
  { number: 6, title: "Offer acceptance", summary: "Deliver your deposit and start working through your conditions." },
  { number: 7, title: "Condition removal", summary: "Satisfied with everything? Waiving your conditions makes the deal firm." },
  { number: 8, title: "Closing and possession", summary: "The lawyers transfer the money and the title; then you get the keys." },
];

/** The buyer-process order of the spec, in plain words. */
export const buyerProcess: readonly string[] = [
  "Get pre-approved for a mortgage.",
  "Choose your agent.",
  "Search for the right home.",
  "Make an offer.",
  "Once your offer is accepted: deliver the deposit, finalize financing, inspect the home and work through your other conditions.",
  "Waive your conditions: this makes the contract firm and binding.",
  "Close with the lawyers; then the keys are released to you.",
];

/** Closing-cost table row (spec §3 "Closing-cost category": category, cost, description) plus when it is paid. */
export interface ClosingCost {
  category: string;
  cost: string;
  /** The step during which the cost is usually paid. */
  step: number;
  description: string;
}

/**
 * Every row except land title registration (computed from ~/lib/fees in the article).
 * Figures: spec §9 "Buyer guide figures".
 */
export const closingCosts: readonly ClosingCost[] = [
  {
    category: "Home inspection",
    cost: "About $400–$600 plus GST (current range $400–$700)",
    step: 6,
    description: "Paid to the inspector on the day. Larger or older homes, and extras such as a sewer line scope, cost more.",
  },
  {
    category: "Condo document review",
    cost: "$350–$500",
    step: 6,
    description: "Condos only. A professional reads the bylaws, financial statements, reserve fund study and minutes for you.",
  },
  {
    category: "Appraisal",
    cost: "$300–$400 (current range $300–$500)",
    step: 6,
    description: "Ordered by your lender to confirm the home's value. Many lenders cover it; ask yours.",
  },
  {
    category: "Lawyer",
    cost: "$800–$1,500",
    step: 8,
    description: "Legal fees for the purchase and the mortgage, plus GST and disbursements. Get a written quote early.",
  },
  {
    category: "Title insurance",
    cost: "$200–$400 (current range $200–$500)",
    step: 8,
    description: "A one-time premium, arranged by your lawyer, that protects you and your lender against title problems such as fraud or survey issues.",
  },
  {
    category: "Property tax and utility adjustments",
    cost: "$0–$1,000",
    step: 8,
    description: "If the seller has prepaid property tax or utilities past your possession date, you reimburse them for your share.",
  },
  {
    category: "Home insurance",
    cost: "$100–$300 per month",
    step: 8,
    description: "Your lender needs proof of insurance before it releases the mortgage money. Condo owners still need their own policy for the unit's contents, improvements and liability.",
  },
];
