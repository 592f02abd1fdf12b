/**
 * "I'll be there" through its route (issue 44): the page of an upcoming open house, the POST
 * through the forms' pipeline behind the route's form quota, and the refusals: an open house that
 * is over (410) or unknown (404), with a clear message and nothing written.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openHouseRsvpMessages } from "~/content/form-messages";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { testDatabaseForThisFile } from "../../tests/support/test-database";
import { HOME, PATH, listingContext } from "../../tests/support/listing-routes";
import { action, loader, middleware } from "./listing-open-house";

const t = testDatabaseForThisFile();
type Outcome = { data: Record<string, unknown>; init: { status?: number } | null };
const slug = PATH.slice(10);

async function seed() {
  await upsertListings(t.db, [toListingRow(HOME)]);
  await t.db.rows(sql`delete from open_houses`);
  await t.db.rows(sql`
    insert into open_houses (open_house_key, listing_key, date, start_time, end_time)
    values ('OH-NEXT', ${HOME.ListingKey}, '2099-06-06', '13:00', '15:00'), ('OH-PAST', ${HOME.ListingKey}, '2020-01-04', '13:00', '15:00')`);
}

async function load(openHouseKey: string): Promise<Outcome> {
  const args = {
    request: new Request(`http://localhost${PATH}/open-house/${openHouseKey}`),
    params: { slug, openHouseKey },
    context: listingContext(t.db),
  };
  return (await loader(args as never)) as unknown as Outcome;
}

async function post(openHouseKey: string, fields: Record<string, string>): Promise<Outcome> {
  const request = new Request(`http://localhost${PATH}/open-house/${openHouseKey}`, {
    method: "POST",
    body: new URLSearchParams({ website: "", ...fields }),
  });
  const args = { request, params: { slug, openHouseKey }, context: listingContext(t.db) };
  let out: Outcome | undefined;
  await middleware[0]!(args as never, async () => {
    out = (await action(args as never)) as unknown as Outcome;
    return new Response(null);
  });
  return out!;
}

const outboxKinds = async () =>
  (await t.db.rows<{ kind: string }>(sql`select kind from notification_outbox order by kind`)).map((r) => r.kind);
const visitor = { name: "Ann Buyer", email: "ann@example.com", phone: "" };

describe("I'll be there", () => {
  it("shows an upcoming open house and stores the RSVP with its reminder", async () => {
    await seed();
    const page = await load("OH-NEXT");
    expect(page.init?.status ?? 200).toBe(200);
    expect(page.data.openHouse).toMatchObject({ key: "OH-NEXT", when: "Saturday, June 6, 1:00 PM – 3:00 PM" });
    expect(await post("OH-NEXT", visitor)).toMatchObject({ data: { status: "success" } });
    expect(await outboxKinds()).toEqual(expect.arrayContaining(["contact", "open-house-reminder"]));
  });

  it("refuses an open house that is over (410) or unknown (404) with a clear message, writing nothing", async () => {
    await seed();
    expect((await load("OH-PAST")).init?.status).toBe(410);
    expect((await load("nope")).init?.status).toBe(404);
    expect(await post("OH-PAST", visitor)).toMatchObject({ init: { status: 410 }, data: { message: openHouseRsvpMessages.over } });
    expect(await post("nope", visitor)).toMatchObject({ init: { status: 404 }, data: { message: openHouseRsvpMessages.unknown } });
    expect(await outboxKinds()).toEqual([]);
    expect((await t.db.rows(sql`select 1 from people`)).length).toBe(0);
  });

  it("asks for a name and a valid e-mail (400), the phone is optional", async () => {
    await seed();
    const out = await post("OH-NEXT", { name: "", email: "not an address", phone: "" });
    expect(out.init?.status).toBe(400);
    expect(out.data).toMatchObject({ status: "invalid" });
    expect(Object.keys(out.data.fieldErrors as object).sort()).toEqual(["email", "name"]);
    expect(await outboxKinds()).toEqual([]);
  });
});
