/**
 * Data of "The Complete Step-by-Step Home Buyer's Guide": the eight steps, the buyer-process
 * overview and the closing-cost table (spec/blog.md §2 and §9, "Buyer guide figures").
 *
 * Cost ranges: the buyer guide's ranges are the typical ones; where the hidden-costs article
 * quotes a wider current range (inspection, appraisal, title insurance), both are stated, the
 * same way in every article (team resolution, see the blog Decisions).
 */
import { formatCurrency } from "~/lib/format";
import { LAND_TITLE_BASE_FEE, LAND_TITLE_FEE_PER_STEP, LAND_TITLE_VALUE_STEP } from "~/lib/fees";
import { type OfficialSource, ruleSources } from "~/lib/mortgage-rules";

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
  /** The official source of a rule-based cost. */
  cite?: OfficialSource;
}

/**
 * Figures: spec §9 "Buyer guide figures"; the land title row is stated from the rule in ~/lib/fees.
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
  {
    category: "Land title and mortgage registration",
    cost: `About ${formatCurrency(LAND_TITLE_BASE_FEE)} plus ${formatCurrency(LAND_TITLE_FEE_PER_STEP)} per ${formatCurrency(LAND_TITLE_VALUE_STEP)} of value, for each`,
    step: 8,
    description: "Alberta Land Titles fees to register the transfer (on the price) and your mortgage (on the loan), paid through your lawyer.",
    cite: ruleSources.landTitleFees,
  },
];

/** A term of the purchase contract or an outcome of condition day: a bold lead-in, then the text. */
export interface Term {
  term: string;
  text: string;
}

/** Step 2: what the lender or broker will ask for. */
export const preApprovalDocuments: readonly string[] = [
  "Photo ID and your consent to a credit check.",
  "Recent pay stubs and a letter of employment; if you are self-employed, two years of tax returns and Notices of Assessment.",
  "Proof of your down payment and closing costs, usually 90 days of account statements, and a gift letter if family is helping.",
  "Details of your debts: car loans, student loans, credit cards and lines of credit.",
];

/** Step 3: what a buyer's agent does. */
export const agentServices: readonly string[] = [
  "A first meeting about your budget, must-haves, timeline and the neighbourhoods that fit them.",
  "New listings the moment they hit the market, and showings booked quickly.",
  "Honest comments at showings: the furnace age, the grading, the shared wall, the busy road.",
  "A comparative market analysis before every offer.",
  "Negotiation, and a clear plan for every condition and date in the contract.",
  "Coordination with your lender, inspector, condo document reviewer and lawyer through to possession day.",
];

/** Step 4: what to look at during showings. */
export const showingChecklist: readonly string[] = [
  "Look at what is expensive to fix: roof, windows, furnace and hot water tank age, foundation cracks, grading and signs of water in the basement.",
  "Open the electrical panel door and look under sinks; ask about renovations and whether permits were pulled.",
  "For a condo, ask about the condo fee, what it covers and any special assessments.",
  "Take photos and notes: after six showings the homes start to blur together.",
];

/** Step 5: the lines of the offer. */
export const offerTerms: readonly Term[] = [
  { term: "Price:", text: "based on the comparable sales, the home's condition and how much competition there is." },
  { term: "Deposit:", text: "shows the seller you are serious. It is held in trust and counts toward your purchase price on closing." },
  {
    term: "Conditions:",
    text: "the things that must be satisfied before you are committed, usually financing, a home inspection, a condo document review and sometimes the sale of your current home. Each has a deadline.",
  },
  { term: "Dates:", text: "the condition day, the completion (closing) day and the possession day and time." },
  { term: "What is included:", text: "appliances, window coverings, the garage door opener, the shed. If you want it, write it in." },
  {
    term: "The Real Property Report:",
    text: "Alberta's standard contract asks the seller to provide a current Real Property Report (a survey showing the buildings on the lot) with the municipality's compliance stamp.",
  },
];

/** Step 6: once the offer is accepted. */
export const acceptanceChecklist: readonly string[] = [
  "Deliver your deposit by the time the contract sets; it is held in a brokerage trust account until closing.",
  "Send the contract and listing to your lender to finalize financing; they may order an appraisal.",
  "Book your home inspection right away, and go to it.",
  "For a condo, order the condo documents and the document review.",
  "Get home insurance quotes so you know the home is insurable.",
];

/** Step 7: what can happen by condition day. */
export const conditionOutcomes: readonly Term[] = [
  { term: "Everything checks out:", text: "you sign the waiver and the home is sold to you." },
  {
    term: "The inspection found something:",
    text: "you can ask the seller to repair it or reduce the price before you waive. Any change is written into an amendment both sides sign.",
  },
  {
    term: "A condition can't be met:",
    text: "if financing falls through or you aren't satisfied, you let the condition lapse and your deposit is returned as the contract provides.",
  },
];

/** Step 8: what the lawyer does. */
export const lawyerTasks: readonly string[] = [
  "Review the title and the Real Property Report, and arrange title insurance.",
  "Receive your mortgage instructions from the lender and meet with you to sign the mortgage and transfer documents.",
  "Calculate the adjustments for property tax and utilities the seller has prepaid.",
  "Tell you how much to bring, your down payment plus closing costs, usually a few days before closing.",
  "Register the transfer of land and your mortgage at Alberta Land Titles and send the money to the seller's lawyer.",
];
