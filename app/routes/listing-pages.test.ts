/**
 * The listing pages' loaders and action against a real database: 404 without the feed or for an
 * unknown key, 410 for a removed listing, the 301 to the canonical slug, the inquiry stored with
 * its listing (and named in the agent's e-mail); the search's parameters read forgivingly.
 */
import type { RouterContextProvider } from "react-router";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseListingSearch } from "~/lib/listing-types";
import { createContact } from "~/lib/server/leads/contacts.server";
import { toListingRow } from "~/lib/server/listings/property.server";
import { removeListings, upsertListings, upsertOffices } from "~/lib/server/listings/store.server";
import { claimDueNotifications } from "~/lib/server/mail/outbox.server";
import { buildNotificationEmail } from "~/lib/server/leads/forms.server";
import { contacts, notificationOutbox, propertyInquiries } from "../../db/schema";
import { select } from "../../platform/db/query";
import { testDatabaseForThisFile } from "../../tests/support/test-database";
import { action as listingAction, loader as listingLoader, middleware as listingMiddleware } from "./listing";
import { HOME, PATH, listingContext } from "../../tests/support/listing-routes";
import { loader as searchLoader } from "./listings-search";

const t = testDatabaseForThisFile();

type Outcome = { data: Record<string, unknown>; init: { status?: number } | null };
const feedContext = () => listingContext(t.db);
const noFeed = () => listingContext(t.db, { feed: false });

async function load(slug: string, context: RouterContextProvider = feedContext()) {
  try {
    const args = { request: new Request(`http://localhost/listings/${slug}`), params: { slug }, context };
    return (await listingLoader(args as unknown as Parameters<typeof listingLoader>[0])) as unknown as Outcome;
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown };
    throw thrown;
  }
}

describe("listing page loader", () => {
  it("answers 404 without the feed, for an unknown key and for a malformed segment", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    expect(await load(PATH.slice(10), noFeed())).toMatchObject({ init: { status: 404 } });
    expect(await load("99999-nowhere")).toMatchObject({ init: { status: 404 } });
    expect(await load("-no-key")).toMatchObject({ init: { status: 404 } });
  });
  it("shows a listing at its canonical path and moves another slug there (301, same origin)", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    await upsertOffices(
      t.db,
      [{ OfficeKey: "51001", OfficeName: "Example Realty", ModificationTimestamp: "2025-05-01T00:00:00Z" }],
      new Date(),
    );
    const page = (await load(PATH.slice(10))) as Outcome;
    expect(page.data.listing).toMatchObject({ key: "28123456", brokerages: ["Example Realty"], path: PATH });
    const moved = (await load("28123456-old-address")) as { redirect: Response };
    expect(moved.redirect.status).toBe(301);
    expect(moved.redirect.headers.get("Location")).toBe(PATH);
  });
  it("answers 410 for a listing that left the feed", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    await removeListings(t.db, ["28123456"]);
    expect(await load(PATH.slice(10))).toMatchObject({ init: { status: 410 } });
  });
});

describe("ask about this home", () => {
  it("stores the visitor's message as an inquiry about the listing, named in the queued notification", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    const request = new Request(`http://localhost${PATH}`, {
      method: "POST",
      body: new URLSearchParams({ name: "Ann", email: "ann@example.com", phone: "", message: "Is it still available?", website: "" }),
    });
    const args = { request, params: { slug: PATH.slice(10) }, context: feedContext() };
    // Behind the route's own middleware (the form quota), as React Router runs it.
    let out: Outcome | undefined;
    expect(listingMiddleware).toHaveLength(1);
    await listingMiddleware[0]!(args as never, async () => {
      out = (await listingAction(args as unknown as Parameters<typeof listingAction>[0])) as unknown as Outcome;
      return new Response(null);
    });
    expect(out!.data).toEqual({ status: "success" });
    const stored = await select(
      t.db.rows,
      { id: contacts.id, name: contacts.name, email: contacts.email, phone: contacts.phone },
      sql`from ${contacts}`,
    );
    expect(stored).toEqual([{ id: expect.any(Number), name: "Ann", email: "ann@example.com", phone: null }]);
    const i = propertyInquiries;
    const inquiries = await select(
      t.db.rows,
      { contactId: i.contact_id, message: i.message, type: i.inquiry_type, listingKey: i.listing_key },
      sql`from ${i}`,
    );
    expect(inquiries).toEqual([{ contactId: stored[0]!.id, message: "Is it still available?", type: "listing", listingKey: "28123456" }]);
    const [queued] = await select(t.db.rows, { payload: notificationOutbox.payload }, sql`from ${notificationOutbox}`);
    expect((queued!.payload as Record<string, unknown>).listing).toEqual({
      key: "28123456",
      address: "10123 Jasper Avenue NW, Edmonton",
      mlsNumber: "E4400001",
      path: PATH,
      url: expect.stringMatching(new RegExp(`^https?://[^/]+${PATH}$`)),
    });
  });
  it("stores the inquiry with its listing key and type, and the agent's e-mail names the home", async () => {
    const listing = {
      key: "28123456",
      address: "10123 Jasper Avenue NW, Edmonton",
      mlsNumber: "E4400001",
      path: PATH,
      url: `https://agent.example${PATH}`,
    };
    await createContact(t.db, { name: "Ann <b>", email: "ann@example.com", phone: "", message: "Hello" }, new Date(), listing);
    const [inquiry] = await t.db.rows<{ listing_key: string; inquiry_type: string }>(
      sql`select listing_key, inquiry_type from property_inquiries`,
    );
    expect(inquiry).toEqual({ listing_key: "28123456", inquiry_type: "listing" });
    const [notification] = await claimDueNotifications(t.db, 10, 60_000);
    expect((notification!.payload as Record<string, unknown>).listing).toEqual(listing);
    const mail = buildNotificationEmail(notification!);
    expect(mail.subject).toBe("New question about 10123 Jasper Avenue NW, Edmonton from Ann <b>");
    expect(mail.text).toMatch(/Home:\s+10123 Jasper Avenue NW, Edmonton/);
    expect(mail.text).toMatch(/MLS® number:\s+E4400001/);
    expect(mail.text).toContain(`https://agent.example${PATH}`);
    expect(mail.html).toContain("Ann &lt;b&gt;");
  });
});

describe("/listings search", () => {
  it("drops unknown values, clamps numbers and swaps a reversed price range", () => {
    const read = (q: string) => parseListingSearch(new URLSearchParams(q));
    expect(read("city=Atlantis&type=castle&page=-3&minBeds=abc")).toEqual({ page: 1 });
    expect(read("city=Leduc%20County&type=condominium&minPrice=900000&maxPrice=$300,000&minBeds=99&page=2.7")).toEqual({
      page: 2,
      city: "Leduc County",
      cities: ["Leduc County"],
      category: "condominium",
      minPrice: 300_000,
      maxPrice: 900_000,
      minBeds: 20,
    });
  });
  it("renders without the feed, and searches with it", async () => {
    const run = (q: string, context: RouterContextProvider) =>
      searchLoader({ request: new Request(`http://localhost/listings${q}`), params: {}, context } as unknown as Parameters<
        typeof searchLoader
      >[0]);
    expect((await run("", noFeed())).result).toBeNull();
    await upsertListings(t.db, [
      toListingRow(HOME),
      toListingRow({ ...HOME, ListingKey: "L2", City: "Leduc", UnparsedAddress: "1 Main Street" }),
    ]);
    const found = await run("?city=Leduc", feedContext());
    expect(found.result?.listings.map((l) => l.key)).toEqual(["L2"]);
    expect(found.refined).toBe(true);
    expect((await run("?page=50", feedContext())).result).toMatchObject({ total: 2, listings: [] });
  });
});
