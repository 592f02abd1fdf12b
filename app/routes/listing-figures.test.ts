/**
 * "Ask about this home" with the buyer's figures (issue 28), against a real database: the action
 * stores them in the notification's payload beside the listing, drops junk without losing the
 * message, and the agent's e-mail shows them.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { figureFieldValues } from "~/lib/buyer-figures";
import { createContact } from "~/lib/server/leads/contacts.server";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { claimDueNotifications } from "~/lib/server/mail/outbox.server";
import { buildNotificationEmail } from "~/lib/server/leads/forms.server";
import { notificationOutbox, propertyInquiries } from "../../db/schema";
import { select } from "../../platform/db/query";
import { testDatabaseForThisFile } from "../../tests/support/test-database";
import { action as listingAction, middleware as listingMiddleware } from "./listing";
import { HOME, PATH, listingContext } from "../../tests/support/listing-routes";

const t = testDatabaseForThisFile();

const FIGURES = { down: 25_000, rate: 5.4, amortizationYears: 25, monthlyTotal: 3049.6, includesTax: true, includesCondoFee: false };
const listing = {
  key: "28123456",
  address: "10123 Jasper Avenue NW, Edmonton",
  mlsNumber: "E4400001",
  path: PATH,
  url: `https://agent.example${PATH}`,
};

const feedContext = () => listingContext(t.db);

/** Posts the form as a browser without JavaScript would, behind the route's own middleware. */
async function ask(fields: Record<string, string>) {
  const request = new Request(`http://localhost${PATH}`, {
    method: "POST",
    body: new URLSearchParams({
      name: "Ann",
      email: "ann@example.com",
      phone: "",
      message: "Is it still available?",
      website: "",
      ...fields,
    }),
  });
  const args = { request, params: { slug: PATH.slice(10) }, context: feedContext() };
  let out: { data: Record<string, unknown>; init: { status?: number } | null } | undefined;
  await listingMiddleware[0]!(args as never, async () => {
    out = (await listingAction(args as unknown as Parameters<typeof listingAction>[0])) as never;
    return new Response(null);
  });
  return out!;
}

const payloads = async () =>
  (await select(t.db.rows, { payload: notificationOutbox.payload }, sql`from ${notificationOutbox} order by ${notificationOutbox.id}`)).map(
    (r) => r.payload as Record<string, unknown>,
  );

describe("ask about this home with the buyer's figures", () => {
  it("stores the figures next to the listing, and the agent's e-mail shows them", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    expect((await ask(figureFieldValues(FIGURES))).data).toEqual({ status: "success" });
    const [payload] = await payloads();
    expect(payload!.listing).toMatchObject({ key: "28123456", path: PATH });
    expect(payload!.figures).toEqual(FIGURES);
    const [inquiry] = await select(t.db.rows, { listingKey: propertyInquiries.listing_key }, sql`from ${propertyInquiries}`);
    expect(inquiry).toEqual({ listingKey: "28123456" });
    const [notification] = await claimDueNotifications(t.db, 10, 60_000);
    expect(buildNotificationEmail(notification!).text).toMatch(
      /Their figures: \$25,000 down at 5\.4 %, 25 years: about \$3,050 a month with tax\n/,
    );
  });
  it("sends the message without figures when none came or they are junk", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    expect((await ask({})).data).toEqual({ status: "success" });
    expect((await ask({ ...figureFieldValues(FIGURES), "figures.rate": "99", "figures.down": "<b>" })).data).toEqual({ status: "success" });
    const stored = await payloads();
    expect(stored).toHaveLength(2);
    for (const payload of stored) {
      expect(payload.listing).toBeDefined();
      expect(payload).not.toHaveProperty("figures");
    }
  });
  it("keeps the contact form's field messages when the message itself is wrong", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    const out = await ask({ ...figureFieldValues(FIGURES), email: "nope" });
    expect(out.init?.status).toBe(400);
    expect(out.data).toMatchObject({ status: "invalid", fieldErrors: { email: "Please enter a valid email address." } });
    expect(await payloads()).toEqual([]);
  });
});

describe("createContact with figures", () => {
  it("stores them only about a home", async () => {
    await createContact(
      t.db,
      { name: "Ann", email: "ann@example.com", phone: "", message: "Hello", figures: FIGURES },
      new Date(),
      listing,
    );
    await createContact(t.db, { name: "Bob", email: "bob@example.com", phone: "", message: "Hello", figures: FIGURES }, new Date());
    const [about, general] = await payloads();
    expect(about).toMatchObject({ listing, figures: FIGURES });
    expect(general).not.toHaveProperty("figures");
    expect(general).not.toHaveProperty("listing");
  });
});
