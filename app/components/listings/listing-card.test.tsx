import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ListingCard } from "./listing-card";
import type { ListingCard as Card } from "~/lib/listing-types";

const CARD: Card = {
  key: "29100001",
  path: "/listings/29100001-27-rue-ste-emilie-beaumont",
  price: 525_000,
  status: "active",
  brokerages: ["Example Realty Group"],
  listedByAgent: false,
  address: "27 Rue Ste-Émilie",
  city: "Beaumont",
  beds: 3,
  baths: 2.5,
  area: 1450,
  areaUnits: "square feet",
  photo: "/listings/photos/29100001/0-abc.jpg",
  category: "single-family",
};

function render(card: Partial<Card>): string {
  return renderToString(
    <MemoryRouter>
      <ListingCard listing={{ ...CARD, ...card }} />
    </MemoryRouter>,
  );
}
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("a listing card", () => {
  it("shows price, address, facts, type and the listing brokerage, and no marks on an available home", () => {
    const t = text(render({}));
    expect(t).toContain(
      "$525,000 27 Rue Ste-Émilie Beaumont 3 beds · 2.5 baths · 1,450 sq ft Single family home Listing brokerage: Example Realty Group",
    );
    expect(t).not.toMatch(/Conditionally sold|Sale pending|Listed by/);
  });

  it("names the co-listing brokerages too, and leaves the line out when the feed names none", () => {
    expect(text(render({ brokerages: ["Example Realty Group", " ", "Sample Homes Realty Ltd.", "Example Realty Group"] }))).toContain(
      "Listing brokerage: Example Realty Group, Sample Homes Realty Ltd.",
    );
    expect(render({ brokerages: [] })).not.toContain("Listing brokerage");
  });

  it("badges a home with an accepted offer and the agent's own listing", () => {
    expect(text(render({ status: "under-contract" }))).toContain("Conditionally sold $525,000");
    expect(text(render({ status: "pending", listedByAgent: true }))).toContain("Sale pending Listed by Jordan Avery $525,000");
    expect(text(render({ listedByAgent: true }))).toContain("Listed by Jordan Avery $525,000");
  });

  it("reads 'Price on request' without a price and leaves out the facts the feed left out", () => {
    for (const price of [null, 0]) {
      const t = text(render({ price, beds: null, baths: null, area: null }));
      expect(t).toContain("Price on request 27 Rue Ste-Émilie");
      for (const gone of ["—", "null", "NaN", "beds", "baths", "sq ft", "$0"]) expect(t).not.toContain(gone);
    }
    expect(text(render({ beds: 0, baths: 0, area: 0 }))).not.toMatch(/0 beds|0 baths|sq ft/);
  });

  it("lets long unbroken words wrap inside the card", () => {
    expect(render({ address: "x".repeat(120) })).toMatch(/<div class="[^"]*wrap-anywhere/);
  });
});
