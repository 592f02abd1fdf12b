/**
 * POST /alerts as React Router runs it (the form quota, then the action) on a real database: a
 * pending subscription and its confirmation mail for a valid sign-up, the form again with messages
 * and the visitor's values for anything else, nothing stored without the consent box, the same
 * answer for a suppressed address, and a 4xx (never a 5xx) for whatever a client sends.
 */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALERT_CONSENT_VERSION, alertConsentText } from "~/lib/alert-consent";
import { emailHash } from "~/lib/server/alerts/suppression.server";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { alertSubscriptions, emailSuppressions, notificationOutbox } from "../../../db/schema";
import { select } from "../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../tests/support/test-database";
import { HOME, listingContext } from "../../../tests/support/listing-routes";
import { type Answer, expectPrivate, get, post, runRoute } from "../../../tests/support/alert-routes";
import { CONSENT_MESSAGE } from "~/lib/server/alerts/sign-up-post.server";
import * as signUpRoute from "./sign-up";

const t = testDatabaseForThisFile();

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

const search = {
  kind: "search",
  consentVersion: ALERT_CONSENT_VERSION,
  form: "Save this search",
  email: "Robin@Example.com",
  name: "Robin",
  frequency: "weekly",
  consent: "yes",
  website: "",
};
const watch = { ...search, kind: "watch", form: "Watch this home", listingKey: HOME.ListingKey };

async function send(
  fields: Record<string, string> | [string, string][],
  { alerts = true, queued = vi.fn(), headers = {} as Record<string, string> } = {},
) {
  const out = await runRoute(signUpRoute, post("/alerts", fields, headers), listingContext(t.db, { alerts, queued }));
  return { out, queued };
}

type FormAnswer = {
  status: "invalid";
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  form: { kind: string; hidden: [string, string][]; consent: string };
};
const formOf = (out: Answer) => out.data as unknown as FormAnswer;

async function expectNothingStored() {
  const [stored] = await select(
    t.db.rows,
    {
      subscriptions: sql<number>`(select count(*)::integer from ${alertSubscriptions})`,
      mails: sql<number>`(select count(*)::integer from ${notificationOutbox})`,
    },
    sql``,
  );
  expect(stored).toEqual({ subscriptions: 0, mails: 0 });
}

describe("a sign-up", () => {
  it("stores a pending search with its criteria and queues its confirmation, answering Check your e-mail", async () => {
    const { out, queued } = await send([
      ...Object.entries(search),
      ["city", "Edmonton"],
      ["type", "condominium"],
      ["minPrice", "300000"],
      ["minBeds", "2"],
    ]);
    expect(out.status).toBe(200);
    expect(out.data).toEqual({ status: "success" });
    expectPrivate(out);
    const rows = await select(
      t.db.rows,
      {
        kind: alertSubscriptions.kind,
        email: alertSubscriptions.email,
        name: alertSubscriptions.name,
        status: alertSubscriptions.status,
        frequency: alertSubscriptions.frequency,
        criteria: alertSubscriptions.criteria,
        form: alertSubscriptions.form,
        consentText: alertSubscriptions.consent_text,
        address: alertSubscriptions.client_address,
      },
      sql`from ${alertSubscriptions}`,
    );
    expect(rows).toEqual([
      {
        kind: "search",
        email: "robin@example.com",
        name: "Robin",
        status: "pending",
        frequency: "weekly",
        criteria: { cities: ["Edmonton"], category: "condominium", minPrice: 300000, minBeds: 2 },
        form: "Save this search",
        consentText: alertConsentText("search"),
        address: "203.0.113.7",
      },
    ]);
    const mails = await select(
      t.db.rows,
      { kind: notificationOutbox.kind, status: notificationOutbox.status },
      sql`from ${notificationOutbox}`,
    );
    expect(mails).toEqual([{ kind: "confirmation", status: "pending" }]);
    expect(queued).toHaveBeenCalled();
  });

  it("keeps every city of the criteria the form posted", async () => {
    await send([...Object.entries(search), ["city", "Edmonton"], ["city", "St. Albert"]]);
    const [row] = await select(t.db.rows, { criteria: alertSubscriptions.criteria }, sql`from ${alertSubscriptions}`);
    expect(row!.criteria.cities).toEqual(["Edmonton", "St. Albert"]);
  });

  it("watches a home of the feed, and refuses one the feed does not have with 400", async () => {
    expect((await send(watch)).out.status).toBe(400);
    await expectNothingStored();
    await upsertListings(t.db, [toListingRow(HOME)]);
    const { out } = await send(watch);
    expect(out.data).toEqual({ status: "success" });
    const [row] = await select(
      t.db.rows,
      { kind: alertSubscriptions.kind, listingKey: alertSubscriptions.listing_key, form: alertSubscriptions.form },
      sql`from ${alertSubscriptions}`,
    );
    expect(row).toEqual({ kind: "watch", listingKey: HOME.ListingKey, form: "Watch this home" });
  });

  it("answers a suppressed address exactly as any other, storing and sending nothing", async () => {
    await t.db.rows(
      sql`insert into ${emailSuppressions} (email_hash, reason) values (${await emailHash(t.db, "robin@example.com")}, 'erased')`,
    );
    const { out } = await send(search);
    expect(out.status).toBe(200);
    expect(out.data).toEqual({ status: "success" });
    await expectNothingStored();
  });

  it("answers a filled honeypot with the same calm answer and stores nothing", async () => {
    const { out } = await send({ ...search, website: "http://spam.example" });
    expect(out.data).toEqual({ status: "success" });
    await expectNothingStored();
  });
});

describe("the form shown again", () => {
  it("without the consent box: a clear message beside it, the values kept, nothing stored", async () => {
    const { out } = await send([...Object.entries({ ...search, consent: "" }), ["city", "Leduc"]]);
    expect(out.status).toBe(400);
    const answer = formOf(out);
    expect(answer.status).toBe("invalid");
    expect(answer.fieldErrors).toEqual({ consent: CONSENT_MESSAGE });
    expect(answer.values).toEqual({ email: "Robin@Example.com", name: "Robin", frequency: "weekly" });
    // The same search and the current wording, so ticking the box and sending again is all it takes.
    expect(answer.form.hidden).toEqual(
      expect.arrayContaining([
        ["city", "Leduc"],
        ["kind", "search"],
        ["consentVersion", ALERT_CONSENT_VERSION],
      ]),
    );
    expect(answer.form.consent).toBe(alertConsentText("search"));
    expectPrivate(out);
    await expectNothingStored();
  });

  it("names each bad field: the address, the frequency, a wording this site never showed", async () => {
    const bad = formOf((await send({ ...search, email: "not an address", frequency: "hourly" })).out);
    expect(bad.fieldErrors).toMatchObject({ email: "Please enter a valid email address.", frequency: expect.stringMatching(/how often/i) });
    const stale = formOf((await send({ ...search, consentVersion: "1999-01-01" })).out);
    expect(stale.fieldErrors.consent).toMatch(/changed/);
    await expectNothingStored();
  });

  it("answers a huge field with 400 and a capped value, never storing it", async () => {
    const { out } = await send({ ...search, name: "x".repeat(50_000) });
    expect(out.status).toBe(400);
    expect(formOf(out).fieldErrors.name).toMatch(/under/);
    expect(formOf(out).values.name!.length).toBeLessThanOrEqual(240);
    await expectNothingStored();
  });
});

describe("what no form of ours sends", () => {
  it.each([
    [
      "another content type (415)",
      () =>
        new Request("http://localhost/alerts", {
          method: "POST",
          body: JSON.stringify(search),
          headers: { "Content-Type": "application/json" },
        }),
      415,
    ],
    ["an unknown kind", () => post("/alerts", { ...search, kind: "spy" }), 400],
    ["a form name of another kind", () => post("/alerts", { ...search, form: "Watch this home" }), 400],
    ["a malformed listing key", () => post("/alerts", { ...watch, listingKey: "../../etc" }), 400],
  ])("%s: a 4xx, nothing stored", async (_what, request, status) => {
    const out = await runRoute(signUpRoute, request(), listingContext(t.db, { alerts: true }));
    expect(out.status).toBe(status);
    expect(out.data.status).toBe("error");
    await expectNothingStored();
  });

  it("strips NUL bytes rather than failing on them", async () => {
    const { out } = await send({ ...search, name: "Ro\u0000bin", email: "robin@example.com\u0000" });
    expect(out.status).toBeLessThan(500);
    const rows = await select(
      t.db.rows,
      { name: alertSubscriptions.name, email: alertSubscriptions.email },
      sql`from ${alertSubscriptions}`,
    );
    expect(rows).toEqual([{ name: "Robin", email: "robin@example.com" }]);
  });

  it("answers 429 past the quota and 404 with the feed off, storing nothing", async () => {
    const context = listingContext(t.db, { alerts: true });
    const limited = { allowed: false, retryAfterSeconds: 42, excess: 1 };
    const server = context.get((await import("~/router-context")).serverContext)!;
    (server.forms.limiter as unknown as { consume: () => Promise<unknown> }).consume = async () => limited;
    const out = await runRoute(signUpRoute, post("/alerts", search), context);
    expect(out.status).toBe(429);
    expect(out.headers.get("Retry-After")).toBe("42");
    expect((await send(search, { alerts: false })).out.status).toBe(404);
    await expectNothingStored();
  });

  it("keeps the monthly frequency to the home report: a search at monthly, or a home report at weekly, is refused with a 4xx and nothing stored", async () => {
    const monthly = await send({ ...search, frequency: "monthly" });
    expect(monthly.out.status).toBe(400);
    expect(formOf(monthly.out).fieldErrors.frequency).toBe("Please choose how often to get these e-mails.");
    const home = { ...search, kind: "home", form: "Get my monthly home report", listingKey: "1066158", frequency: "weekly" };
    const weekly = await send(home);
    expect(weekly.out.status).toBeGreaterThanOrEqual(400);
    expect(weekly.out.status).toBeLessThan(500);
    // A home the roll does not have (this database has no roll): refused as such, nothing stored.
    const unknown = await send({ ...home, frequency: "monthly" });
    expect(unknown.out.status).toBe(400);
    await expectNothingStored();
  });
});

describe("GET /alerts", () => {
  it("explains alerts with the feed on, private and uncached; 404 with it off", async () => {
    const on = await runRoute(signUpRoute, get("/alerts"), listingContext(t.db, { alerts: true }));
    expect(on).toMatchObject({ status: 200, data: { on: true } });
    expectPrivate(on);
    expect((await runRoute(signUpRoute, get("/alerts"), listingContext(t.db))).status).toBe(404);
  });
});
