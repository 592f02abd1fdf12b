/**
 * The per-address form limit as a flood meets it: within the limit, success; just past it, the
 * page's own 429 answer with the spec's friendly text (the toast with JavaScript, the form
 * without); far past it (more than twice the limit in one window), a bare 429 with the same
 * text that costs the server nothing to render. Other addresses are served throughout, and a
 * refused submission is never stored. With PostgreSQL, two servers on one database share one
 * quota per address.
 */
import { afterAll, describe, expect, it } from "vitest";
import { rateLimitMessage } from "../../app/content/form-messages";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs, storedSubmissions, withDatabase } from "./support/data";
import { contactFields } from "./support/forms";
import { ports } from "./support/ports";
import { TestPostgres, findPostgresBin } from "./support/postgres";
import { startSite } from "./support/site";

const bin = findPostgresBin();
let pg: TestPostgres | null = null;

afterAll(() => {
  killAll();
  pg?.destroy();
  removeDataDirs();
});

async function postContact(origin: string, ip: string, n: number): Promise<number> {
  const res = await fetch(`${origin}/contact.data`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-for": ip },
    body: new URLSearchParams(contactFields(`shared-${n}@example.com`, n)).toString(),
  });
  await res.arrayBuffer();
  return res.status;
}

describe("fault: one address floods the contact form", () => {
  it("is throttled (friendly answer first, then a bare 429) while another address is served", async () => {
    const dataDir = freshDataDir();
    const site = await startSite({ port: ports.rateLimit.site, dataDir, testOnly: { formRateLimitMax: 3 } });
    const post = async (ip: string, n: number, path = "/contact.data") => {
      const email = `flood-${ip}-${n}@example.com`;
      const res = await fetch(`${site.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site.origin, "x-forwarded-for": ip },
        body: new URLSearchParams(contactFields(email, n)).toString(),
      });
      return {
        email,
        status: res.status,
        type: res.headers.get("content-type") ?? "",
        retryAfter: res.headers.get("retry-after"),
        body: await res.text(),
      };
    };
    const flood = [];
    for (let n = 0; n < 12; n++) flood.push(await post("198.51.100.66", n));
    const other = await post("198.51.100.67", 0);

    expect(flood.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    // Attempts 4 to 6 (up to twice the limit): the route's answer, the message in the turbo-stream data.
    for (const r of flood.slice(3, 6)) expect(r.body).toContain(rateLimitMessage);
    for (const r of flood.slice(3, 6)) expect(r.type).not.toContain("text/plain");
    // From the 7th on: plain text, same message, still with Retry-After.
    for (const r of flood.slice(6)) {
      expect(r.type).toContain("text/plain");
      expect(r.body).toBe(rateLimitMessage);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    // Without JavaScript, just past the limit, the page itself carries the message.
    const page = await post("198.51.100.68", 0, "/contact");
    expect(page.status).toBe(200);
    for (let n = 1; n < 3; n++) await post("198.51.100.68", n, "/contact");
    const pageRefused = await post("198.51.100.68", 3, "/contact");
    expect(pageRefused.status).toBe(429);
    expect(pageRefused.type).toContain("text/html");
    expect(pageRefused.body).toContain("You&#x27;ve sent several requests in a short time.");
    expect(other.status).toBe(200);

    expect((await site.stop()).code).toBe(0);
    const stored = await withDatabase({ dataDir }, storedSubmissions);
    expect(flood.filter((r) => r.status === 200).every((r) => stored.emails.has(r.email))).toBe(true);
    expect(flood.filter((r) => r.status === 429).some((r) => stored.emails.has(r.email))).toBe(false);
    expect(stored.emails.has(other.email)).toBe(true);
  });
});

describe.skipIf(!bin)("fault: one address spreads its submissions over two servers on one PostgreSQL", () => {
  it("meets one quota, not one per server", async () => {
    pg = new TestPostgres(bin!, ports.rateLimit.postgres);
    await pg.init();
    const testOnly = { formRateLimitMax: 4 };
    const [a, b] = await Promise.all([
      startSite({ port: ports.rateLimit.site, dataDir: freshDataDir(), databaseUrl: pg.url, testOnly }),
      startSite({ port: ports.rateLimit.secondSite, dataDir: freshDataDir(), databaseUrl: pg.url, testOnly }),
    ]);
    const statuses: number[] = [];
    for (let n = 0; n < 3; n++)
      statuses.push(await postContact(a.origin, "198.51.100.90", 2 * n), await postContact(b.origin, "198.51.100.90", 2 * n + 1));
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another address still has its whole quota on either server.
    expect(await postContact(b.origin, "198.51.100.91", 100)).toBe(200);
    expect((await a.stop()).code).toBe(0);
    expect((await b.stop()).code).toBe(0);
  });
});
