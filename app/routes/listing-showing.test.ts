/**
 * "Book a showing" through its route (issue 44): the loader's free slots, the POST through the
 * forms' pipeline behind the route's form quota, and each refusal: a time taken meanwhile (409,
 * the slots shown again without it), a time not offered (400), a home no longer for sale (410),
 * with nothing written by any of them.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { showingMessages } from "~/content/form-messages";
import type { SlotDay } from "~/lib/showing-slots";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { testDatabaseForThisFile } from "../../tests/support/test-database";
import { HOME, PATH, listingContext } from "../../tests/support/listing-routes";
import { action, loader, middleware } from "./listing-showing";

const t = testDatabaseForThisFile();
type Outcome = { data: Record<string, unknown>; init: { status?: number } | null };
const slug = PATH.slice(10);

async function load(): Promise<Outcome> {
  const args = { request: new Request(`http://localhost${PATH}/showing`), params: { slug }, context: listingContext(t.db) };
  return (await loader(args as never)) as unknown as Outcome;
}

async function post(fields: Record<string, string>): Promise<Outcome> {
  const request = new Request(`http://localhost${PATH}/showing`, { method: "POST", body: new URLSearchParams({ website: "", ...fields }) });
  const args = { request, params: { slug }, context: listingContext(t.db) };
  let out: Outcome | undefined;
  await middleware[0]!(args as never, async () => {
    out = (await action(args as never)) as unknown as Outcome;
    return new Response(null);
  });
  return out!;
}

const count = async (table: string) =>
  Number((await t.db.rows<{ n: number }>(sql`select count(*)::integer as n from ${sql.identifier(table)}`))[0]!.n);
const buyer = { name: "Ann Buyer", email: "ann@example.com", phone: "780-555-0101", note: "After work if possible" };

describe("book a showing", () => {
  it("offers free slots, books one, and gives a taken one back with the times still free", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    const page = await load();
    const days = page.data.days as SlotDay[];
    expect(days.length).toBeGreaterThan(3);
    const first = days[0]!.slots[0]!.value;
    expect(await post({ ...buyer, slot: first })).toMatchObject({ data: { status: "success" } });
    expect(await count("showings")).toBe(1);
    expect(await count("notification_outbox")).toBe(3);

    const again = await post({ ...buyer, email: "bob@example.com", slot: first });
    expect(again.init?.status).toBe(400);
    expect(again.data).toMatchObject({
      status: "invalid",
      fieldErrors: { slot: showingMessages.notOffered },
      values: { email: "bob@example.com" },
    });
    const after = (await load()).data.days as SlotDay[];
    expect(after.flatMap((d) => d.slots.map((s) => s.value))).not.toContain(first);
    expect(await count("showings")).toBe(1);
    expect(await count("people")).toBe(1);
  });

  it("refuses a past time, a time outside the hours and a forged value (400), writing nothing", async () => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    for (const slot of ["2020-01-01T17:00:00.000Z", "2099-01-01T09:00:00.000Z", "tomorrow", "<script>"]) {
      const out = await post({ ...buyer, slot });
      expect(out.init?.status).toBe(400);
      expect(out.data.status).toBe("invalid");
    }
    expect(await count("showings")).toBe(0);
    expect(await count("people")).toBe(0);
  });

  it("answers 410 with a clear message for a home no longer for sale", async () => {
    await upsertListings(t.db, [toListingRow({ ...HOME, StandardStatus: "Pending" })]);
    expect((await load()).init?.status).toBe(410);
    const out = await post({ ...buyer, slot: "2099-01-01T17:00:00.000Z" });
    expect(out).toMatchObject({ init: { status: 410 }, data: { message: showingMessages.notForSale } });
    expect(await count("showings")).toBe(0);
  });
});
