import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { generateListings, generateOffices, generateOpenHouses } from "../../../../tests/fixtures/ddf/listings";
import { startDdfStandIn } from "../../../../tests/fixtures/ddf/stand-in";
import { createDdfClient } from "./ddf-client.server";
import { DdfAuthError, DdfError, DdfRateLimited, DdfResponseError, DdfUnavailable, retryAfterMsOf } from "./ddf-errors.server";

// The DDF® client on its own: tokens, paging, and errors that never carry the secret or a token.

const SECRET = "s3cret-Value-never-shown";
type StandIn = Awaited<ReturnType<typeof startDdfStandIn>>;
let standIns: StandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  standIns = [];
});
async function standInWith(count: number) {
  const s = await startDdfStandIn({ clientSecret: SECRET, listings: generateListings(count, { seed: 2 }) });
  standIns.push(s);
  return s;
}
const clientFor = (s: StandIn, secret = SECRET) =>
  createDdfClient({ tokenUrl: s.tokenUrl, apiUrl: s.apiUrl, clientId: "ddf-client", clientSecret: secret });
async function failureOf(promise: Promise<unknown>): Promise<DdfError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DdfError);
  expect((error as Error).message).not.toContain(SECRET);
  return error as DdfError;
}

describe("createDdfClient", () => {
  it("pages through nextLink, asks for records by key and lists replication entries", async () => {
    const s = await standInWith(230);
    const client = clientFor(s);
    const pages: number[] = [];
    for await (const page of client.records("Property", { orderBy: "ModificationTimestamp asc", top: 100 })) pages.push(page.length);
    expect(pages).toEqual([100, 100, 30]);
    const keys = [...s.listings.keys()].slice(0, 150);
    expect((await client.recordsByKeys("Property", keys)).map((p) => p.ListingKey).sort()).toEqual([...keys].sort());
    expect(await client.replication("Property")).toHaveLength(230);
    const newest = [...s.listings.values()].map((p) => Date.parse(p.ModificationTimestamp)).sort((a, b) => a - b);
    expect(await client.replication("Property", new Date(newest[227]!))).toHaveLength(2);
    // One token for all of it, requested with the documented form.
    expect(s.tokensIssued).toBe(1);
  });

  it("replicates offices and reads open houses from a day on, naming only documented fields", async () => {
    const s = await standInWith(20);
    for (const o of generateOffices()) s.upsertOffice(o);
    for (const o of generateOpenHouses([...s.listings.values()], "2026-11-25")) s.openHouses.set(o.OpenHouseKey, o);
    const client = clientFor(s);
    const offices = [];
    for await (const page of client.records("Office", { orderBy: "ModificationTimestamp asc" })) offices.push(...page);
    expect(offices.map((o) => o.OfficeName).sort()).toEqual(
      generateOffices()
        .map((o) => o.OfficeName)
        .sort(),
    );
    expect(await client.replication("Office")).toHaveLength(offices.length);
    expect((await client.recordsByKeys("Office", [offices[0]!.OfficeKey]))[0]).toMatchObject({ OfficeKey: offices[0]!.OfficeKey });
    const upcoming = await client.openHouses("2026-11-25");
    // The past one (2026-11-24) is not asked for; the cancelled one is, and the sync leaves it out.
    expect(upcoming.map((o) => o.OpenHouseKey)).not.toContain("OH29000100-past");
    expect(upcoming.map((o) => o.OpenHouseKey)).toContain("OH29000100-cancelled");
    // Every request named only fields the stand-in (and CREA's description) knows: none was refused.
    expect(s.requests.filter((r) => r.status >= 400)).toEqual([]);
  });

  it("gets CREA's 400 for a field the entity does not have, as the real API answers", async () => {
    const s = await standInWith(1);
    const error = await failureOf(
      clientFor(s)
        .records("Property", { select: ["ListingKey", "ListOfficeName"] })
        .next(),
    );
    expect(error).toBeInstanceOf(DdfResponseError);
    expect(error.message).toContain("Could not find a property named 'ListOfficeName' on type 'DDF.Core.Entities.Property'");
  });

  it("shares one token request between concurrent calls", async () => {
    const s = await standInWith(3);
    const client = clientFor(s);
    await Promise.all([client.replication("Property"), client.replication("Property"), client.recordsByKeys("Property", ["29000100"])]);
    expect(s.tokensIssued).toBe(1);
  });

  it("reports refused credentials as DdfAuthError without the secret", async () => {
    const s = await standInWith(1);
    const error = await failureOf(clientFor(s, `${SECRET}-wrong`).replication("Property"));
    expect(error).toBeInstanceOf(DdfAuthError);
    expect(error.message).not.toContain(`${SECRET}-wrong`);
  });

  it("reports the feed down, rate limiting and network failures by kind", async () => {
    const s = await standInWith(1);
    const client = clientFor(s);
    s.setDown(503);
    expect(await failureOf(client.replication("Property"))).toMatchObject({ status: 503 });
    s.setDown(null);
    s.rateLimitNext(1, 42);
    const limited = await failureOf(client.replication("Property"));
    expect(limited).toBeInstanceOf(DdfRateLimited);
    expect((limited as DdfRateLimited).retryAfterMs).toBe(42_000);
    await s.close();
    standIns = [];
    expect(
      await failureOf(
        createDdfClient({ tokenUrl: s.tokenUrl, apiUrl: s.apiUrl, clientId: "x", clientSecret: SECRET }).replication("Property"),
      ),
    ).toBeInstanceOf(DdfUnavailable);
  });

  it("hides the secret and the token when the feed echoes them, and times out a silent feed", async () => {
    const echo: typeof fetch = async (input, init) => {
      if (String(input).includes("/token")) return Response.json({ access_token: "tok-abc-123", expires_in: 3600, token_type: "Bearer" });
      const auth = new Headers(init?.headers).get("authorization");
      return Response.json({ error: { code: "500", message: `boom ${SECRET} ${auth}`, details: null } }, { status: 500 });
    };
    const client = createDdfClient({
      tokenUrl: "http://127.0.0.1:9/token",
      apiUrl: "http://127.0.0.1:9/odata/v1",
      clientId: "id",
      clientSecret: SECRET,
      fetch: echo,
    });
    const error = await failureOf(client.replication("Property"));
    expect(error).toBeInstanceOf(DdfUnavailable);
    expect(error.message).not.toContain("tok-abc-123");
    expect(error.message).toContain("[hidden]");

    const silent: typeof fetch = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    const slow = createDdfClient({
      tokenUrl: "http://127.0.0.1:9/token",
      apiUrl: "http://127.0.0.1:9/odata/v1",
      clientId: "id",
      clientSecret: SECRET,
      fetch: silent,
      timeoutMs: 50,
    });
    expect((await failureOf(slow.replication("Property"))).message).toMatch(/no answer within/);
  });

  it("never sends the token to another origin named by a nextLink", async () => {
    const sent: string[] = [];
    const fake: typeof fetch = async (input) => {
      sent.push(String(input));
      if (String(input).includes("/token")) return Response.json({ access_token: "tok", expires_in: 3600 });
      return Response.json({ value: [], "@odata.nextLink": "https://elsewhere.example/odata/v1/Property?$skip=100" });
    };
    const client = createDdfClient({
      tokenUrl: "http://127.0.0.1:9/token",
      apiUrl: "http://127.0.0.1:9/odata/v1",
      clientId: "id",
      clientSecret: SECRET,
      fetch: fake,
    });
    expect(await failureOf(client.replication("Property"))).toBeInstanceOf(DdfResponseError);
    expect(sent.some((u) => u.includes("elsewhere"))).toBe(false);
  });

  it("abandons a request the feed never answers as soon as the call's signal is aborted, not after the timeout", async () => {
    let received = 0;
    const server = createServer(() => {
      received += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = createDdfClient({
        tokenUrl: `${origin}/connect/token`,
        apiUrl: `${origin}/odata/v1`,
        clientId: "id",
        clientSecret: SECRET,
        timeoutMs: 30_000,
      });
      const stop = new AbortController();
      const call = client.replication("Property", undefined, { signal: stop.signal }).then(
        () => "answered",
        (e: unknown) => e,
      );
      while (received === 0) await new Promise((r) => setTimeout(r, 5));
      const reason = new Error("shutting down");
      const aborted = performance.now();
      stop.abort(reason);
      // The caller's reason, not a DdfError: a stop is not the feed failing.
      expect(await call).toBe(reason);
      expect(performance.now() - aborted).toBeLessThan(1_000);
      // Already aborted: no request at all.
      expect(
        await client.openHouses("2026-11-25", { signal: stop.signal }).then(
          () => "answered",
          (e: unknown) => e,
        ),
      ).toBe(reason);
      expect(received).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterMsOf("120")).toBe(120_000);
    expect(retryAfterMsOf(new Date(1_000_000 + 30_000).toUTCString(), 1_000_000)).toBe(30_000);
    expect(retryAfterMsOf("soon")).toBeNull();
    expect(retryAfterMsOf(null)).toBeNull();
  });
});
