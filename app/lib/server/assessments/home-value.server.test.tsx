/**
 * What's my home worth (issue 43) against an imported roll and the feed's listings: suggestions
 * from what was typed (a condo by its suite), one home's page with its estimate from the matched
 * listings of its neighbourhood, and "Get my in-person evaluation" through the route's pipeline:
 * the lead with its home reaches the outbox, the push queue and the inbox in one statement, and
 * the person is marked a seller.
 */
import { renderToString } from "react-dom/server";
import { RouterContextProvider, createRoutesStub } from "react-router";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { type ServerContext, serverContext } from "~/router-context";
import { type ApiRow, generateRoll } from "../../../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../../../tests/fixtures/city/soda-standin";
import { accountIn } from "../../../../tests/support/push";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { HOME } from "../../../../tests/support/listing-routes";
import HomeValueResult, * as resultRoute from "../../../routes/home-value-result";
import { loader as suggestLoader } from "../../../routes/resources/home-value-suggest";
import { SubmissionCard } from "~/components/inbox/submission-card";
import type { Submission } from "~/lib/inbox";
import { personDetail } from "~/lib/server/inbox/people.server";
import { createAssessmentsContext } from "./context.server";
import { suggestAddresses } from "./home-value.server";
import { importRoll } from "./import.server";
import { createSodaClient } from "./soda-client.server";

const t = testDatabaseForThisFile();
const data = generateRoll({ accounts: 500, seed: 11 });
let city: Awaited<ReturnType<typeof startSodaStandIn>>;
beforeAll(async () => {
  city = await startSodaStandIn({ data });
});
/** The roll, imported afresh for each test (the database is emptied before each). */
const loadRoll = () =>
  importRoll(t.db, createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 1 }), { refreshMs: 1, force: true, pageSize: 1000 });
afterAll(async () => {
  await city.close();
});

const houses = (hood: string) => data.roll.filter((r) => r.neighbourhood === hood && !r.suite && r.tax_class === "Residential");
const garneau = houses("GARNEAU");
const subject = garneau[0]!;
const condo = data.roll.find((r) => r.suite && r.tax_class === "Residential")!;
/** The address as a listing writes it: "10234 105 St NW". */
const typed = (r: ApiRow) => `${r.suite ? `#${r.suite} ` : ""}${r.house_number} ${(r.street_name as string).replace(/ STREET /, " St ")}`;

function context(): RouterContextProvider {
  const forms = {
    limiter: { consume: async () => ({ allowed: true, retryAfterSeconds: 600, excess: 0 }), refund: async () => {}, reset: async () => {} },
    max: 5,
  };
  const value = {
    clientIp: "203.0.113.8",
    forms,
    leads: { db: t.db, notificationQueued: () => {}, acknowledge: false },
    inbox: null,
    listings: { db: t.db, memberKey: null },
    alerts: null,
    assessments: createAssessmentsContext(t.db, { baseUrl: city.baseUrl }, { warn() {} }),
    fromThisMachine: false,
  };
  return new RouterContextProvider(new Map([[serverContext, value as unknown as ServerContext]]));
}

describe(`what's my home worth (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("suggests addresses from the third character, a condo by its suite", async () => {
    await loadRoll();
    const mine = await suggestAddresses(t.db, typed(subject).slice(0, 9));
    expect(mine.length).toBeGreaterThan(0);
    const full = await suggestAddresses(t.db, typed(subject));
    expect(full.map((s) => s.account)).toContain(subject.account_number);
    expect(full[0]!.label).toMatch(/^\d+ .+ (NW|SW)$/);
    const unit = await suggestAddresses(t.db, typed(condo));
    expect(unit.map((s) => s.account)).toEqual([condo.account_number]);
    expect(unit[0]!.label.startsWith(`#${condo.suite} `)).toBe(true);
    expect(await suggestAddresses(t.db, "10")).toEqual([]);
    expect(await suggestAddresses(t.db, "Robert'); drop table x;--")).toEqual([]);
    const answer = (await suggestLoader({
      request: new Request(`http://localhost/home-value/suggest?q=${encodeURIComponent(typed(subject))}`),
      params: {},
      context: context(),
    } as never)) as Response;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { suggestions: { account: string }[] }).suggestions.map((s) => s.account)).toContain(
      subject.account_number,
    );
  });

  it("estimates a range from the neighbourhood's listings, and stores the evaluation request with its home in one statement", async () => {
    // Six other Garneau houses for sale at 100 % … 125 % of their assessments: the middle half is 106.25 % … 118.75 %.
    await loadRoll();
    const ratios = [1.0, 1.05, 1.1, 1.15, 1.2, 1.25];
    await upsertListings(
      t.db,
      ratios.map((ratio, i) => {
        const r = garneau[i + 1]!;
        return toListingRow({
          ...HOME,
          ListingKey: `4300000${i}`,
          ListingId: `E430000${i}`,
          ListPrice: Math.round(Number(r.assessed_value) * ratio),
          UnparsedAddress: `${typed(r)}, Edmonton, Alberta`,
          Latitude: Number(r.latitude),
          Longitude: Number(r.longitude),
        });
      }),
    );
    const path = `/home-value/${subject.account_number}`;
    const loaded = (await resultRoute.loader({
      request: new Request(`http://localhost${path}`),
      params: { account: subject.account_number },
      context: context(),
    } as never)) as {
      data: { home: { estimate: { kind: string; low: number; high: number; count: number; area: string; comparables: unknown[] } } };
    };
    const assessed = Number(subject.assessed_value);
    const estimate = loaded.data.home.estimate;
    expect(estimate).toMatchObject({ kind: "range", count: 6, area: "neighbourhood" });
    expect(estimate.low).toBeCloseTo(Math.round((assessed * 1.0625) / 1000) * 1000, -3);
    expect(estimate.high).toBeCloseTo(Math.round((assessed * 1.1875) / 1000) * 1000, -3);
    expect(estimate.comparables).toHaveLength(6);

    // The page: the range, what it rests on, the caveats, the source and licence; never "appraised".
    const Stub = createRoutesStub([
      { path: "/home-value/:account", Component: HomeValueResult as never, loader: () => loaded.data, HydrateFallback: () => null },
    ]);
    const html = renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { "0": loaded.data } }} />);
    expect(html).toContain("Estimated range today:");
    expect(html).toContain("6 houses for sale in Garneau");
    expect(html).toContain("Asking prices are not sale prices");
    expect(html).toContain("not an appraisal");
    expect(html.toLowerCase()).not.toContain("appraised");
    expect(html).toContain("Open Government Licence – City of Edmonton");
    expect(html).toContain("Get my in-person evaluation");

    // An unknown account: 404.
    const missing = (await resultRoute.loader({
      request: new Request("http://localhost/home-value/1"),
      params: { account: "1" },
      context: context(),
    } as never)) as {
      init: { status: number };
    };
    expect(missing.init.status).toBe(404);

    // The evaluation request, through the route's middleware and action, with a device of the agent's subscribed.
    const agent = await accountIn(t.db);
    await t.db.rows(
      sql`insert into push_devices (account_id, endpoint, p256dh, auth, browser) values (${agent}, 'https://push.example/1', 'k', 'a', 'Firefox')`,
    );
    const ctx = context();
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      body: new URLSearchParams({
        name: "Sam Seller",
        email: "Sam@Example.com",
        phone: "780-555-0177",
        timeline: "3-6",
        message: "",
        website: "",
      }),
    });
    const args = { request, params: { account: subject.account_number }, context: ctx };
    let answer: { data: { status: string }; init: { status?: number } | null } | undefined;
    await (resultRoute.middleware[0] as unknown as (a: unknown, next: () => Promise<Response>) => Promise<unknown>)(args, async () => {
      answer = (await resultRoute.action(args as never)) as typeof answer;
      return new Response(null);
    });
    expect(answer!.data.status).toBe("success");

    const outbox = await t.db.rows<{ kind: string; source: string; payload: Record<string, unknown>; person_id: number; created_at: Date }>(
      sql`select kind, source, payload, person_id, created_at from notification_outbox order by id`,
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "contact", source: "contact_form" });
    expect(outbox[0]!.payload.home).toMatchObject({
      account: subject.account_number,
      path,
      assessed,
      estimate: { low: estimate.low, high: estimate.high },
      timeline: "In 3 to 6 months",
    });
    const pushes = await t.db.rows<{ person_id: number; payload: { lead: { form: string } } }>(
      sql`select person_id, payload from push_messages`,
    );
    expect(pushes).toEqual([expect.objectContaining({ person_id: outbox[0]!.person_id })]);
    expect(pushes[0]!.payload.lead.form).toBe("Home valuation");
    const [person] = await t.db.rows<{ email: string; service_type: string; id: number }>(sql`select id, email, service_type from people`);
    expect(person).toMatchObject({ email: "sam@example.com", service_type: "selling", id: outbox[0]!.person_id });
    // One statement: the outbox row, the push and the person share the statement's time.
    const [times] = await t.db.rows<{ same: boolean }>(
      sql`select (select first_at from people) = (select created_at from notification_outbox) and (select created_at from notification_outbox) = (select created_at from push_messages) as same`,
    );
    expect(times!.same).toBe(true);

    // The inbox: the person's page reads the submission with its home, and its card shows it.
    const detail = await personDetail(t.db, person!.id);
    expect(detail!.submissions).toHaveLength(1);
    const card = renderToString(<Stub2 submission={detail!.submissions[0]!} />);
    expect(card).toContain(`href="${path}"`);
    expect(card).toContain("may sell: In 3 to 6 months");
  });
});

function Stub2({ submission }: { submission: Submission }) {
  const S = createRoutesStub([{ path: "/", Component: () => <SubmissionCard submission={submission} /> }]);
  return <S />;
}
