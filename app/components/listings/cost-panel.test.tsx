/**
 * The listing page's monthly-cost panel, facts and similar homes as the server renders them
 * (issue 28): the no-JavaScript form, the sources with their dates, nothing shown as "null".
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { costViewOf } from "~/lib/listing-cost-view";
import type { ListingCard, ListingDetail } from "~/lib/listing-types";
import ListingPage, { pageListing } from "~/routes/listing";
import { loadLazyParts } from "../../../tests/support/lazy-parts";
import { daysOnMarket, listingFactRows, listingFactsOf, pricePerSquareFoot } from "./listing-facts";

const LISTING: ListingDetail = {
  key: "29100002",
  path: "/listings/29100002-10-main-st-edmonton",
  mlsNumber: "E4100002",
  price: 525_000,
  status: "active",
  brokerages: ["Example Realty Group"],
  listedByAgent: false,
  openHouses: [],
  address: "10 Main St",
  city: "Edmonton",
  province: "Alberta",
  postalCode: null,
  community: null,
  beds: 2,
  baths: 2,
  area: 900,
  areaUnits: "square feet",
  category: "condominium",
  subType: null,
  remarks: null,
  listingUrl: null,
  photos: [],
  cover: null,
  previousPrice: null,
  listedAt: "2026-11-01T18:00:00.000Z",
  modifiedAt: "2026-11-02T00:00:00.000Z",
  facts: { yearBuilt: null, rooms: [], parkingTotal: null, lotSize: null, heating: [], feeIncludes: [], features: {} },
  costs: { taxAnnualAmount: null, taxYear: null, associationFee: null, associationFeeFrequency: null },
  latitude: null,
  longitude: null,
};

const CARD: ListingCard = {
  key: "29100003",
  path: "/listings/29100003-12-main-st-edmonton",
  price: 510_000,
  status: "active",
  brokerages: ["Sample Homes Realty Ltd."],
  listedByAgent: false,
  address: "12 Main St",
  city: "Edmonton",
  beds: 2,
  baths: 1,
  area: null,
  areaUnits: null,
  photo: null,
  category: "condominium",
};

function page(listing: Partial<ListingDetail>, { query = "", similar = [] as ListingCard[], days = null as number | null } = {}) {
  const l = { ...LISTING, ...listing };
  const loaderData = {
    listing: pageListing(l),
    costFigures: costViewOf(l.price, l.costs, new URLSearchParams(query))?.sent ?? null,
    daysOnMarket: days,
    facts: listingFactsOf(l, days),
    similar,
  };
  const Stub = createRoutesStub([{ id: "listing", path: "/listings/:slug", Component: ListingPage as never }]);
  return <Stub initialEntries={[`${l.path}${query ? `?${query}` : ""}`]} hydrationData={{ loaderData: { listing: loaderData } }} />;
}

function render(...args: Parameters<typeof page>): string {
  return renderToString(page(...args));
}

// The page's parts loaded on demand (its question form), so renderToString renders them whole, as the server's render waits for them.
beforeAll(() => loadLazyParts(page({})));

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const panelOf = (html: string) =>
  html.slice(html.indexOf('data-testid="cost-panel"'), html.indexOf("</section>", html.indexOf('data-testid="cost-panel"')));
const NEVER = ["null", "undefined", "NaN", "Infinity", "—", "$0 "];

describe("the monthly-cost panel", () => {
  it("is a GET form back to the listing that works without JavaScript, with the calculator's query keys", () => {
    const panel = panelOf(render({}));
    expect(panel).toMatch(/<form [^>]*action="\/listings\/29100002-10-main-st-edmonton#monthly-costs" method="get"/);
    expect(panel).toMatch(/<input[^>]*name="down"[^>]*value="27500"/);
    expect(panel).toMatch(/<input[^>]*name="rate"[^>]*value="6.5"/);
    expect(panel).toMatch(/<select[^>]*name="years"/);
    // Insured (under 20 % down) and no first-time or new-build answer: 25 years, the longest such a buyer can get (issue 39).
    expect(panel).toMatch(/<option value="25" selected="">25(<!-- -->)? years<\/option>/);
    expect(panel).toMatch(/<input type="checkbox"[^>]*name="ftb" value="1"\/>/);
    expect(panel).toMatch(/<input type="checkbox"[^>]*name="new" value="1"\/>/);
    expect(panel).toMatch(/<button type="submit"/);
    expect(panel).toContain('href="/mortgage-calculator?price=525000&amp;down=27500&amp;rate=6.5&amp;years=25"');
    // A first-time buyer: 30 years, the box ticked, the calculator told the same.
    const ftb = panelOf(render({}, { query: "ftb=1" }));
    expect(ftb).toMatch(/<option value="30" selected="">30(<!-- -->)? years<\/option>/);
    expect(ftb).toMatch(/<input type="checkbox"[^>]*name="ftb" checked="" value="1"\/>/);
    expect(ftb).toContain('href="/mortgage-calculator?price=525000&amp;down=27500&amp;rate=6.5&amp;years=30&amp;ftb=1"');
  });

  it("shows both cases with the premium, the estimated tax and its source and date, and the income rule", () => {
    const t = text(panelOf(render({})));
    expect(t).toContain("Smallest down payment $27,500 down (5.2%) Insurance premium added to the mortgage");
    expect(t).toContain("20% down $105,000 down (20%) Mortgage payment");
    expect(t).toMatch(
      /Property tax estimated \(the listing gives none\) at the City of Edmonton's rate, 1\.02% of the price a year \(source: City of Edmonton \(opens in a new tab\) , 2025 rates, as of November 23, 2026 \)/,
    );
    expect(t).toContain("Financial Consumer Agency of Canada, down payment");
    expect(t).toContain("More than 25 years with under 20% down: first-time buyers and new homes only, others at most 25 years");
    expect(t).toMatch(
      /then the premium carries a 0\.20% surcharge \(source: Canada Mortgage and Housing Corporation, premiums \(opens in a new tab\) , as of [A-Z][a-z]+ \d{1,2}, \d{4} \)/,
    );
    expect(t).toMatch(/Household income to qualify: about \$\d{2,3},000 a year \(39% of income\)/);
    for (const bad of NEVER) expect(t).not.toContain(bad);
  });

  it("takes the feed's tax with its year and a condo fee per month from its frequency", () => {
    const t = text(
      panelOf(render({ costs: { taxAnnualAmount: 2_400, taxYear: 2025, associationFee: 1_200, associationFeeFrequency: "Quarterly" } })),
    );
    expect(t).toContain("Property tax 2025 tax $200");
    expect(t).toContain("Condo fee $400");
    expect(t).toContain("Property tax from the listing: $2,400 for 2025.");
    expect(t).toContain("Condo fee from the listing: $1,200 quarterly.");
    expect(t).toContain("and half the condo fee");
    for (const bad of NEVER) expect(t).not.toContain(bad);
  });

  it("says a fee's frequency as written when it has no monthly figure, and leaves it out of the total", () => {
    const t = text(
      panelOf(render({ costs: { taxAnnualAmount: null, taxYear: null, associationFee: 500, associationFeeFrequency: "Seasonal" } })),
    );
    expect(t).not.toMatch(/Condo fee \$/);
    expect(t).toContain("Condo fee from the listing: $500 “Seasonal” as the listing writes it: no monthly figure, not in the totals.");
  });

  it("reads the query, and falls back with a message from values it cannot use", () => {
    const mine = panelOf(render({}, { query: "down=60000&rate=4.5&years=25" }));
    expect(mine).toMatch(/name="down"[^>]*value="60000"/);
    expect(text(mine)).toContain("Your down payment $60,000 down (11.4%)");
    const bad = text(panelOf(render({}, { query: "down=10&rate=abc&years=17" })));
    expect(bad).toContain("below the legal minimum");
    expect(bad).toContain("The rate must be a number");
    expect(bad).toContain("The amortization must be");
    expect(bad).toContain("Smallest down payment $27,500 down");
  });

  it("shows one case from the insured limit, and no panel for a price on request", () => {
    expect(render({ price: 1_600_000 })).not.toContain('data-testid="cost-twenty"');
    const html = render({ price: null });
    expect(html).not.toContain("cost-panel");
    expect(html).not.toContain("figures-sent");
  });

  it("sends the figures with the inquiry", () => {
    expect(text(render({}))).toMatch(/Your figures will be sent with your message: \$27,500 down/);
  });
});

describe("the facts and the similar homes", () => {
  it("show only what the feed carries", () => {
    const html = render(
      {
        facts: {
          yearBuilt: 1999,
          rooms: [
            { type: "Living room", level: "Main level", dimensions: "4.2 m x 3.1 m" },
            { type: "Den", level: null, dimensions: null },
          ],
          parkingTotal: 2,
          lotSize: { area: 0.25, units: "acres" },
          heating: ["Baseboard heaters", " "],
          feeIncludes: ["Heat", "Water"],
          features: {},
        },
      },
      { days: 24 },
    );
    const t = text(html.slice(html.indexOf('data-testid="listing-facts"')));
    // Grouped as the portals group them (issue 45): each group under its heading, the page's own figures under "Listing".
    expect(t).toContain(
      "Building Year built 1999 Inside Heating Baseboard heaters Parking Parking spaces 2 Land Lot size 0.25 acres Condo Condo fee includes Heat, Water Listing Days on the market 24 days Price per square foot $583 per sq ft",
    );
    expect(t).toContain("Living room Main level 4.2 m x 3.1 m");
    for (const bad of NEVER) expect(t).not.toContain(bad);
  });

  it("leave the section out when the feed carries none of them", () => {
    const html = render({ area: null });
    expect(html).not.toContain("listing-facts");
    expect(listingFactRows({ ...LISTING, price: null }, null)).toEqual([]);
  });

  it("work out days on the market in Edmonton's calendar, and the price per square foot from metres too", () => {
    expect(daysOnMarket("2026-11-01T18:00:00.000Z", new Date("2026-11-25T12:00:00.000Z"))).toBe(24);
    expect(daysOnMarket("2026-11-25T01:00:00.000Z", new Date("2026-11-25T12:00:00.000Z"))).toBe(1);
    expect(daysOnMarket(null)).toBeNull();
    expect(daysOnMarket("not a date")).toBeNull();
    expect(pricePerSquareFoot(500_000, 100, "square meters")).toBe("$465 per sq ft");
    expect(pricePerSquareFoot(500_000, 1000, "acres")).toBeNull();
    expect(pricePerSquareFoot(null, 1000, null)).toBeNull();
  });

  it("link similar homes, server-rendered", () => {
    const html = render({}, { similar: [CARD] });
    const section = html.slice(html.indexOf('data-testid="similar-homes"'));
    expect(text(section)).toContain("Similar homes");
    expect(section).toContain('href="/listings/29100003-12-main-st-edmonton"');
    expect(render({})).not.toContain("similar-homes");
  });
});
