/**
 * The ten strategies and five final tips of "Tips and Tricks to Buy in a Seller's Market"
 * (spec/blog.md §2, §3 "Strategy: title, content, proTip, colours", §9 "Tips article").
 */
import { areas } from "~/content/areas";

/**
 * "Ten service-area cities are listed in the tips article" (spec/blog.md §9): the site's ten
 * city-and-town areas (areas.ts, kind "city"), each with its listings page. The article's list and
 * its structured data's areaServed are both this one list.
 */
export const serviceCities = areas.filter((a) => a.kind === "city");

/** Colour pair of a strategy's number badge; each passes WCAG AA in the light and dark schemes. */
export interface StrategyColours {
  badge: string;
}

export interface Strategy {
  title: string;
  content: string;
  proTip: string;
  colours: StrategyColours;
  /** Pages of this site the strategy points to. */
  links?: readonly { to: string; label: string }[];
}

const blue: StrategyColours = { badge: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100" };
const emerald: StrategyColours = { badge: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" };
const amber: StrategyColours = { badge: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100" };
const violet: StrategyColours = { badge: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100" };
const rose: StrategyColours = { badge: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100" };

/** Title of the strategy after which the service-area communities are listed. */
export const WIDEN_SEARCH_STRATEGY = "Look where other buyers aren't looking";

export const strategies: readonly Strategy[] = [
  {
    title: "Get fully pre-approved before you look",
    content:
      "In a seller's market the best homes can get several offers within days of listing. A full pre-approval, with your income, down payment and credit already checked by the lender, means you know your price range and can write a confident offer the day you find the right home.",
    proTip:
      "Keep your pay stubs, employment letter, Notices of Assessment and down payment statements in one folder. The faster your lender can issue a final commitment, the shorter your financing condition can be.",
    colours: blue,
    links: [{ to: "/blog/quick-mortgage-guide-for-homebuyers", label: "Quick mortgage guide" }],
  },
  {
    title: "Know your walk-away number",
    content:
      "Decide the most you will pay before you walk into a bidding situation, based on your budget and the value of the home, not on how much you want it. Competing offers move fast, and a number you set calmly at home is the one you will be glad you kept.",
    proTip:
      "Your lender lends on the lower of the price and the appraised value. If you offer above what the home may appraise for, have the cash to cover the difference.",
    colours: emerald,
  },
  {
    title: "See new listings first",
    content:
      "Being early matters. Set up instant listing alerts for your search so new homes reach you the moment they are listed, and keep time free to view them quickly.",
    proTip: "Keep a couple of weekday evenings open. When a home you like comes up, a same-day showing can put you ahead of buyers who wait for the weekend.",
    colours: amber,
    links: [
      { to: "/instant-updates", label: "Get instant listing updates" },
      { to: "/search", label: "Search listings" },
    ],
  },
  {
    title: "Price from recent sales, not asking prices",
    content:
      "Before every offer I pull comparable homes that sold nearby in the last 3 to 6 months. In a hot market, asking prices can be set low to draw several offers; what similar homes actually sold for tells you what it will take.",
    proTip: "Ask me how much above or below asking homes in that neighbourhood have been selling for recently. It is the best guide to a winning number.",
    colours: violet,
  },
  {
    title: "Lead with your strongest price",
    content:
      "When there are competing offers you may not get a second chance, because the seller can simply accept the best offer on the table. Put your real number forward the first time.",
    proTip: "Ask me to find out from the listing agent how and when offers will be reviewed, so yours arrives on time, complete and easy to accept.",
    colours: rose,
  },
  {
    title: "Make a meaningful deposit",
    content:
      "A larger deposit shows the seller you are committed. It isn't an extra cost: it is held in trust and goes toward your purchase price on closing.",
    proTip: "Have the deposit ready to deliver on time. A strong deposit that arrives late weakens your offer instead of strengthening it.",
    colours: blue,
  },
  {
    title: "Keep your conditions few and short",
    content:
      "Sellers prefer offers with fewer conditions and earlier condition days, because there is less that can go wrong. Tighten your conditions, but don't give up protection you need: waiving financing or an inspection blindly can cost far more than losing one house.",
    proTip:
      "If the seller allows it, book your home inspection before offers are reviewed. You can then offer without an inspection condition, knowing what you are buying.",
    colours: emerald,
  },
  {
    title: "Be flexible on possession",
    content:
      "The price isn't the only thing a seller cares about. A possession date that fits their move, whether quick or a few months out, can make your offer the easiest one to say yes to.",
    proTip: "Ask what possession date the seller would like before you write your offer. Matching it often costs you nothing.",
    colours: amber,
  },
  {
    title: WIDEN_SEARCH_STRATEGY,
    content:
      "Not every home gets multiple offers. A listing that has sat unsold for more than 10 to 14 days is usually open to negotiation, even in a busy market, and the next neighbourhood or town over can offer more home for the money.",
    proTip: "Ask me for the homes in your price range that have been on the market longer than two weeks. Some were simply overpriced or poorly photographed.",
    colours: violet,
  },
  {
    title: "Follow up after a lost offer",
    content:
      "Losing out isn't always the end. Accepted offers can still collapse when a buyer's financing or inspection falls through, and sellers remember the buyers who stayed interested.",
    proTip: "If you lose a home you loved, I follow up with the listing agent after 1 to 2 weeks to ask whether the deal went firm.",
    colours: rose,
  },
];

export const finalTips: readonly string[] = [
  "Stay inside your budget, however exciting offer day gets.",
  "Keep your documents, deposit and calendar ready so you can move the same day.",
  "Answer your phone on offer day: deadlines can be hours, not days.",
  "Don't take a lost offer personally. Each one teaches you something about the market.",
  "Lean on data and your agent's experience rather than on fear of missing out.",
];
