/** Typed content of the home-worth (CMA) article. */

export interface CmaInput {
  title: string;
  description: string;
}

/** What a comparable is adjusted for. */
export const cmaInputs: readonly CmaInput[] = [
  { title: "Location", description: "the block, not just the neighbourhood: backing onto a park or ravine, a busy road, a school or a rail line." },
  { title: "Size and layout", description: "above-grade living area, bedrooms and bathrooms, and how well the floor plan works." },
  { title: "Basement", description: "developed or not, a separate entrance, ceiling height and whether the work was permitted." },
  { title: "Garage and lot", description: "attached or detached, single or double, lot size and shape, and the yard's orientation." },
  { title: "Age and condition", description: "the roof, furnace, windows and hot water tank, plus how updated the kitchen and bathrooms are." },
  { title: "Timing", description: "how the market has moved since each comparable sold, and the season you plan to list in." },
];

export interface ValueEstimate {
  estimate: string;
  preparedBy: string;
  purpose: string;
}

export const valueComparison: readonly ValueEstimate[] = [
  {
    estimate: "Comparative market analysis (CMA)",
    preparedBy: "A REALTOR®, from sold, active and expired MLS® listings",
    purpose: "Setting a list price that attracts buyers in today's market",
  },
  {
    estimate: "Appraisal",
    preparedBy: "A professional appraiser, usually ordered by the buyer's lender",
    purpose: "Confirming the home supports the mortgage the lender is about to approve",
  },
  {
    estimate: "Property tax assessment",
    preparedBy: "Your municipality",
    purpose: "Sharing out property taxes; it reflects value as of a past date",
  },
  {
    estimate: "Online estimate",
    preparedBy: "An algorithm working from public records",
    purpose: "A quick, rough starting point; it never sees inside your home",
  },
];
