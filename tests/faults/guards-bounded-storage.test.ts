/**
 * What unauthenticated requests can store, against the production server (a child process of the
 * production build): nothing past the form quota, on any spelling of the form routes, and in
 * PostgreSQL a bounded sign-in log and bounded passkey challenges however many attempts strangers
 * make. The PostgreSQL part is skipped without PostgreSQL's binaries. Shared set-up:
 * support/guards.ts.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshDataDir, storedSubmissions, withDatabase } from "./support/data";
import { contactFields, leadFields } from "./support/forms";
import { guardsHooks, tally } from "./support/guards";
import { formBody, formHeaders, inPool, send, signIn } from "./support/inbox";
import { ports } from "./support/ports";
import { TestPostgres, findPostgresBin } from "./support/postgres";
import { startSite } from "./support/site";

const bin = findPostgresBin();
let pg: TestPostgres | null = null;

guardsHooks({ sharedSite: false, afterSites: () => pg?.destroy() });

describe("guards: the form quota on every spelling of a form's path", () => {
  it("once the quota is spent, no spelling of /contact or /welcome gets through or stores anything", async () => {
    const dataDir = freshDataDir();
    const forms = await startSite({ port: ports.guards.secondSite, dataDir, testOnly: { formRateLimitMax: 3 } });
    const address = "198.18.3.1";
    const post = (p: string, fields: Record<string, string>) =>
      send(forms.origin, {
        method: "POST",
        path: p,
        headers: formHeaders(forms.origin, { "x-forwarded-for": address }),
        body: formBody(fields),
      });

    const allowed: string[] = [];
    for (let n = 0; n < 3; n++) {
      const email = `quota-${n}@example.com`;
      expect((await post("/contact.data", contactFields(email, n))).status).toBe(200);
      allowed.push(email);
    }
    const spellings = [
      "/Contact.data",
      "/CONTACT",
      "/contact/",
      "/contact/.data",
      "/contact//.data",
      "/%63ontact.data",
      "/Welcome.data",
      "/welcome/.data",
    ];
    const refused: { path: string; email: string; status: number }[] = [];
    for (const [n, p] of spellings.entries()) {
      const email = `spelled-${n}@example.com`;
      const fields = /welcome/i.test(p) ? leadFields(email, n) : contactFields(email, n);
      refused.push({ path: p, email, status: (await post(p, fields)).status });
    }
    expect((await forms.stop()).code).toBe(0);

    for (const r of refused) expect([429, 404], `POST ${r.path} after the quota -> ${r.status}`).toContain(r.status);
    const stored = await withDatabase({ dataDir }, storedSubmissions);
    for (const email of allowed) expect(stored.emails.has(email), email).toBe(true);
    expect(
      refused.filter((r) => stored.emails.has(r.email)).map((r) => r.path),
      "stored past the quota",
    ).toEqual([]);
    expect(stored.emails.size).toBe(3);
    // No notification went out (or was queued) for them either: the mail folder holds at most the three allowed.
    const mailDir = path.join(dataDir, "mail");
    const mails = (() => {
      try {
        return readdirSync(mailDir).filter((f) => f.endsWith(".eml")).length;
      } catch {
        return 0;
      }
    })();
    expect(mails).toBeLessThanOrEqual(3);
  });
});

describe.skipIf(!bin)("guards: what strangers' sign-in attempts leave in PostgreSQL", () => {
  it("3,000 throttled attempts with long fields grow the database by less than 1 MB; 2,000 passkey challenge requests get 30", async () => {
    pg = new TestPostgres(bin!, ports.guards.postgres);
    await pg.init();
    const databaseUrl = pg.url;
    const pgSite = await startSite({ port: ports.guards.secondSite, dataDir: freshDataDir(), databaseUrl });
    const one = async <T extends Record<string, unknown>>(query: SQL) =>
      (await withDatabase({ databaseUrl }, (db) => db.rows<T>(query)))[0]!;
    // What the attempts keep, not how PostgreSQL happened to lay out its files: under concurrent
    // inserts a table is extended by many empty pages at once and dead row versions wait for
    // autovacuum (the whole database's size once read +1.07 MB for 96 KB of rows). VACUUM FULL
    // compacts every table first; the size is the sum of the application's tables with their indexes.
    const size = async () => {
      await withDatabase({ databaseUrl }, (db) => db.rows(sql`vacuum full`));
      return Number(
        (
          await one<{ n: string }>(
            sql`select sum(pg_total_relation_size(c.oid))::text as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r'`,
          )
        ).n,
      );
    };
    const before = await size();
    // 254-character e-mails that differ, 200-character user agents, from three addresses (30 checks each at most).
    const attempts = Array.from({ length: 3000 }, (_, n) => {
      const head = `${n}.`;
      return {
        email: `${head}${"a".repeat(254 - head.length - "@example.com".length)}@example.com`,
        userAgent: `FaultAgent/${n} ${"x".repeat(200)}`.slice(0, 200),
        address: `198.18.4.${(n % 3) + 1}`,
      };
    });
    expect(attempts.every((a) => a.email.length === 254 && a.userAgent.length === 200)).toBe(true);
    const statuses = await inPool(attempts, 20, async (a, n) => (await signIn(pgSite, { ...a, password: `wrong password ${n}` })).status);
    const counts = tally(statuses);
    const checked = counts[401] ?? 0;
    const throttled = counts[429] ?? 0;
    expect(checked + throttled, JSON.stringify(counts)).toBe(3000);
    expect(checked, JSON.stringify(counts)).toBeLessThanOrEqual(90);
    const after = await size();

    const logged = await one<{ n: number }>(sql`select count(*)::integer as n from inbox_sign_ins`);
    const tallies = await withDatabase({ databaseUrl }, (db) =>
      db.rows<{ day: string; method: string; throttled: number }>(
        sql`select day::text as day, method, throttled from inbox_sign_in_tallies`,
      ),
    );
    console.info(
      `[guards] 3,000 sign-ins: ${JSON.stringify(counts)}; tables ${before} -> ${after} bytes (+${after - before}); ${logged.n} logged; tallies ${JSON.stringify(tallies)}`,
    );
    expect(after - before, `tables grew from ${before} to ${after} bytes`).toBeLessThan(1024 * 1024);
    expect(Number(logged.n)).toBeLessThanOrEqual(2000);
    expect(Number(logged.n), "only the attempts that reached the check are logged").toBe(checked);
    // One row per day and method (two if the run crossed midnight), counting every throttled attempt.
    expect(tallies.length).toBeGreaterThanOrEqual(1);
    expect(tallies.length).toBeLessThanOrEqual(2);
    expect(tallies.every((t) => t.method === "password")).toBe(true);
    expect(tallies.reduce((sum, t) => sum + Number(t.throttled), 0)).toBe(throttled);

    // Passkey sign-in options from one address.
    const options = await inPool(Array.from({ length: 2000 }), 20, async () => {
      const res = await send(pgSite.origin, {
        method: "POST",
        path: "/inbox/passkey",
        headers: { "content-type": "application/json", origin: pgSite.origin, "x-forwarded-for": "198.18.5.1" },
        body: JSON.stringify({ intent: "sign-in-options" }),
      });
      return res.status;
    });
    const optionCounts = tally(options);
    expect(Object.keys(optionCounts).map(Number).sort(), JSON.stringify(optionCounts)).toEqual([200, 429]);
    expect(optionCounts[200], JSON.stringify(optionCounts)).toBeLessThanOrEqual(30);
    const challenges = await one<{ n: number }>(sql`select count(*)::integer as n from inbox_challenges`);
    expect(Number(challenges.n)).toBeLessThanOrEqual(600);
    expect(Number(challenges.n)).toBeLessThanOrEqual(optionCounts[200]!);
    expect((await pgSite.stop()).code).toBe(0);
  }, 180_000);
});
