/**
 * The public pages' parts of issue 27 that come from the DDF® feed, with the feed's queries
 * stubbed: the home page's and /about's "My listings", /listings' accepted-offer checkbox and the
 * agent's listings above the plain search, /open-house from the feed or its dated samples. Every
 * loader returns nothing of the feed without a server context (prerendering).
 */
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { RouterContextProvider, createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ListingCard, ListingPage, OpenHouseListing } from "~/lib/listing-types";
import { SEARCH_CITIES } from "~/lib/listing-types";
import { FEED_SUBTITLE, SAMPLE_SUBTITLE } from "~/content/open-houses";
import { edmontonDate } from "~/lib/dates";
import { agentListings, searchListings, upcomingOpenHouses } from "~/lib/server/listings/queries.server";
import { type ServerContext, serverContext } from "~/router-context";
import About, { loader as aboutLoader } from "./about";
import Home, { loader as homeLoader } from "./home";
import ListingsSearch, { loader as searchLoader } from "./listings-search";
import OpenHousePage, { loader as openHouseLoader } from "./open-house";

vi.mock("~/lib/server/listings/queries.server", () => ({
  agentListings: vi.fn(),
  searchListings: vi.fn(),
  upcomingOpenHouses: vi.fn(),
}));

const CARD: ListingCard = {
  key: "29100001",
  path: "/listings/29100001-27-rue-ste-emilie-beaumont",
  price: 525_000,
  status: "active",
  brokerages: ["Example Realty Group"],
  listedByAgent: true,
  address: "27 Rue Ste-Émilie",
  city: "Beaumont",
  beds: 3,
  baths: 2,
  area: 1450,
  areaUnits: "square feet",
  photo: null,
  category: "single-family",
};
const PAGE: ListingPage = {
  total: 1,
  page: 1,
  pageCount: 1,
  listings: [{ ...CARD, listedByAgent: false, key: "29000100", path: "/listings/29000100-x" }],
  medianAskingPrice: 525_000,
};
const DB = { fake: "database" };

/** The router context the server fills; null: prerendering (no server). */
function contextOf(listings: { memberKey: string | null } | null | "no-server"): RouterContextProvider {
  if (listings === "no-server") return new RouterContextProvider();
  const server = { listings: listings && { db: DB, ...listings } } as unknown as ServerContext;
  return new RouterContextProvider(new Map([[serverContext, server]]));
}
const args = (url: string, context: RouterContextProvider) =>
  ({ request: new Request(`http://localhost${url}`), params: {}, context }) as never;
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

function renderRoute(path: string, Component: unknown, loaderData: unknown): string {
  const Stub = createRoutesStub([{ id: "page", path, Component: Component as never }]);
  return renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { page: loaderData } }} />);
}

/** Renders once everything has loaded, lazy parts included, as the server does (entry.server.tsx waits for all). */
async function renderAll(path: string, Component: unknown, loaderData: unknown): Promise<string> {
  const Stub = createRoutesStub([{ id: "page", path, Component: Component as never }]);
  const { prelude } = await prerenderToNodeStream(<Stub initialEntries={[path]} hydrationData={{ loaderData: { page: loaderData } }} />);
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

beforeEach(() => {
  vi.mocked(agentListings).mockReset().mockResolvedValue([CARD]);
  vi.mocked(searchListings).mockReset().mockResolvedValue(PAGE);
  vi.mocked(upcomingOpenHouses).mockReset().mockResolvedValue([]);
});

describe("'My listings' on the home page and /about", () => {
  for (const [name, loader] of [
    ["home", homeLoader],
    ["about", aboutLoader],
  ] as const) {
    it(`${name}: nothing of the feed while prerendering, without the feed or without the agent's member key`, async () => {
      for (const context of [contextOf("no-server"), contextOf(null), contextOf({ memberKey: null })]) {
        expect(await loader(args("/", context))).toEqual({ agentListings: null });
      }
      expect(agentListings).not.toHaveBeenCalled();
    });

    it(`${name}: the agent's six newest listings, or none when the feed has none of theirs`, async () => {
      expect(await loader(args("/", contextOf({ memberKey: "M1" })))).toEqual({ agentListings: [CARD] });
      expect(agentListings).toHaveBeenCalledWith(DB, "M1", 6);
      vi.mocked(agentListings).mockResolvedValue([]);
      expect(await loader(args("/", contextOf({ memberKey: "M1" })))).toEqual({ agentListings: null });
    });
  }

  it("the home page shows them under the hero, above the New Listings widget, with a link to /listings", async () => {
    const html = await renderAll("/", Home, { agentListings: [CARD] });
    const hero = html.indexOf('id="hero-heading"');
    const mine = html.indexOf('id="my-listings-heading"');
    expect(hero).toBeGreaterThan(-1);
    expect(mine).toBeGreaterThan(hero);
    expect(html.indexOf('id="new-listings-heading"')).toBeGreaterThan(mine);
    const section = text(html.slice(mine));
    expect(section).toMatch(/^[^<]*My listings/);
    expect(section).toContain("Listed by Jordan Avery $525,000 27 Rue Ste-Émilie");
    expect(html).toContain('href="/listings"');
  });

  it("the home page without them is the page as before", async () => {
    const html = await renderAll("/", Home, { agentListings: null });
    expect(html).not.toContain("my-listings-heading");
    expect(html).not.toContain("agent-listings");
  });

  it("/about shows them under the biography", async () => {
    expect(text(await renderAll("/about", About, { agentListings: [CARD] }))).toMatch(/About Jordan Avery.*My listings.*27 Rue Ste-Émilie/);
    expect(await renderAll("/about", About, { agentListings: null })).not.toContain("My listings");
  });
});

describe("/listings", () => {
  it("includes homes with an accepted offer when asked (status=all), and says so in the form", async () => {
    const plain = await searchLoader(args("/listings", contextOf({ memberKey: null })));
    expect(vi.mocked(searchListings).mock.calls[0]![1]).not.toHaveProperty("withAcceptedOffers");
    expect(plain.search.withAcceptedOffers).toBe(false);
    const all = await searchLoader(args("/listings?status=all", contextOf({ memberKey: null })));
    expect(vi.mocked(searchListings).mock.calls[1]![1]).toMatchObject({ withAcceptedOffers: true, pageSize: 12, memberKey: null });
    expect(all.search.withAcceptedOffers).toBe(true);

    const html = renderRoute("/listings", ListingsSearch, all);
    const box = /<input type="checkbox"[^>]*name="status"[^>]*>/.exec(html)![0];
    expect(box).toContain('name="status"');
    expect(box).toContain('value="all"');
    expect(box).toContain('checked=""');
    expect(text(html)).toContain("Include homes with an accepted offer");
    expect(renderRoute("/listings", ListingsSearch, plain)).not.toMatch(/<input type="checkbox"[^>]*checked/);
  });

  it("shows the agent's own listings above the plain search's first page only", async () => {
    const plain = await searchLoader(args("/listings", contextOf({ memberKey: "M1" })));
    expect(agentListings).toHaveBeenCalledWith(DB, "M1", 3);
    expect(plain.agentListings).toEqual([CARD]);
    const html = renderRoute("/listings", ListingsSearch, plain);
    const mine = html.indexOf("Jordan Avery&#x27;s listings");
    expect(mine).toBeGreaterThan(html.indexOf("Include homes with an accepted offer"));
    expect(mine).toBeLessThan(html.indexOf('id="results-heading"'));

    vi.mocked(agentListings).mockClear();
    for (const refined of ["/listings?page=2", "/listings?city=Edmonton", "/listings?status=all", "/listings?minBeds=3"]) {
      expect((await searchLoader(args(refined, contextOf({ memberKey: "M1" })))).agentListings, refined).toEqual([]);
    }
    expect((await searchLoader(args("/listings", contextOf({ memberKey: null })))).agentListings).toEqual([]);
    expect(agentListings).not.toHaveBeenCalled();
    expect(renderRoute("/listings", ListingsSearch, { ...plain, agentListings: [] })).not.toContain("s listings");
  });
});

describe("/listings's one address per search (issue 45, decision 054)", () => {
  const moved = async (url: string): Promise<string | null> => {
    try {
      await searchLoader(args(url, contextOf({ memberKey: null })));
      return null;
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      expect(thrown.status).toBe(301);
      return thrown.headers.get("location");
    }
  };

  it("renders the search's own spelling and moves every other there, never an error", async () => {
    expect(await moved("/listings")).toBeNull();
    expect(await moved("/listings?city=Edmonton&minBeds=3&sort=price-asc")).toBeNull();
    expect(await moved("/listings?sort=price-asc&minBeds=3&city=Edmonton")).toBe("/listings?city=Edmonton&minBeds=3&sort=price-asc");
    // The plain form's blanks, a bot's inventions and bad values all land on a page that exists.
    expect(await moved("/listings?city=&minPrice=&maxPrice=&minBeds=&type=&q=&sort=newest")).toBe("/listings");
    expect(await moved("/listings?utm_source=mail&cachebuster=123")).toBe("/listings");
    expect(await moved("/listings?minArea=lots&new=999&style=Castle&page=-1")).toBe("/listings");
    expect(await moved(`/listings?q=${"Garage%20".repeat(60)}`)).toBe("/listings?q=garage");
    // React Router's own parameter on a client-side navigation is not the visitor's.
    expect(await moved("/listings?city=Edmonton&_routes=routes%2Flistings-search")).toBeNull();
  });

  it("passes the new filters and order to the query, and shows them in the form", async () => {
    const loaded = await searchLoader(
      args(
        "/listings?minBaths=2&style=Bungalow&community=Glenora&q=garage&openHouse=1&reduced=1&new=7&sort=size-desc",
        contextOf({ memberKey: null }),
      ),
    );
    expect(vi.mocked(searchListings).mock.calls.at(-1)![1]).toMatchObject({
      minBaths: 2,
      style: "Bungalow",
      community: "Glenora",
      keywords: ["garage"],
      openHouse: true,
      priceReduced: true,
      newWithinDays: 7,
      sort: "size-desc",
    });
    const html = renderRoute("/listings", ListingsSearch, loaded);
    expect(html).toMatch(/<option value="size-desc" selected="">/);
    expect(html).toMatch(/<input type="checkbox"[^>]*name="openHouse"[^>]*checked=""/);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*maxLength="100"[^>]*value="garage"|<input[^>]*name="q"[^>]*value="garage"/);
    expect(text(html)).toContain("1 home match, size, largest first");
  });
});

describe("/open-house", () => {
  const upcoming: OpenHouseListing[] = [
    { date: "2026-11-28", start: "13:00", end: "15:00", livestreamUrl: "https://live.example/tour", listing: CARD },
    {
      date: "2026-11-29",
      start: "14:00",
      end: null,
      livestreamUrl: null,
      listing: {
        ...CARD,
        key: "29100004",
        path: "/listings/29100004-x",
        price: null,
        status: "pending",
        listedByAgent: false,
        brokerages: ["A Realty", "B Homes"],
      },
    },
  ];

  it("lists the feed's upcoming open houses, the agent's first, in the site's areas", async () => {
    vi.mocked(upcomingOpenHouses).mockResolvedValue(upcoming);
    expect(await openHouseLoader(args("/open-house", contextOf({ memberKey: "M1" })))).toEqual({ upcoming, samples: null });
    expect(upcomingOpenHouses).toHaveBeenCalledWith(DB, { memberKey: "M1", cities: SEARCH_CITIES, limit: 24 });

    const html = renderRoute("/open-house", OpenHousePage, { upcoming, samples: null });
    const t = text(html);
    expect(t).toContain(FEED_SUBTITLE);
    expect(t).not.toContain(SAMPLE_SUBTITLE);
    expect(t).toContain("Listed by Jordan Avery $525,000 27 Rue Ste-Émilie, Beaumont Saturday, November 28 1:00 PM – 3:00 PM");
    expect(t).toContain("Listing brokerage: Example Realty Group Watch the livestream (opens in a new tab)");
    expect(t).toContain("Sale pending Price on request");
    expect(t).toContain("Sunday, November 29 From 2:00 PM");
    expect(t).toContain("Listing brokerage: A Realty, B Homes");
    expect(html).toContain(`href="${CARD.path}"`);
    expect(html).toMatch(/<a href="https:\/\/live\.example\/tour" target="_blank" rel="noopener noreferrer"/);
    expect(html.match(/data-testid="open-house-card"/g)).toHaveLength(2);
    expect(t).toContain("The trademarks REALTOR®");
  });

  it("falls back to the six samples, dated after today in Edmonton, without the feed or without open houses", async () => {
    const today = edmontonDate();
    for (const context of [contextOf("no-server"), contextOf(null), contextOf({ memberKey: "M1" })]) {
      const data = await openHouseLoader(args("/open-house", context));
      expect(data.upcoming).toBeNull();
      expect(data.samples).toHaveLength(6);
      for (const s of data.samples!) expect(s.date > today).toBe(true);
    }
    const data = await openHouseLoader(args("/open-house", contextOf(null)));
    const html = renderRoute("/open-house", OpenHousePage, data);
    expect(text(html)).toContain(SAMPLE_SUBTITLE);
    expect(html.match(/data-testid="open-house-sample"/g)).toHaveLength(6);
    expect(text(html)).toContain("Sample home, Windermere, Edmonton");
    expect(html).toContain(`<time dateTime="${data.samples![0]!.date}">`);
  });
});
