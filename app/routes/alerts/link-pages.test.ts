/**
 * The pages a mail's links open, as React Router runs them, on a real database and real signed
 * tokens, with the subscriptions module's writes as stand-ins (their rules are tested beside it):
 * a GET never changes anything, a POST does what its button says for the token's own person only,
 * a wrong token answers 404 and an expired one 410 with nobody's data, a home's link redirects
 * only to the on-site path found for it, and every answer is private and uncached.
 */
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type ServerContext, serverContext } from "~/router-context";
import { serverSecret } from "~/lib/server/alerts/secrets.server";
import { signToken } from "~/lib/server/alerts/tokens.server";
import { alertSubscriptions, people } from "../../../db/schema";
import { name, returning } from "../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../tests/support/test-database";
import { listingContext } from "../../../tests/support/listing-routes";
import { expectPrivate, get, post, runRoute } from "../../../tests/support/alert-routes";
import * as confirm from "./confirm";
import * as manage from "./manage";
import * as open from "./open";

const fakes = vi.hoisted(() => ({
  confirmSubscription: vi.fn(),
  subscriptionsOf: vi.fn(),
  setFrequency: vi.fn(),
  endSubscription: vi.fn(),
  unsubscribeAll: vi.fn(),
  recordOpen: vi.fn(),
}));
// Only the writes are stand-ins: reading what a link confirms stays the module's own.
vi.mock("~/lib/server/alerts/subscriptions.server", async (importOriginal) => ({ ...(await importOriginal<object>()), ...fakes }));
vi.mock("~/lib/server/alerts/opens.server", () => ({ recordOpen: fakes.recordOpen }));

const t = testDatabaseForThisFile();
const context = () => listingContext(t.db, { alerts: true });
const DAY = 86_400_000;

async function token(purpose: "confirm" | "manage" | "open", id: number, expiresIn = DAY) {
  return signToken(await serverSecret(t.db, "alert-links"), purpose, id, new Date(Date.now() + expiresIn));
}

async function pendingSearch() {
  const s = alertSubscriptions;
  const [row] = await returning(
    t.db.rows,
    { id: s.id },
    sql`insert into ${s} (${name(s.kind)}, ${name(s.email)}, ${name(s.label)}, ${name(s.frequency)}, ${name(s.consent_text)}, ${name(s.consent_version)}, ${name(s.form)})
      values ('search', 'robin@example.com', 'Condos in Edmonton', 'weekly', 'text', 'v', 'Save this search')`,
  );
  return row!.id;
}

beforeEach(() => {
  for (const fake of Object.values(fakes)) fake.mockReset();
});

describe("the confirmation page", () => {
  it("shows what will be confirmed and changes nothing when opened", async () => {
    const id = await pendingSearch();
    const out = await runRoute(confirm, get(`/alerts/confirm/x`), context(), { token: await token("confirm", id) });
    expect(out.status).toBe(200);
    expect(out.data).toEqual({
      state: "ask",
      kind: "search",
      label: "Condos in Edmonton",
      frequency: "weekly",
      status: "pending",
      change: null,
    });
    expectPrivate(out);
    expect(fakes.confirmSubscription).not.toHaveBeenCalled();
  });

  it("says the button changes how often when the address already gets this search (issue 38)", async () => {
    const live = await pendingSearch();
    const [person] = await returning(
      t.db.rows,
      { id: people.id },
      sql`insert into ${people} (${name(people.email)}, ${name(people.name)}) values ('robin@example.com', 'Robin')`,
    );
    const s = alertSubscriptions;
    await t.db.rows(
      sql`update ${s} set ${name(s.status)} = 'active', ${name(s.frequency)} = 'daily', ${name(s.person_id)} = ${person!.id} where ${s.id} = ${live}`,
    );
    const out = await runRoute(confirm, get(`/alerts/confirm/x`), context(), { token: await token("confirm", await pendingSearch()) });
    expect(out.data).toEqual({
      state: "ask",
      kind: "search",
      label: "Condos in Edmonton",
      frequency: "weekly",
      status: "pending",
      change: { from: "daily" },
    });
  });

  it("confirms with its button and links to the manage page on this site", async () => {
    const id = await pendingSearch();
    fakes.confirmSubscription.mockResolvedValue({
      status: "confirmed",
      label: "Condos in Edmonton",
      manageUrl: "https://agent.example/alerts/manage/abc.def",
    });
    const tok = await token("confirm", id);
    const out = await runRoute(confirm, post(`/alerts/confirm/${tok}`, {}), context(), { token: tok });
    expect(out.data).toEqual({
      status: "success",
      made: { state: "confirmed", label: "Condos in Edmonton", managePath: "/alerts/manage/abc.def" },
    });
    expect(fakes.confirmSubscription).toHaveBeenCalledWith(
      expect.objectContaining({ db: t.db }),
      tok,
      { address: "203.0.113.7", userAgent: null },
      expect.any(Date),
    );
  });

  it.each([
    ["a wrong token", async () => "abc.def", 404],
    ["a token of another purpose", async () => token("manage", 1), 404],
    ["a huge token", async () => "a".repeat(10_000), 404],
    ["an expired token", async () => token("confirm", 1, -1000), 410],
  ])("answers %s with its status (404 or 410) and nobody's data", async (_what, make, status) => {
    await pendingSearch();
    const out = await runRoute(confirm, get("/alerts/confirm/x"), context(), { token: await make() });
    expect(out.status).toBe(status);
    expect(Object.keys(out.data)).toEqual(["state"]);
    expectPrivate(out);
  });

  it("answers the link of a subscription that is gone as not valid, and the action's refusals with their status", async () => {
    expect((await runRoute(confirm, get("/alerts/confirm/x"), context(), { token: await token("confirm", 99_999) })).status).toBe(404);
    fakes.confirmSubscription.mockResolvedValue("expired");
    const refused = await runRoute(confirm, post("/alerts/confirm/x", {}), context(), { token: "x" });
    expect({ status: refused.status, data: refused.data }).toEqual({
      status: 410,
      data: { status: "error", message: "This link has expired.", values: null },
    });
  });
});

describe("the manage page", () => {
  const active = { id: 5, kind: "search", label: "Condos in Edmonton", frequency: "daily", status: "active" };
  it("lists the token's person's active alerts only", async () => {
    fakes.subscriptionsOf.mockResolvedValue([active, { ...active, id: 6, status: "ended" }]);
    const out = await runRoute(manage, get("/alerts/manage/x"), context(), { token: await token("manage", 42) });
    expect(out.data).toEqual({
      state: "list",
      subscriptions: [{ id: 5, kind: "search", label: "Condos in Edmonton", frequency: "daily" }],
    });
    expect(fakes.subscriptionsOf).toHaveBeenCalledWith(t.db, 42);
    expectPrivate(out);
  });

  it("changes a frequency, removes one, and unsubscribes from all, each for the token's person", async () => {
    const tok = await token("manage", 42);
    fakes.setFrequency.mockResolvedValue(true);
    fakes.endSubscription.mockResolvedValue(true);
    expect(
      (await runRoute(manage, post("/alerts/manage/x", { intent: "frequency", id: "5", frequency: "instant" }), context(), { token: tok }))
        .data,
    ).toEqual({ status: "success", message: "Saved: as they happen." });
    expect(fakes.setFrequency).toHaveBeenCalledWith(t.db, 42, 5, "instant");
    expect((await runRoute(manage, post("/alerts/manage/x", { intent: "remove", id: "5" }), context(), { token: tok })).data).toEqual({
      status: "success",
      message: "Removed. You will get no more e-mails for it.",
    });
    expect(fakes.endSubscription).toHaveBeenCalledWith(t.db, 42, 5, expect.any(Date));
    expect((await runRoute(manage, post("/alerts/manage/x", { intent: "unsubscribe-all" }), context(), { token: tok })).data).toMatchObject(
      { status: "success" },
    );
    expect(fakes.unsubscribeAll).toHaveBeenCalledWith(
      t.db,
      42,
      expect.any(String),
      { address: "203.0.113.7", userAgent: null },
      expect.any(Date),
    );
  });

  it("answers another person's alert (nothing changed) with 404, and bad input with 4xx", async () => {
    const tok = await token("manage", 42);
    fakes.endSubscription.mockResolvedValue(false);
    const gone = await runRoute(manage, post("/alerts/manage/x", { intent: "remove", id: "6" }), context(), { token: tok });
    expect({ status: gone.status, data: gone.data }).toEqual({
      status: 404,
      data: { status: "error", message: "That alert is no longer active.", values: null },
    });
    for (const fields of <Record<string, string>[]>[
      { intent: "remove", id: "abc" },
      { intent: "remove", id: "99999999999" },
      { intent: "frequency", id: "5", frequency: "hourly" },
      { intent: "nope" },
      { intent: "remove", id: "5\u0000" },
    ]) {
      const out = await runRoute(manage, post("/alerts/manage/x", fields), context(), { token: tok });
      expect(out.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(out.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    const json = new Request("http://localhost/alerts/manage/x", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect((await runRoute(manage, json, context(), { token: tok })).status).toBe(415);
    expect(fakes.setFrequency).not.toHaveBeenCalled();
    expect(fakes.unsubscribeAll).not.toHaveBeenCalled();
  });

  it("answers a wrong or expired token with 404 or 410 before reading anything", async () => {
    expect((await runRoute(manage, get("/alerts/manage/x"), context(), { token: "not-a-real-token" })).status).toBe(404);
    const expired = await runRoute(manage, post("/alerts/manage/x", { intent: "unsubscribe-all" }), context(), {
      token: await token("manage", 42, -1),
    });
    expect({ status: expired.status, data: expired.data }).toEqual({
      status: 410,
      data: { status: "error", message: "This link has expired.", values: null },
    });
    expectPrivate(expired);
    expect(fakes.subscriptionsOf).not.toHaveBeenCalled();
    expect(fakes.unsubscribeAll).not.toHaveBeenCalled();
  });
});

describe("a home's link", () => {
  it("records the open and redirects (303) to the path found for the listing", async () => {
    fakes.recordOpen.mockResolvedValue("/listings/28123456-10123-jasper-avenue-nw-edmonton");
    const out = await runRoute(open, get("/alerts/open/x/28123456"), context(), { token: "tok.en", key: "28123456" });
    expect(out.status).toBe(303);
    expect(out.location).toBe("/listings/28123456-10123-jasper-avenue-nw-edmonton");
    expectPrivate(out);
    expect(fakes.recordOpen).toHaveBeenCalledWith(expect.objectContaining({ db: t.db }), "tok.en", "28123456", expect.any(Date));
  });

  it.each(["//evil.example/x", "/\\evil.example", "https://evil.example/", "/listings/ x"])(
    "never redirects off the site (%s from the lookup goes to /listings)",
    async (path) => {
      fakes.recordOpen.mockResolvedValue(path);
      expect((await runRoute(open, get("/alerts/open/x/1"), context(), { token: "t", key: "1" })).location).toBe("/listings");
    },
  );

  it("takes a quota per address like the forms, counted apart from them: past it, 429 and nothing read or recorded (issue 38)", async () => {
    fakes.recordOpen.mockResolvedValue("/listings/28123456-10123-jasper-avenue-nw-edmonton");
    const keys: string[] = [];
    const limiter = {
      consume: async (key: string) => (
        keys.push(key),
        { allowed: keys.length <= 2, retryAfterSeconds: 321, excess: Math.max(0, keys.length - 2) }
      ),
      refund: async () => {},
      reset: async () => {},
    };
    const server = { ...(listingContext(t.db, { alerts: true }).get(serverContext) as ServerContext), forms: { limiter, max: 2 } };
    const limited = () => new RouterContextProvider(new Map([[serverContext, server]]));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await runRoute(open, get("/alerts/open/x/28123456"), limited(), { token: "tok.en", key: "28123456" })).status);
    expect(statuses).toEqual([303, 303, 429, 429]);
    expect(fakes.recordOpen).toHaveBeenCalledTimes(2);
    expect(keys).toEqual(Array(4).fill("alert-open 203.0.113.7"));
    const refused = await runRoute(open, get("/alerts/open/x/28123456"), limited(), { token: "tok.en", key: "28123456" });
    expect(refused.headers.get("Retry-After")).toBe("321");
    expectPrivate(refused);
  });

  it("sends a malformed key or a huge token to /listings without recording anything; 404 with alerts off", async () => {
    expect((await runRoute(open, get("/alerts/open/x/y"), context(), { token: "t", key: "../../x" })).location).toBe("/listings");
    expect((await runRoute(open, get("/alerts/open/x/y"), context(), { token: "t".repeat(5000), key: "1" })).location).toBe("/listings");
    expect(fakes.recordOpen).not.toHaveBeenCalled();
    expect((await runRoute(open, get("/alerts/open/x/1"), listingContext(t.db), { token: "t", key: "1" })).status).toBe(404);
  });
});
