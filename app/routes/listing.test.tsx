/**
 * The listing page as the server renders it (issue 27): status beside the price, brokerages, the
 * agent's mark, open houses, "Price on request", facts the feed left out left out, long words
 * that wrap; its title, description and breadcrumb name.
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NEW_TAB_HINT } from "~/components/blog/external-link";
import { costViewOf } from "~/lib/listing-cost-view";
import { listingFactsOf } from "~/components/listings/listing-facts";
import type { ListingDetail } from "~/lib/listing-types";
import { realEstateListingJsonLd } from "~/lib/structured-data";
import ListingPage, { handle, meta, pageListing } from "./listing";

const LISTING: ListingDetail = {
  key: "29100001",
  path: "/listings/29100001-27-rue-ste-emilie-beaumont",
  mlsNumber: "E4100001",
  price: 525_000,
  status: "active",
  brokerages: ["Example Realty Group"],
  listedByAgent: false,
  openHouses: [],
  address: "27 Rue Ste-Émilie",
  city: "Beaumont",
  province: "Alberta",
  postalCode: "T4X 1A1",
  community: null,
  beds: 3,
  baths: 2,
  area: 1450,
  areaUnits: "square feet",
  category: "single-family",
  subType: "Single Family",
  remarks: "A fictional home.",
  listingUrl: null,
  photos: [],
  cover: null,
  previousPrice: null,
  listedAt: "2026-11-01T00:00:00.000Z",
  modifiedAt: "2026-11-02T00:00:00.000Z",
  facts: { yearBuilt: null, rooms: [], parkingTotal: null, lotSize: null, heating: [], feeIncludes: [], features: {} },
  costs: { taxAnnualAmount: null, taxYear: null, associationFee: null, associationFeeFrequency: null },
  latitude: 53.5461,
  longitude: -113.4938,
};

function render(listing: Partial<ListingDetail>): string {
  const l = { ...LISTING, ...listing };
  const Stub = createRoutesStub([{ id: "listing", path: "/listings/:slug", Component: ListingPage as never }]);
  return renderToString(
    <Stub
      initialEntries={[l.path]}
      hydrationData={{
        loaderData: {
          listing: {
            listing: pageListing(l),
            costFigures: costViewOf(l.price, l.costs, new URLSearchParams())?.sent ?? null,
            daysOnMarket: null,
            facts: listingFactsOf(l, null),
            similar: [],
          },
        },
      }}
    />,
  );
}

/** The visible text of a piece of HTML, tags dropped and entities of the test data decoded. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

function metaOf(listing: Partial<ListingDetail>) {
  const l = { ...LISTING, ...listing };
  // The loader makes the structured data (so its builder stays out of the page's script); meta places it.
  const tags = meta({ loaderData: { listing: l, jsonLd: realEstateListingJsonLd(l) }, location: { pathname: l.path } } as never) as Record<
    string,
    unknown
  >[];
  const title = tags.find((t) => "title" in t)?.title as string;
  const description = tags.find((t) => t.name === "description")?.content as string;
  const jsonLd = tags.find((t) => "script:ld+json" in t)?.["script:ld+json"] as Record<string, unknown>;
  return { title, description, jsonLd };
}

describe("the listing page", () => {
  it("shows the price, the address with its accents, the facts and the one brokerage", () => {
    const html = render({});
    expect(html).toMatch(/<h1[^>]*>27 Rue Ste-Émilie<\/h1>/);
    expect(html).toMatch(/data-testid="listing-price"[^>]*>\$525,000</);
    expect(text(html)).toContain("Listing brokerage: Example Realty Group");
    expect(text(html)).toContain("Bedrooms 3");
    expect(html).not.toContain('data-testid="listing-status"');
    expect(html).not.toContain("Listed by");
    expect(html).not.toContain("Open houses");
  });

  it("labels a home with an accepted offer beside its price", () => {
    for (const [status, label] of [
      ["under-contract", "Conditionally sold"],
      ["pending", "Sale pending"],
    ] as const) {
      const html = render({ status });
      const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
      expect(header).toMatch(
        new RegExp(`data-testid="listing-price"[^>]*>\\$525,000</span><span[^>]*data-testid="listing-status"[^>]*>${label}<`),
      );
    }
  });

  it("names the listing brokerage and the co-listing ones, or says none was given", () => {
    expect(text(render({ brokerages: ["Example Realty Group", "Sample Homes Realty Ltd."] }))).toContain(
      "Listing brokerage: Example Realty Group, Sample Homes Realty Ltd.",
    );
    expect(text(render({ brokerages: [] }))).toContain("Listing brokerage: not provided by the listing");
  });

  it("marks the agent's own listing", () => {
    expect(text(render({ listedByAgent: true }))).toContain("Listed by Jordan Avery");
  });

  it("lists the upcoming open houses with their hours and livestream, in a new tab", () => {
    const html = render({
      openHouses: [
        { date: "2026-11-28", start: "13:00", end: "15:00", livestreamUrl: "https://live.example/tour" },
        { date: "2026-11-29", start: null, end: null, livestreamUrl: null },
      ],
    });
    const section = html.slice(html.indexOf('data-testid="open-houses"'));
    expect(text(section)).toContain("Open houses");
    expect(text(section)).toContain("Saturday, November 28 1:00 PM – 3:00 PM Watch the livestream" + NEW_TAB_HINT);
    expect(section).toContain('<time dateTime="2026-11-28T13:00">');
    expect(text(section)).toContain("Sunday, November 29");
    expect(section).toMatch(/<a href="https:\/\/live\.example\/tour" target="_blank" rel="noopener noreferrer"/);
    expect(section.match(/Watch the livestream/g)).toHaveLength(1);
  });

  it("never links a livestream that is not https", () => {
    const html = render({ openHouses: [{ date: "2026-11-28", start: "13:00", end: "15:00", livestreamUrl: "javascript:alert(1)" }] });
    expect(html).not.toContain("Watch the livestream");
    expect(html).not.toContain("javascript:");
  });

  it("reads 'Price on request' without a price, and leaves out the facts the feed left out", () => {
    const html = render({ price: null, beds: null, baths: null, area: null, mlsNumber: null, community: null });
    expect(html).toMatch(/data-testid="listing-price"[^>]*>Price on request</);
    for (const gone of ["Bedrooms", "Bathrooms", "Living area", "MLS® number", "—", "null", "NaN", "0 beds", "$0"])
      expect(text(html)).not.toContain(gone);
    expect(text(html)).toContain("Type Single family home (Single Family)");
    expect(text(render({ beds: 0, baths: 0, area: 0 }))).not.toMatch(/Bedrooms|Bathrooms|Living area/);
  });

  it("wraps long unbroken words in the heading, address, facts, remarks and brokerage", () => {
    const html = render({ remarks: `See https://example.com/${"a".repeat(100)}` });
    expect(html).toMatch(/<header class="[^"]*wrap-anywhere/);
    expect(html).toMatch(/<p class="[^"]*wrap-anywhere[^"]*" data-testid="listing-remarks">/);
    expect(html).toMatch(/<p class="[^"]*wrap-anywhere[^"]*" data-testid="listing-brokerage">/);
    expect(html).toMatch(/<dd class="[^"]*wrap-anywhere/);
  });

  it("names itself in the breadcrumb by its address, accents and punctuation kept", () => {
    expect(handle.breadcrumb({ listing: LISTING })).toBe("27 Rue Ste-Émilie");
    expect(handle.breadcrumb({ listing: null })).toBeNull();
    expect(handle.breadcrumb(undefined)).toBeNull();
  });
});

describe("the listing page's title, description and structured data", () => {
  it("give the price, or 'Price on request'", () => {
    expect(metaOf({}).title).toMatch(/^27 Rue Ste-Émilie, Beaumont: \$525,000 \|/);
    const { title, description, jsonLd } = metaOf({ price: null });
    expect(title).toMatch(/^27 Rue Ste-Émilie, Beaumont: Price on request \|/);
    expect(description).toMatch(
      /^Single family home for sale at 27 Rue Ste-Émilie, Beaumont, price on request \(3 beds, 2 baths, 1,450 sq ft\)\./,
    );
    expect(jsonLd.offers).toEqual({
      "@type": "Offer",
      availability: "https://schema.org/InStock",
      offeredBy: [{ "@type": "RealEstateAgent", name: "Example Realty Group" }],
    });
  });

  it("say when an offer is accepted, in the description and the offer's availability", () => {
    const { description, jsonLd } = metaOf({ status: "under-contract" });
    expect(description).toContain("$525,000, conditionally sold (3 beds");
    expect(jsonLd.offers).toMatchObject({ availability: "https://schema.org/LimitedAvailability", price: 525_000, priceCurrency: "CAD" });
    expect(metaOf({ status: "pending" }).jsonLd.offers).toMatchObject({ availability: "https://schema.org/SoldOut" });
  });

  it("share the first photo that loads, with its description", () => {
    const photos = [
      { url: "/listings/photos/29100001/0-a.jpg", description: "Front exterior" },
      { url: "/listings/photos/29100001/1-b.jpg", description: "Kitchen" },
    ];
    const tags = (listing: Partial<ListingDetail>) =>
      meta({ loaderData: { listing: { ...LISTING, ...listing } } } as never) as Record<string, unknown>[];
    const og = (listing: Partial<ListingDetail>, property: string) => tags(listing).find((t) => t.property === property)?.content;
    expect(og({ photos, cover: photos[1]!.url }, "og:image")).toMatch(/\/listings\/photos\/29100001\/1-b\.jpg$/);
    expect(og({ photos, cover: photos[1]!.url }, "og:image:alt")).toBe("Kitchen");
    expect(og({ photos: [], cover: null }, "og:image:alt")).toBe("27 Rue Ste-Émilie, Beaumont, the home for sale");
  });

  it("leave nothing null or empty in the structured data", () => {
    const { jsonLd } = metaOf({
      price: null,
      beds: null,
      baths: null,
      area: null,
      city: null,
      province: null,
      postalCode: null,
      remarks: null,
      listedAt: null,
      brokerages: [],
    });
    const walk = (value: unknown, path: string): void => {
      expect(value, path).not.toBeNull();
      expect(value, path).not.toBeUndefined();
      expect(value, path).not.toBe("");
      if (Array.isArray(value)) {
        expect(value.length, path).toBeGreaterThan(0);
        value.forEach((v, i) => walk(v, `${path}[${i}]`));
      } else if (typeof value === "object") for (const [k, v] of Object.entries(value as object)) walk(v, `${path}.${k}`);
    };
    walk(jsonLd, "listing");
    expect(jsonLd.offers).toEqual({ "@type": "Offer", availability: "https://schema.org/InStock" });
  });
});
