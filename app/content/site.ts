/**
 * Every agent-specific fact lives here and nowhere else.
 *
 * The spec leaves the agent's name, phone, e-mail and brokerage as placeholders; these are
 * plausible but clearly fictional values (555-01xx numbers are reserved for fiction, `.example`
 * is a reserved domain). Replace them here and the whole site follows.
 */

const agentEmail = "jordan@averyhomes.example";

export const site = {
  /** The agent, as shown in headings, structured data and e-mail. */
  agent: {
    name: "Jordan Avery",
    firstName: "Jordan",
    title: "REALTOR®",
    phone: "780-555-0142",
    /** E.164 form for tel: links. */
    phoneHref: "tel:+17805550142",
    email: agentEmail,
    photo: "/images/agent-portrait.webp",
    photoWidth: 480,
    photoHeight: 600,
    yearsLicensed: 9,
  },
  brokerage: {
    name: "Northgate Realty Group",
    phone: "780-555-0100",
    phoneHref: "tel:+17805550100",
    address: {
      street: "10150 Jasper Avenue NW, Suite 400",
      city: "Edmonton",
      region: "AB",
      postalCode: "T5J 1W4",
      country: "CA",
    },
  },
  /** Shown in the top banner of every page. */
  tipLine: "Free home valuation and instant listing alerts: ask me anything, any day.",
  siteName: "Jordan Avery | Edmonton Real Estate",
  defaultDescription:
    "Jordan Avery, Edmonton REALTOR®: search every MLS® listing in Edmonton and area, get a free home valuation, estimate your mortgage and read local buyer and seller guides.",
  /** Search-engine metadata of spec/site.md §9. */
  priceRange: "$100,000 - $5,000,000+",
  openingHours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00", label: "Monday to Friday" },
    { days: ["Saturday", "Sunday"], opens: "10:00", closes: "16:00", label: "Saturday and Sunday" },
  ],
  /** The twelve towns of the agent's structured data (spec §9). */
  serviceAreaTowns: [
    "Edmonton",
    "St. Albert",
    "Sherwood Park",
    "Spruce Grove",
    "Stony Plain",
    "Leduc",
    "Beaumont",
    "Fort Saskatchewan",
    "Devon",
    "Morinville",
    "Gibbons",
    "Calmar",
  ],
  social: [
    { name: "Facebook", href: "https://www.facebook.com/averyhomes.example" },
    { name: "Instagram", href: "https://www.instagram.com/averyhomes.example" },
    { name: "LinkedIn", href: "https://www.linkedin.com/in/averyhomes-example" },
    { name: "YouTube", href: "https://www.youtube.com/@averyhomes-example" },
  ],
  /** Third-party listings widget (RealtyVis). Script URL is overridable by LISTINGS_WIDGET_SCRIPT_URL. */
  // The search's map (issue 45, decision 060): OpenFreeMap's "Liberty" style, no account or key,
  // free for a site's use with attribution (shown by the map); MAP_STYLE_URL replaces it.
  map: {
    styleUrl: "https://tiles.openfreemap.org/styles/liberty",
  },
  listings: {
    scriptUrl: "https://cdn.realtyvis.com/js/embed.js",
    widgetIds: {
      search: "rv-search-7f3a1c",
      newListings: "rv-new-listings-2b9d4e",
      themeSearch: "rv-theme-search-5c1e8a",
      themeNewListings: "rv-theme-new-3d7b2f",
      singleFamily: "rv-type-sfh-81c2d0",
      condominiums: "rv-type-condo-4a6e19",
      townhouses: "rv-type-town-9e0f57",
    },
  },
  /** Third-party form embeds. Script URL is overridable by FORM_EMBED_SCRIPT_URL. */
  embeds: {
    scriptUrl: "https://forms.leadembed.example/js/form_embed.js",
    origin: "https://forms.leadembed.example",
    valuation: {
      src: "https://forms.leadembed.example/widget/form/home-valuation-5581",
      height: 720,
      title: "Free home valuation request form",
    },
    instantUpdates: {
      src: "https://forms.leadembed.example/widget/form/instant-updates-5582",
      height: 781,
      title: "Get Instant Property Updates form",
    },
    contactMessage: { src: "https://forms.leadembed.example/widget/form/contact-message-5583", height: 584, title: "Message form" },
    buyerSearch: {
      src: "https://forms.leadembed.example/widget/form/buyer-search-5584",
      height: 720,
      title: "Property search criteria form",
    },
  },
  /** Where the terms page sends people who want no more calls, texts or e-mails. */
  optOutHref: `mailto:${agentEmail}?subject=${encodeURIComponent("Please stop calls, texts and e-mails")}`,
} as const;

export type Site = typeof site;

export function formatAddress(a: Site["brokerage"]["address"] = site.brokerage.address): string {
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}
