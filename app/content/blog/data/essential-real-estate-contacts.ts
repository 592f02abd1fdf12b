/**
 * The vendor directory of the essential-contacts article (spec/blog.md §2, §3).
 *
 * The spec keeps every name, company and phone as a placeholder, so these are clearly
 * fictional samples: companies end in "(sample)" and phones are in the 780-555-01xx range
 * reserved for fiction. The page says so at the top; the agent shares real recommendations
 * on request. Each category also says when you need that professional, which is the part of
 * the page a visitor can act on.
 */

export interface DirectoryContact {
  name: string;
  company?: string;
  /** Display form, 780-555-01xx. */
  phone?: string;
}

export type DirectoryStage = "deal" | "listing" | "repairs" | "moving";

export interface DirectoryEntry {
  category: string;
  stage: DirectoryStage;
  /** When and why you need this professional. */
  summary: string;
  contacts: readonly DirectoryContact[];
}

export const directoryStages: readonly { id: DirectoryStage; title: string }[] = [
  { id: "deal", title: "Buying or selling: the deal itself" },
  { id: "listing", title: "Getting a home ready to sell" },
  { id: "repairs", title: "Repairs and renovations" },
  { id: "moving", title: "Moving day and settling in" },
];

/** tel: href of a North American number written 780-555-0101. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, "")}`;
}

/** Categories in the order of spec/blog.md §2, each with 2-3 sample contacts. */
export const directory: readonly DirectoryEntry[] = [
  {
    category: "Condo document reviewer",
    stage: "deal",
    summary:
      "Buying a condo: reads the bylaws, budget, reserve fund study, board minutes and estoppel certificate during your condition period, and flags special assessments, rule problems or an underfunded reserve fund.",
    contacts: [
      { name: "Priya Raman", company: "Condo Docs Review Co. (sample)", phone: "780-555-0101" },
      { name: "Marc Tremblay", company: "Northside Condo Review (sample)", phone: "780-555-0102" },
    ],
  },
  {
    category: "Land surveyor",
    stage: "deal",
    summary:
      "Selling a house: prepares the Real Property Report (RPR) that shows buildings, decks and fences against the property lines. Alberta's standard purchase contract usually asks the seller for a current RPR with the municipality's compliance, which takes time, so order it early.",
    contacts: [
      { name: "Hannah Kowalski", company: "Meridian Line Surveys (sample)", phone: "780-555-0103" },
      { name: "Daniel Okafor", company: "True North RPR Services (sample)", phone: "780-555-0104" },
    ],
  },
  {
    category: "Mortgage brokers",
    stage: "deal",
    summary:
      "Compare rates and terms from many lenders with one application, get you pre-approved before you shop and guide your file through to funding.",
    contacts: [
      { name: "Sofia Martins", company: "Prairie Rate Mortgages (sample)", phone: "780-555-0105" },
      { name: "Kevin Nguyen", company: "Riverbend Mortgage Group (sample)", phone: "780-555-0106" },
      { name: "Amrit Sandhu", company: "Capital Region Lending (sample)", phone: "780-555-0107" },
    ],
  },
  {
    category: "Lawyers",
    stage: "deal",
    summary:
      "In Alberta, lawyers close every sale: they hold the money in trust, register the transfer of title and your mortgage, prepare the statement of adjustments and release the keys once everything is in order.",
    contacts: [
      { name: "Elena Petrova", company: "Petrova Real Estate Law (sample)", phone: "780-555-0108" },
      { name: "James Whitford", company: "Whitford & Lee LLP (sample)", phone: "780-555-0109" },
      { name: "Grace Lee", company: "Whitford & Lee LLP (sample)", phone: "780-555-0110" },
    ],
  },
  {
    category: "Home inspectors",
    stage: "deal",
    summary:
      "Check the structure, roof, electrical, plumbing, heating and more during your inspection condition. Home inspectors in Alberta must be licensed: ask for the licence number and a sample report.",
    contacts: [
      { name: "Tom Fischer", company: "Riverbend Inspections (sample)", phone: "780-555-0111" },
      { name: "Aisha Rahman", company: "Keystone Home Inspections (sample)", phone: "780-555-0112" },
      { name: "Luc Gagnon", company: "Level Foundation Inspections (sample)", phone: "780-555-0113" },
    ],
  },
  {
    category: "Title insurance",
    stage: "deal",
    summary:
      "Protects against certain title problems found after closing, such as survey issues or fraud. Lenders sometimes accept it in place of an up-to-date RPR. Usually arranged through your lawyer.",
    contacts: [
      { name: "Rachel Kim", company: "Secure Title Insurance (sample)", phone: "780-555-0114" },
      { name: "Omar Haddad", company: "Clear Title Advisors (sample)", phone: "780-555-0115" },
    ],
  },
  {
    category: "Stager",
    stage: "listing",
    summary:
      "Arranges furniture, art and lighting so rooms photograph well and feel spacious at showings, using your own pieces or bringing in theirs.",
    contacts: [
      { name: "Chloé Dubois", company: "Staged to Sell (sample)", phone: "780-555-0116" },
      { name: "Nadia Popescu", company: "Prairie Nest Staging (sample)", phone: "780-555-0117" },
    ],
  },
  {
    category: "Photographer",
    stage: "listing",
    summary:
      "Professional listing photos, and often drone shots and virtual tours. Most buyers see your home online before they ever book a showing.",
    contacts: [
      { name: "Ben Carter", company: "Bright Room Photography (sample)", phone: "780-555-0118" },
      { name: "Mei Chen", company: "Golden Hour Listings (sample)", phone: "780-555-0119" },
    ],
  },
  {
    category: "RMS and photographer",
    stage: "listing",
    summary:
      "Alberta listings state the home's size measured under the Residential Measurement Standard (RMS). Some photographers are trained to measure as well, so one visit covers both.",
    contacts: [
      { name: "Ryan Sokolov", company: "Measure & Frame Media (sample)", phone: "780-555-0120" },
      { name: "Fatima Yusuf", company: "Square Foot Studios (sample)", phone: "780-555-0121" },
    ],
  },
  {
    category: "Home insurance",
    stage: "deal",
    summary:
      "Your lender needs proof of insurance before it releases the mortgage funds, so arrange a policy before possession day. Condo owners need their own unit policy on top of the building's coverage.",
    contacts: [
      { name: "Laura Bennett", company: "Hearthstone Insurance (sample)", phone: "780-555-0122" },
      { name: "Arjun Mehta", company: "River Valley Insurance Brokers (sample)", phone: "780-555-0123" },
      { name: "Kateryna Bondar", company: "Chinook Home Insurance (sample)", phone: "780-555-0124" },
    ],
  },
  {
    category: "Mover and organizer",
    stage: "moving",
    summary:
      "Book movers early for month-end and summer dates, which fill up first. An organizer can help you declutter before listing and unpack at the new place.",
    contacts: [
      { name: "Mike Sullivan", company: "Easy Haul Movers (sample)", phone: "780-555-0125" },
      { name: "Jasmine Taylor", company: "Settled In Organizing (sample)", phone: "780-555-0126" },
      { name: "Carlos Rivera", company: "Two Bridges Moving (sample)", phone: "780-555-0127" },
    ],
  },
  {
    category: "Painter",
    stage: "listing",
    summary:
      "A fresh coat in neutral colours is one of the least expensive ways to make a home look cared for before listing, and much easier to do before you move in than after.",
    contacts: [
      { name: "Stefan Novak", company: "Fresh Coat Painting (sample)", phone: "780-555-0128" },
      { name: "Leah Morin", company: "Clean Line Painters (sample)", phone: "780-555-0129" },
    ],
  },
  {
    category: "Handyman",
    stage: "repairs",
    summary: "Small fixes from an inspection report or a pre-listing to-do list: sticky doors, caulking, missing trim, dripping taps.",
    contacts: [
      { name: "Gord Peterson", company: "Fix-It Friday Handyman (sample)", phone: "780-555-0130" },
      { name: "Victor Silva", company: "Odd Jobs Home Repair (sample)", phone: "780-555-0131" },
    ],
  },
  {
    category: "Electrician",
    stage: "repairs",
    summary:
      "Panel upgrades, wiring flagged in an inspection, new circuits and fixtures. Most electrical work in Edmonton needs a permit; a licensed electrician takes care of it.",
    contacts: [
      { name: "Sam Ibrahim", company: "Bright Spark Electric (sample)", phone: "780-555-0132" },
      { name: "Erin McLeod", company: "Live Wire Electrical (sample)", phone: "780-555-0133" },
    ],
  },
  {
    category: "Plumber",
    stage: "repairs",
    summary:
      "Leaks, water heaters, fixture upgrades and sewer line camera inspections, which are worth considering for older homes with mature trees nearby.",
    contacts: [
      { name: "Paolo Russo", company: "Flowright Plumbing (sample)", phone: "780-555-0134" },
      { name: "Dana Kuznetsov", company: "Clear Drain Plumbing & Heating (sample)", phone: "780-555-0135" },
    ],
  },
  {
    category: "Construction/renovation",
    stage: "repairs",
    summary:
      "Basements, kitchens, additions and secondary suites. Ask for a written contract, a payment schedule tied to progress and confirmation of who obtains the permits.",
    contacts: [
      { name: "Hiro Tanaka", company: "Timberline Renovations (sample)", phone: "780-555-0136" },
      { name: "Monique Laurent", company: "Square One Builders (sample)", phone: "780-555-0137" },
      { name: "Will Anderson", company: "Ravine Homes Contracting (sample)", phone: "780-555-0138" },
    ],
  },
  {
    category: "Locksmith",
    stage: "moving",
    summary: "Rekey or replace the locks when you take possession: you never know how many keys the previous owners handed out.",
    contacts: [
      { name: "Noor Aziz", company: "Keyed Up Locksmiths (sample)", phone: "780-555-0139" },
      { name: "Brent Halvorsen", company: "Northside Lock & Key (sample)", phone: "780-555-0140" },
    ],
  },
  {
    category: "Home security",
    stage: "moving",
    summary: "Monitored alarms, cameras and smart locks. Some insurers offer a discount for a monitored system, so ask yours.",
    contacts: [
      { name: "Tara Singh", company: "SafeHaven Security (sample)", phone: "780-555-0141" },
      { name: "Jacob Wright", company: "Watchpoint Alarm Systems (sample)", phone: "780-555-0143" },
    ],
  },
  {
    category: "Cleaner",
    stage: "moving",
    summary: "A move-out clean before you hand over the keys, or a deep clean of your new home before the boxes arrive.",
    contacts: [
      { name: "Maria Santos", company: "Spotless Move-Out Cleaning (sample)", phone: "780-555-0144" },
      { name: "Olivia Brooks", company: "Fresh Start Cleaners (sample)", phone: "780-555-0145" },
      { name: "Ahmed Farah", company: "Independent cleaner (sample)", phone: "780-555-0146" },
    ],
  },
];
