/**
 * The SODA client against the local stand-in of the City's API (tests/fixtures/city), which
 * answers as the real one does: paging, order, filters, Socrata's 400 for an unknown column, an
 * app token, 429 and 500 on request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type GeneratedRoll, generateRoll } from "../../../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../../../tests/fixtures/city/soda-standin";
import { BOUNDARIES, HISTORY, HISTORY_TOTALS, PROPERTY_INFO, ROLL, type RollRow, type SodaDataset } from "./datasets.server";
import {
  type SodaClientOptions,
  SodaQueryError,
  SodaRateLimited,
  SodaResponseError,
  SodaUnavailable,
  createSodaClient,
  queryUrl,
  renderWhere,
  soqlString,
} from "./soda-client.server";

const TOKEN = "app-token-5f2c";
const data: GeneratedRoll = generateRoll({ accounts: 300, seed: 11 });
let city: Awaited<ReturnType<typeof startSodaStandIn>>;
const waits: number[] = [];

function client(options: Partial<SodaClientOptions> = {}) {
  return createSodaClient({
    baseUrl: city.baseUrl,
    backoffMs: 100,
    maxBackoffMs: 5_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
}

async function all<T>(gen: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
}

beforeAll(async () => {
  city = await startSodaStandIn({ data, appTokens: [TOKEN] });
});
afterAll(async () => {
  await city.close();
});
afterEach(() => {
  waits.length = 0;
  city.requests.length = 0;
  city.reset();
  city.rows.set("q7d6-ambg", data.roll);
});

describe("reading the roll", () => {
  it("pages through every account once, in the order of the account number, and reads each row", async () => {
    const pages = await all(client().pages(ROLL, { pageSize: 70 }));
    expect(pages.map((p) => [p.offset, p.rows.length, p.last])).toEqual([
      [0, 70, false],
      [70, 70, false],
      [140, 70, false],
      [210, 70, false],
      [280, 20, true],
    ]);
    const rows = pages.flatMap((p) => p.rows);
    expect(rows.map((r) => r.accountNumber)).toEqual(
      data.roll.map((r) => r.account_number as string).sort((a, b) => Number(a) - Number(b)),
    );
    const raw = data.roll.find((r) => r.mill_class_2 !== undefined)!;
    const mixed = rows.find((r) => r.accountNumber === raw.account_number)!;
    expect(mixed).toEqual<RollRow>({
      accountNumber: raw.account_number as string,
      suite: null,
      houseNumber: raw.house_number as string,
      streetName: raw.street_name as string,
      garage: raw.garage === "Y",
      neighbourhoodId: Number(raw.neighbourhood_id),
      neighbourhood: raw.neighbourhood as string,
      ward: raw.ward as string,
      assessedValue: Number(raw.assessed_value),
      taxClass: "Residential",
      latitude: Number(raw.latitude),
      longitude: Number(raw.longitude),
      classes: [
        { name: "RESIDENTIAL", percent: 60 },
        { name: "COMMERCIAL", percent: 40 },
      ],
    });
    const unit = rows.find((r) => r.suite !== null)!;
    expect(unit.garage).toBeNull();
  });

  it("asks for the dataset's fields only, in a stable order, without a token unless given one", async () => {
    await client().rows(ROLL, { limit: 5, offset: 10 });
    const [request] = city.requests;
    expect(request?.params).toEqual({ $select: ROLL.fields.join(","), $order: "account_number", $limit: "5", $offset: "10" });
    expect(request?.appToken).toBeNull();
    await client({ appToken: TOKEN }).rows(ROLL, { limit: 1 });
    expect(city.requests[1]?.appToken).toBe(TOKEN);
  });

  it("resumes from an offset", async () => {
    const pages = await all(client().pages(ROLL, { pageSize: 100, fromOffset: 250 }));
    expect(pages.map((p) => [p.offset, p.rows.length, p.nextOffset, p.last])).toEqual([[250, 50, 300, true]]);
  });

  it("ends on an empty page when the rows divide evenly", async () => {
    const pages = await all(client().pages(ROLL, { pageSize: 100 }));
    expect(pages.map((p) => p.rows.length)).toEqual([100, 100, 100, 0]);
  });

  it("reads one account's history and property information with $where", async () => {
    const account = data.roll[5]!.account_number as string;
    const history = await client().rows(HISTORY, { where: [{ field: "account_number", op: "=", value: account }], limit: 50 });
    const expected = data.history.filter((r) => r.account_number === account);
    expect(history.map((h) => h.assessmentYear)).toEqual(expected.map((r) => Number(r.assessment_year)).sort());
    expect(history.every((h) => h.accountNumber === account && Number.isInteger(h.assessedValue))).toBe(true);
    expect(city.requests.at(-1)?.params.$where).toBe(`account_number = '${account}'`);
    expect(city.requests.at(-1)?.params.$order).toBe("account_number,assessment_year");

    const accounts = data.roll.slice(0, 3).map((r) => r.account_number as string);
    const info = await client().rows(PROPERTY_INFO, { where: [{ field: "account_number", op: "in", values: accounts }], limit: 10 });
    expect(info.map((i) => i.accountNumber)).toEqual(accounts.sort((a, b) => Number(a) - Number(b)));
    expect(info.every((i) => i.lotSize === null || i.lotSize > 0)).toBe(true);
  });

  it("reads the neighbourhood boundaries, each geometry a MultiPolygon (the one value that is not a string)", async () => {
    const pages = await all(client().pages(BOUNDARIES, { pageSize: 4 }));
    const rows = pages.flatMap((p) => p.rows);
    expect(rows.map((r) => r.neighbourhoodNumber)).toEqual(
      data.boundaries.map((r) => Number(r.neighbourhood_number)).sort((a, b) => a - b),
    );
    const garneau = rows.find((r) => r.name === "GARNEAU")!;
    expect(garneau).toMatchObject({ neighbourhoodNumber: 5480, descriptiveName: "Garneau" });
    expect(garneau.polygons[0]![0]!.length).toBeGreaterThanOrEqual(4);
    expect(city.requests.at(-1)?.params).toMatchObject({
      $select: "neighbourhood_number,name,descriptive_name,geometry_multipolygon",
      $order: "neighbourhood_number",
    });
    // A Polygon reads as a one-part MultiPolygon; a geometry that is not one is a malformed row.
    const ring = [
      [-113.5, 53.5],
      [-113.4, 53.5],
      [-113.4, 53.6],
      [-113.5, 53.5],
    ];
    expect(
      BOUNDARIES.row.parse({ neighbourhood_number: "1", name: "X", geometry_multipolygon: { type: "Polygon", coordinates: [ring] } }),
    ).toMatchObject({
      polygons: [[ring]],
    });
    for (const bad of [
      { type: "Point", coordinates: [-113.5, 53.5] },
      "POLYGON ((...))",
      { type: "MultiPolygon", coordinates: [[[[-113.5, 53.5]]]] },
    ])
      expect(BOUNDARIES.row.safeParse({ neighbourhood_number: "1", name: "X", geometry_multipolygon: bad }).success).toBe(false);
  });

  it("reads the history's yearly totals by neighbourhood through $group", async () => {
    const where = [
      { field: "assessment_year", op: "=", value: "2024" },
      { field: "mill_class_1", op: "=", value: "RESIDENTIAL" },
    ] as const;
    const totals = await client().groups(HISTORY_TOTALS, { where, limit: 100 });
    expect(city.requests.at(-1)?.params).toMatchObject({
      $select: "neighbourhood_name,assessment_year,count(account_number) AS accounts,sum(assessed_value) AS total",
      $group: "neighbourhood_name,assessment_year",
      $where: "assessment_year = '2024' AND mill_class_1 = 'RESIDENTIAL'",
    });
    const garneau = data.history.filter(
      (r) => r.neighbourhood_name === "GARNEAU" && r.assessment_year === "2024" && r.mill_class_1 === "RESIDENTIAL",
    );
    expect(totals.find((t) => t.neighbourhood === "GARNEAU")).toEqual({
      neighbourhood: "GARNEAU",
      year: 2024,
      accounts: garneau.length,
      total: garneau.reduce((sum, r) => sum + Number(r.assessed_value), 0),
    });
    // As many groups as the limit may mean more were cut off: refused.
    await expect(client().groups(HISTORY_TOTALS, { where, limit: totals.length })).rejects.toThrow(SodaResponseError);
  });

  it("filters by several conditions", async () => {
    const units = await client().rows(ROLL, {
      where: [
        { field: "suite", op: "is not null" },
        { field: "assessed_value", op: ">", value: "0" },
      ],
      limit: 1000,
    });
    expect(units.length).toBe(data.roll.filter((r) => r.suite !== undefined).length);
  });
});

describe("the $where the client writes", () => {
  it("doubles quotes, and refuses a field the client does not read or an empty list", () => {
    expect(soqlString("O'Day'min")).toBe("'O''Day''min'");
    expect(
      renderWhere(ROLL, [
        { field: "ward", op: "=", value: "O-day'min" },
        { field: "suite", op: "is not null" },
      ]),
    ).toBe("ward = 'O-day''min' AND suite IS NOT NULL");
    expect(() => renderWhere(ROLL, [{ field: "total_asmt", op: "=", value: "1" }])).toThrow(TypeError);
    expect(() => renderWhere(ROLL, [{ field: "account_number", op: "in", values: [] }])).toThrow(TypeError);
  });

  it("puts no token in the URL", () => {
    expect(queryUrl("https://data.edmonton.ca", ROLL, { limit: 1 })).toMatch(
      /^https:\/\/data\.edmonton\.ca\/resource\/q7d6-ambg\.json\?\$select=/,
    );
    expect(queryUrl("https://data.edmonton.ca", ROLL, { limit: 1 })).not.toMatch(/token/i);
  });

  it("takes a base URL with a trailing slash or a path, and refuses one that is not http(s)", async () => {
    await expect(client({ baseUrl: `${city.baseUrl}/` }).rows(ROLL, { limit: 1 })).resolves.toHaveLength(1);
    expect(() => createSodaClient({ baseUrl: "ftp://data.edmonton.ca" })).toThrow(TypeError);
    expect(() => createSodaClient({ baseUrl: "not a url" })).toThrow(TypeError);
  });
});

describe("failures", () => {
  it("retries a 500 with growing waits, then succeeds", async () => {
    city.failNext(2, 500);
    await expect(client().rows(ROLL, { limit: 3 })).resolves.toHaveLength(3);
    expect(city.requests.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(waits).toEqual([100, 200]);
  });

  it("waits as long as a 429's Retry-After asks", async () => {
    city.failNext(1, 429, 3);
    await expect(client().rows(ROLL, { limit: 1 })).resolves.toHaveLength(1);
    expect(waits).toEqual([3000]);
  });

  it("gives up after its attempts, with the last failure", async () => {
    city.setDown(503);
    const error = await client({ maxAttempts: 3 })
      .rows(ROLL, { limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SodaUnavailable);
    expect((error as SodaUnavailable).status).toBe(503);
    expect(String(error)).toMatch(/q7d6-ambg.*HTTP 503/);
    expect(city.requests.length).toBe(3);
    expect(waits).toEqual([100, 200]);
  });

  it("does not wait longer than its longest wait: a long Retry-After fails at once", async () => {
    city.failNext(1, 429, 600);
    const error = await client()
      .rows(ROLL, { limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SodaRateLimited);
    expect((error as SodaRateLimited).retryAfterMs).toBe(600_000);
    expect(city.requests.length).toBe(1);
  });

  it("does not retry Socrata's 400 for an unknown column, and says which", async () => {
    const wrong: SodaDataset<unknown> = { ...ROLL, fields: [...ROLL.fields, "assessment_class_1"] } as SodaDataset<unknown>;
    const error = await client()
      .rows(wrong, { limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SodaQueryError);
    expect(error).toMatchObject({ status: 400, code: "query.soql.no-such-column" });
    expect(String(error)).toMatch(/No such column: assessment_class_1/);
    expect(city.requests.length).toBe(1);
  });

  it("reads the newer error body too", async () => {
    const fetchNewer = (async () =>
      new Response(
        JSON.stringify({
          message: "Query coordinator error: query.soql.no-such-column; No such column: nope",
          errorCode: "query.soql.no-such-column",
          data: { column: "nope" },
        }),
        {
          status: 400,
        },
      )) as typeof fetch;
    await expect(client({ fetch: fetchNewer }).rows(ROLL, { limit: 1 })).rejects.toMatchObject({
      code: "query.soql.no-such-column",
      status: 400,
    });
  });

  it("refuses a wrong token without retrying, and never names the token", async () => {
    const secret = "wrong-token-9a8b7c";
    const error = await client({ appToken: secret })
      .rows(ROLL, { limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SodaQueryError);
    expect((error as SodaQueryError).status).toBe(403);
    expect(String(error)).not.toContain(secret);
    expect(city.requests.length).toBe(1);
  });

  it("names the malformed row and field", async () => {
    const broken = data.roll.map((r, i) => (i === 4 ? { ...r, assessed_value: "about 500k" } : r));
    city.rows.set("q7d6-ambg", broken);
    const sorted = [...broken].sort((a, b) => Number(a.account_number) - Number(b.account_number));
    const position = sorted.findIndex((r) => r.assessed_value === "about 500k") + 1;
    const error = await all(client().pages(ROLL, { pageSize: 1000 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SodaResponseError);
    expect(String(error)).toContain(`row ${position} of q7d6-ambg is malformed: field assessed_value`);
  });

  it("refuses an answer that is not a list of rows, or not JSON", async () => {
    const answering = (body: string) => (async () => new Response(body, { status: 200 })) as typeof fetch;
    await expect(client({ fetch: answering('{"rows":[]}') }).rows(ROLL, { limit: 1 })).rejects.toBeInstanceOf(SodaResponseError);
    await expect(client({ fetch: answering("<html>maintenance</html>") }).rows(ROLL, { limit: 1 })).rejects.toBeInstanceOf(
      SodaResponseError,
    );
    await expect(
      client({ fetch: answering(JSON.stringify([{ account_number: "1" }, { account_number: "2" }])) }).rows(ROLL, { limit: 1 }),
    ).rejects.toThrow(/more rows than asked/);
  });

  it("retries a network failure and a request that does not answer in time", async () => {
    const closed = await startSodaStandIn({ data });
    const closedUrl = closed.baseUrl;
    await closed.close();
    await expect(client({ baseUrl: closedUrl, maxAttempts: 2 }).rows(ROLL, { limit: 1 })).rejects.toMatchObject({ status: null });
    expect(waits).toEqual([100]);

    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)))) as typeof fetch;
    const error = await client({ fetch: hanging, timeoutMs: 50, maxAttempts: 2 })
      .rows(ROLL, { limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SodaUnavailable);
    expect(String(error)).toMatch(/no answer within/);
  });

  it("stops at once when the caller aborts, without another request", async () => {
    city.setDown(500);
    const controller = new AbortController();
    const reason = new Error("shutting down");
    const c = client({
      sleep: async () => {
        controller.abort(reason);
        throw reason;
      },
    });
    await expect(c.rows(ROLL, { limit: 1 }, { signal: controller.signal })).rejects.toBe(reason);
    expect(city.requests.length).toBe(1);
  });
});
