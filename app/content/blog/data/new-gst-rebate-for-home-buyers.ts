/** Typed content of the GST rebate article (spec/blog.md §3: eligibility item, timeline item). */

import type { OfficialSource } from "~/lib/mortgage-rules";

/**
 * Where the rebate stands in law, as the official source showed it on the day it was checked.
 * Announced by the Department of Finance Canada on May 27, 2025; enacted by Bill C-4 of the
 * 45th Parliament, 1st session, the Making Life More Affordable for Canadians Act, S.C. 2026,
 * c. 2, whose Part 2 amends the Excise Tax Act to implement the first-time home buyers' GST
 * rebate. The Justice Laws Website shows it "Assented to 2026-03-12". When re-checked, change
 * `source.asOf` (and anything the source then shows differently).
 */
export const LEGISLATIVE_STATUS = {
  announced: "2025-05-27",
  bill: "Bill C-4",
  act: "Making Life More Affordable for Canadians Act",
  royalAssent: "2026-03-12",
  source: {
    name: "Justice Laws Website, Making Life More Affordable for Canadians Act (S.C. 2026, c. 2)",
    url: "https://laws.justice.gc.ca/eng/AnnualStatutes/2026_2/page-1.html",
    asOf: "2026-11-25",
  },
} as const satisfies { announced: string; bill: string; act: string; royalAssent: string; source: OfficialSource };

export interface EligibilityItem {
  title: string;
  description: string;
}

export interface TimelineItem {
  /** Shown as the date; ISO form in `iso` where the date is a single day. */
  date: string;
  iso?: string;
  event: string;
}

/** The year the article is written for: the lookback example counts back from it. */
export const EXAMPLE_PURCHASE_YEAR = 2025;
/** The first-time buyer test looks at the year of purchase plus this many prior calendar years. */
export const LOOKBACK_PRIOR_YEARS = 4;

export const eligibility: readonly EligibilityItem[] = [
  { title: "Age", description: "You are at least 18 years old." },
  { title: "Status", description: "You are a Canadian citizen or a permanent resident." },
  {
    title: "First-time buyer",
    description:
      "In the year you buy and the four calendar years before it, you have not lived in a home that you, or your spouse or common-law partner, owned.",
  },
  {
    title: "Your home, and you move in first",
    description: "You buy the home to live in as your primary residence, and you are its first occupant.",
  },
  {
    title: "Once in a lifetime",
    description: "You have never claimed this rebate before, and neither has your spouse or common-law partner.",
  },
];

export const homeTypes: readonly EligibilityItem[] = [
  {
    title: "New homes bought from a builder",
    description:
      "Detached and semi-detached houses, townhouses and condominium units, including homes on leased land. This is how most Edmonton-area buyers will use the rebate.",
  },
  {
    title: "Owner-built homes",
    description: "A home you build on your own land, or hire a contractor to build for you. You claim the rebate from the CRA after construction.",
  },
  {
    title: "Shares in a co-operative housing corporation",
    description: "Buying into a housing co-op for a unit you will live in as your primary residence.",
  },
];

export const timeline: readonly TimelineItem[] = [
  {
    date: "May 27, 2025",
    iso: "2025-05-27",
    event: "The rebate is announced. Only purchase agreements signed with the builder on or after this day can qualify.",
  },
  { date: "Before 2031", event: "The purchase agreement must be signed, and construction must begin, before January 1, 2031." },
  { date: "Before 2036", event: "The home must be substantially completed before January 1, 2036." },
];

export interface Restriction {
  title: string;
  description: string;
}

export const restrictions: readonly Restriction[] = [
  {
    title: "New homes only",
    description: "Resale homes do not qualify. (Most resale homes carry no GST in the first place, so there is nothing to rebate.)",
  },
  {
    title: "Agreements signed before May 27, 2025",
    description:
      "They don't qualify, even if the home closes later. Cancelling an older agreement and signing a new one for a home from the same builder, or taking over someone else's agreement through an assignment, can also rule the rebate out.",
  },
  {
    title: "One rebate per person, ever",
    description: "A claim by your spouse or common-law partner counts against you too.",
  },
  {
    title: "You must live there",
    description: "It's for a home you will occupy as your primary residence, not a rental or an investment property.",
  },
  {
    title: "Federal GST only",
    description: "The rebate applies to the federal GST. Alberta has no provincial sales tax, so there is no provincial portion to worry about: the GST is the only sales tax on a new home here.",
  },
];
