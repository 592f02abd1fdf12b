/**
 * The nine restaurant cards of the best-restaurants article (spec/blog.md §2, §3).
 * Long-established, well-known places, described in general terms: no prices, awards or
 * hours that would go stale. Price ranges are relative ($ to $$$$), not quotes.
 */

export type PriceRange = "$" | "$$" | "$$$" | "$$$$";

export interface Restaurant {
  name: string;
  /** Neighbourhood or street, general enough to stay true if a door number changes. */
  location: string;
  category: string;
  priceRange: PriceRange;
  specialty: string;
  description: string;
}

export const priceRangeLabels: Record<PriceRange, string> = {
  $: "Budget-friendly",
  $$: "Moderate",
  $$$: "Upscale",
  $$$$: "Fine dining",
};

export const restaurants: readonly Restaurant[] = [
  {
    name: "RGE RD",
    location: "West of downtown, near 124 Street",
    category: "Farm-to-table Canadian",
    priceRange: "$$$$",
    specialty: "Seasonal Alberta menu and a chef's tasting menu",
    description:
      "Chef Blair Lebsack's kitchen builds its menu around Alberta farms and whole animals, and it changes with the seasons. This is where I send people who want to taste what this province grows.",
  },
  {
    name: "Corso 32",
    location: "Jasper Avenue, Downtown",
    category: "Italian",
    priceRange: "$$$",
    specialty: "Handmade pasta",
    description:
      "A narrow, candlelit room that helped put Edmonton's downtown dining on the map. The menu is short and the pasta is made in-house. Book ahead: it fills up.",
  },
  {
    name: "Uccellino",
    location: "Jasper Avenue, Downtown",
    category: "Italian",
    priceRange: "$$$",
    specialty: "Pasta, antipasti and Italian wines",
    description:
      "Corso 32's sister restaurant, a few doors down. Bright and relaxed, with simple Italian cooking done carefully: an easy choice for dinner downtown.",
  },
  {
    name: "The Marc",
    location: "106 Street, Downtown",
    category: "French bistro",
    priceRange: "$$$",
    specialty: "Classic bistro dishes",
    description:
      "A long-standing downtown bistro for business lunches and unhurried dinners. If you like classic French cooking without fuss, start here.",
  },
  {
    name: "Sabor",
    location: "103 Street, Downtown",
    category: "Portuguese and Spanish",
    priceRange: "$$$",
    specialty: "Seafood and tapas",
    description:
      "Iberian seafood, shareable tapas and a lively room. A good pick before a show or a game downtown, and for groups who like to order a bit of everything.",
  },
  {
    name: "Da-De-O",
    location: "Whyte Avenue, Old Strathcona",
    category: "New Orleans diner",
    priceRange: "$$",
    specialty: "Cajun and Creole comfort food",
    description:
      "A retro diner that has been a Whyte Avenue fixture for decades. Come hungry, then walk it off among the shops, theatres and the farmers' market of Old Strathcona.",
  },
  {
    name: "Duchess Bake Shop",
    location: "124 Street",
    category: "Bakery and café",
    priceRange: "$",
    specialty: "French pastries and macarons",
    description:
      "One of Edmonton's best-known bakeries. Go early on a weekend for croissants and pastries, then walk the shops and galleries along 124 Street.",
  },
  {
    name: "Padmanadi",
    location: "Chinatown, north of downtown",
    category: "Vegan Asian",
    priceRange: "$$",
    specialty: "Plant-based takes on Indonesian and Chinese dishes",
    description:
      "A fully vegan menu that meat-eaters enjoy too. Generous portions make it a good choice for families and groups with mixed diets.",
  },
  {
    name: "Italian Centre Shop",
    location: "Little Italy, with locations across the city",
    category: "Italian market and café",
    priceRange: "$",
    specialty: "Espresso, deli sandwiches and imported groceries",
    description:
      "A family business that has been part of Edmonton since the late 1950s. Grab a coffee and a sandwich at the café counter, then shop for cheese, olive oil and pasta on your way out.",
  },
];
