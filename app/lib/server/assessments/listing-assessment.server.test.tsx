/**
 * A feed listing matched to its account in the live roll, and the listing page's assessment: the
 * figure with its roll year and valuation date, the lot, the asking price against it in words, the
 * years as a server-drawn SVG, the source and licence; no match when it would be a guess.
 */
import { renderToString } from "react-dom/server";
import { MemoryRouter, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ListingAssessment } from "~/components/assessments/listing-assessment";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { type ServerContext, serverContext } from "~/router-context";
import { type ApiRow, generateRoll } from "../../../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../../../tests/fixtures/city/soda-standin";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { HOME } from "../../../../tests/support/listing-routes";
import { loader as listingLoader } from "../../../routes/listing";
import type { ListingAssessmentView } from "../../assessments/present";
import { createAssessmentsContext } from "./context.server";
import { importRoll } from "./import.server";
import { listingAssessment } from "./listing-assessment.server";
import { createSodaClient } from "./soda-client.server";

const t = testDatabaseForThisFile();
const data = generateRoll({ accounts: 400, seed: 5 });
let city: Awaited<ReturnType<typeof startSodaStandIn>>;
beforeAll(async () => {
  city = await startSodaStandIn({ data });
});
afterAll(async () => {
  await city.close();
});

const quiet = { warn() {} };
const context = () => createAssessmentsContext(t.db, { baseUrl: city.baseUrl }, quiet);
async function loadRoll() {
  await importRoll(t.db, createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 1 }), { refreshMs: 1, force: true, pageSize: 1000 });
}

const house = data.roll.find((r) => !r.suite && / STREET NW$/.test(r.street_name as string))!;
const condo = data.roll.find((r) => r.suite)!;
/** The address as a listing writes it: "10234 105 St NW". */
const typed = (r: ApiRow) =>
  `${r.suite ? `#${r.suite} ` : ""}${r.house_number} ${(r.street_name as string).replace(/ STREET /, " St ").replace(/ AVENUE /, " Ave ")}`;

async function listing(key: string, address: string, city: string, price: number) {
  await upsertListings(t.db, [
    toListingRow({ ...HOME, ListingKey: key, ListPrice: price, UnparsedAddress: `${address}, ${city}, Alberta`, City: city }),
  ]);
  return { key, address, city, price, latitude: null, longitude: null };
}

describe("a listing's assessment", () => {
  it("matches the listing's address to its account and says how the asking price compares", async () => {
    await loadRoll();
    const value = Number(house.assessed_value);
    const l = await listing("30000001", typed(house), "Edmonton", Math.round(value * 1.06));
    const view = await listingAssessment(context(), l, { historyWaitMs: 5_000 });
    expect(view).toMatchObject({
      value,
      rollYear: new Date().getUTCFullYear(),
      price: l.price,
      neighbourhood: { slug: expect.any(String) },
    });
    expect(view!.history!.length).toBeGreaterThan(0);
    const html = renderToString(
      <MemoryRouter>
        <ListingAssessment view={view!} />
      </MemoryRouter>,
    );
    const year = view!.rollYear;
    expect(html).toContain(
      `City of Edmonton assessment: $${value.toLocaleString("en-CA")} (${year} roll, market value as of July 1, ${year - 1})`,
    );
    expect(html).toContain("The seller is asking 6 % above its assessment.");
    expect(html).toContain("Open Government Licence – City of Edmonton");
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain("<polyline");
    expect(html.toLowerCase()).not.toContain("appraised");
    expect(html).toContain("not an appraisal");
  });

  it("matches a condo by its unit, and never the building without one, nor outside Edmonton", async () => {
    await loadRoll();
    expect(await listingAssessment(context(), await listing("30000002", typed(condo), "Edmonton", 300_000))).toMatchObject({
      value: Number(condo.assessed_value),
    });
    expect(
      await listingAssessment(context(), await listing("30000003", `${condo.house_number} ${condo.street_name}`, "Edmonton", 300_000)),
    ).toBeNull();
    expect(await listingAssessment(context(), await listing("30000004", typed(house), "St. Albert", 300_000))).toBeNull();
  });

  it("renders without the chart when the history is not at hand within the wait, and keeps it for the next page", async () => {
    await loadRoll();
    const l = await listing("30000005", typed(house), "Edmonton", 500_000);
    city.failNext(1, 503);
    const first = await listingAssessment(context(), l, { historyWaitMs: 2_000 });
    expect(first?.history).toBeNull();
    const html = renderToString(
      <MemoryRouter>
        <ListingAssessment view={first as ListingAssessmentView} />
      </MemoryRouter>,
    );
    expect(html).not.toContain("<svg");
    const second = await listingAssessment(context(), l, { historyWaitMs: 2_000 });
    expect(second?.history?.length).toBeGreaterThan(0);
    const asked = city.requests.filter((r) => r.path === "/resource/qi6a-xuwt.json").length;
    await listingAssessment(context(), l, { historyWaitMs: 2_000 });
    expect(city.requests.filter((r) => r.path === "/resource/qi6a-xuwt.json").length).toBe(asked);
  });

  it("reaches the listing page's loader only with the roll on", async () => {
    await loadRoll();
    const l = await listing("30000006", typed(house), "Edmonton", 500_000);
    const base = { clientIp: "203.0.113.7", leads: { db: t.db }, listings: { db: t.db, memberKey: null }, alerts: null };
    const load = async (assessments: unknown) => {
      const ctx = new RouterContextProvider(new Map([[serverContext, { ...base, assessments } as unknown as ServerContext]]));
      const slug = `${l.key}-${typed(house)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")}-edmonton`;
      const args = { request: new Request(`http://localhost/listings/${slug}`), params: { slug }, context: ctx };
      try {
        return (
          (await listingLoader(args as unknown as Parameters<typeof listingLoader>[0])) as unknown as { data: Record<string, unknown> }
        ).data;
      } catch (thrown) {
        // A slug spelled another way than the store's: follow the 301 once.
        const location = (thrown as Response).headers.get("Location")!;
        const again = { ...args, request: new Request(`http://localhost${location}`), params: { slug: location.slice(10) } };
        return (
          (await listingLoader(again as unknown as Parameters<typeof listingLoader>[0])) as unknown as { data: Record<string, unknown> }
        ).data;
      }
    };
    expect((await load(context())).assessment).toMatchObject({ value: Number(house.assessed_value) });
    expect((await load(null)).assessment).toBeNull();
  });
});
