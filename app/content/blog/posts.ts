/**
 * The blog registry: every post's metadata, once. It feeds the index, the article routes,
 * the sitemap, the RSS feed, the related-article lists and the structured data.
 * Article bodies are route modules in app/routes/blog/<slug>.tsx, their data in ./data/<slug>.ts.
 *
 * This module is plain data (no JSX) so the build configuration can read it.
 */

export type BlogSection = "Real Estate Blogs" | "Greater Edmonton Area Blogs" | "Lifestyle Blogs";

export interface BlogPost {
  slug: string;
  title: string;
  description: string;
  section: BlogSection;
  /** lucide icon name shown on the index card. */
  icon: string;
  /** Tailwind text colour and background classes of the card's icon. */
  color: string;
  bgColor: string;
  datePublished: string;
  /** Equal to datePublished unless the article changed since; then `updateNote` says what changed (issue 39). */
  dateModified: string;
  /** What the update of dateModified changed, shown beside "Updated" on the article. */
  updateNote?: string;
  readingMinutes: number;
  /** Shown on the page beside the date where the original carried one (buyer guide). */
  editionLabel?: string;
  comingSoon?: false;
}

/** A card on the index for an article not written yet: no page, so no dates. */
export type ComingSoonPost = Pick<BlogPost, "slug" | "title" | "description" | "section" | "icon" | "color" | "bgColor"> & {
  comingSoon: true;
};

export const sections: readonly BlogSection[] = ["Real Estate Blogs", "Greater Edmonton Area Blogs", "Lifestyle Blogs"];

export const posts: readonly (BlogPost | ComingSoonPost)[] = [
  {
    slug: "top-10-mistakes-to-avoid-when-buying-a-home",
    title: "Top 10 Mistakes to Avoid When Buying a Home",
    description:
      "Ten costly mistakes Edmonton home buyers make, from skipping pre-approval to waiving the inspection, and exactly how to avoid each one.",
    section: "Real Estate Blogs",
    icon: "TriangleAlert",
    color: "text-red-700",
    bgColor: "bg-red-50",
    datePublished: "2025-07-08",
    dateModified: "2026-11-23",
    updateNote:
      "Property tax is now worked as the whole bill (municipal and education, the City of Edmonton's 2025 rates), cited with its source and the date it was checked.",
    readingMinutes: 15,
  },
  {
    slug: "new-gst-rebate-for-home-buyers",
    title: "New GST Rebate for First-Time Home Buyers",
    description:
      "Up to $50,000 back on a newly built home: who qualifies, what the rebate is worth at your price, key dates and how to claim it.",
    section: "Real Estate Blogs",
    icon: "BadgePercent",
    color: "text-emerald-700",
    bgColor: "bg-emerald-50",
    datePublished: "2025-06-30",
    dateModified: "2026-11-25",
    updateNote: "The rebate is now law: the article gives the Act's Royal Assent, with the Act as its source.",
    readingMinutes: 7,
  },
  {
    slug: "hidden-costs-buying-home-alberta",
    title: "Hidden Costs of Buying a Home in Alberta",
    description:
      "Land title fees, legal fees, inspections and adjustments: what closing really costs in Alberta, with a worked $450,000 example and a fee calculator.",
    section: "Real Estate Blogs",
    icon: "Receipt",
    color: "text-amber-700",
    bgColor: "bg-amber-50",
    datePublished: "2025-01-04",
    dateModified: "2026-11-23",
    updateNote:
      "Property tax is now worked as the whole bill (municipal and education, the City of Edmonton's 2025 rates), the 30-year amortization for first-time buyers and new builds is added, and every rule cites its official source with the date it was checked.",
    readingMinutes: 9,
  },
  {
    slug: "essential-real-estate-contacts",
    title: "Essential Real Estate Contacts",
    description:
      "Inspectors, lawyers, mortgage brokers, movers and trades: who to line up when you buy, sell or move, and what each one does.",
    section: "Real Estate Blogs",
    icon: "Contact",
    color: "text-sky-700",
    bgColor: "bg-sky-50",
    datePublished: "2024-04-10",
    dateModified: "2024-04-10",
    readingMinutes: 6,
  },
  {
    slug: "do-you-know-what-is-your-home-worth",
    title: "Do You Know What Your Home Is Worth?",
    description: "How a comparative market analysis prices your home, and why an online estimate is only a starting point.",
    section: "Real Estate Blogs",
    icon: "House",
    color: "text-indigo-700",
    bgColor: "bg-indigo-50",
    datePublished: "2024-04-02",
    dateModified: "2024-04-02",
    readingMinutes: 5,
  },
  {
    slug: "complete-step-by-step-home-buyers-guide",
    title: "The Complete Step-by-Step Home Buyer's Guide",
    description: "Eight steps from financing to keys: what happens at each stage of buying a home in Alberta and what it costs.",
    section: "Real Estate Blogs",
    icon: "ListChecks",
    color: "text-blue-700",
    bgColor: "bg-blue-50",
    datePublished: "2024-02-15",
    dateModified: "2025-07-08",
    updateNote:
      "Brought up to the rules in force on that date (down payment, mortgage insurance, Home Buyers' Plan, FHSA), each cited with its official source.",
    readingMinutes: 12,
    editionLabel: "2024 Edition",
  },
  {
    slug: "marketing-strategy-for-home-sellers",
    title: "My Marketing Strategy for Home Sellers",
    description: "How I prepare, advertise and follow up on your home so it sells for top dollar: the full marketing plan, step by step.",
    section: "Real Estate Blogs",
    icon: "Megaphone",
    color: "text-fuchsia-700",
    bgColor: "bg-fuchsia-50",
    datePublished: "2024-03-20",
    dateModified: "2024-03-20",
    readingMinutes: 5,
  },
  {
    slug: "quick-mortgage-guide-for-homebuyers",
    title: "Quick Mortgage Guide for Homebuyers",
    description: "Mortgage types, down payments, pre-approval and what you can afford: the essentials in one place.",
    section: "Real Estate Blogs",
    icon: "Landmark",
    color: "text-teal-700",
    bgColor: "bg-teal-50",
    datePublished: "2024-02-20",
    dateModified: "2026-11-23",
    updateNote:
      "Brought up to the rules in force since 2024 (down payment, mortgage insurance, stress test, Home Buyers' Plan, FHSA) on July 8, 2025; on November 23, 2026 the 30-year amortization for first-time buyers and new builds and the whole property tax bill were added. Each rule cites its official source.",
    readingMinutes: 11,
  },
  {
    slug: "free-online-resources-for-home-buyers-and-sellers",
    title: "Free Online Resources for Home Buyers and Sellers",
    description: "Calculators, government programs, property search, safety data and legal documents, sorted by category.",
    section: "Real Estate Blogs",
    icon: "Globe",
    color: "text-cyan-700",
    bgColor: "bg-cyan-50",
    datePublished: "2024-03-12",
    dateModified: "2025-07-08",
    updateNote:
      "The government programs (FHSA, Home Buyers' Plan, home buyers' amount) now state their current limits, each cited with its official source.",
    readingMinutes: 6,
  },
  {
    slug: "tips-and-tricks-to-buy-in-sellers-market",
    title: "Tips and Tricks to Buy in a Seller's Market",
    description: "Ten strategies that help your offer win when homes get multiple offers.",
    section: "Real Estate Blogs",
    icon: "Trophy",
    color: "text-orange-700",
    bgColor: "bg-orange-50",
    datePublished: "2024-03-05",
    dateModified: "2024-03-05",
    readingMinutes: 7,
  },
  {
    slug: "best-restaurants-in-edmonton",
    title: "Best Restaurants in Edmonton",
    description: "Nine local favourites worth the trip, from date-night tasting menus to neighbourhood spots.",
    section: "Greater Edmonton Area Blogs",
    icon: "UtensilsCrossed",
    color: "text-rose-700",
    bgColor: "bg-rose-50",
    datePublished: "2024-05-14",
    dateModified: "2024-05-14",
    readingMinutes: 4,
  },
  {
    slug: "best-neighbourhoods-in-st-albert",
    title: "Best Neighbourhoods in St. Albert",
    description: "A neighbourhood-by-neighbourhood look at living in St. Albert.",
    section: "Greater Edmonton Area Blogs",
    icon: "MapPin",
    color: "text-slate-700",
    bgColor: "bg-slate-100",
    comingSoon: true,
  },
  {
    slug: "moving-to-sherwood-park",
    title: "Moving to Sherwood Park",
    description: "What to know before you move to Sherwood Park and Strathcona County.",
    section: "Greater Edmonton Area Blogs",
    icon: "MapPin",
    color: "text-slate-700",
    bgColor: "bg-slate-100",
    comingSoon: true,
  },
  {
    slug: "easiest-way-to-decrease-your-screen-time",
    title: "The Easiest Way to Decrease Your Screen Time",
    description: "What happened when I changed two settings on my phone, and how you can do the same.",
    section: "Lifestyle Blogs",
    icon: "Smartphone",
    color: "text-violet-700",
    bgColor: "bg-violet-50",
    datePublished: "2024-06-18",
    dateModified: "2024-06-18",
    readingMinutes: 4,
  },
];

export const livePosts: readonly BlogPost[] = posts.filter((p): p is BlogPost => !p.comingSoon);

export function postBySlug(slug: string): BlogPost | undefined {
  return livePosts.find((p) => p.slug === slug);
}
