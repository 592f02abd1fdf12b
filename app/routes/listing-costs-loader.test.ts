/**
 * The listing page's loader with the monthly-cost panel's query (issue 28), against a real
 * database: good values are used, bad ones fall back (never an error page) in the figures the
 * question form sends, and similar homes come with the page. The panel's own view, with its
 * messages, is the panel's (cost-panel.test.tsx).
 */
import { describe, expect, it } from "vitest";
import type { SentFigures } from "~/lib/buyer-figures";
import type { ListingCard } from "~/lib/listing-types";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { testDatabaseForThisFile } from "../../tests/support/test-database";
import { loader as listingLoader } from "./listing";
import { HOME, SLUG, listingContext } from "../../tests/support/listing-routes";

const t = testDatabaseForThisFile();

const NEIGHBOUR = {
  ...HOME,
  ListingKey: "28123457",
  ListingId: "E4400002",
  ListPrice: 540_000,
  UnparsedAddress: "10125 Jasper Avenue NW, Edmonton, Alberta T5J 0A1",
};

type Loaded = {
  data: { costFigures: SentFigures | null; similar: ListingCard[]; daysOnMarket: number | null };
  init: { status?: number } | null;
};

async function load(query: string): Promise<Loaded> {
  const context = listingContext(t.db);
  const args = { request: new Request(`http://localhost/listings/${SLUG}${query}`), params: { slug: SLUG }, context };
  return (await listingLoader(args as unknown as Parameters<typeof listingLoader>[0])) as unknown as Loaded;
}

describe("the listing loader's monthly-cost query", () => {
  it("uses good values and falls back from bad ones with a message, answering 200", async () => {
    await upsertListings(t.db, [toListingRow(HOME), toListingRow(NEIGHBOUR)]);
    const good = await load("?down=60000&rate=4.5&years=25");
    expect(good.init?.status ?? 200).toBe(200);
    expect(good.data.costFigures?.fields).toMatchObject({ "figures.down": "60000", "figures.rate": "4.5", "figures.years": "25" });
    for (const query of ["?down=abc&rate=999&years=7", "?down=-1", "?down=1e400", `?rate=${"9".repeat(500)}`, "?down=&rate=&years="]) {
      const bad = await load(query);
      expect(bad.init?.status ?? 200, query).toBe(200);
      expect(bad.data.costFigures?.fields, query).toMatchObject({ "figures.down": "27500", "figures.rate": "6.5", "figures.years": "25" });
    }
    // The loader sends the figures alone: the panel works out its view, rules and messages itself.
    expect(Object.keys(good.data)).not.toContain("cost");
    expect(good.data.daysOnMarket).toBeGreaterThan(0);
  });

  it("brings the similar homes, not the home itself", async () => {
    await upsertListings(t.db, [toListingRow(HOME), toListingRow(NEIGHBOUR)]);
    const { similar } = (await load("")).data;
    expect(similar.map((l) => l.key)).toEqual(["28123457"]);
  });
});
