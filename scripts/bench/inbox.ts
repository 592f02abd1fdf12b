/**
 * The inbox with a busy history: BENCH_INBOX_SUBMISSIONS (default 50,000) submissions from about
 * 40 % as many people, both forms, seeded into a fresh PGlite folder, each submission's person kept
 * by the same statement part the forms' writes use (`personUpsert`); then the signed-in agent's
 * pages are timed on the production server (target: p99 under 200 ms): the list, a search, a
 * status filter, and a person's page (the one with the most submissions, the heaviest).
 */
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { notificationOutbox as o, people } from "../../db/schema";
import { openDatabase } from "../../platform/db/database";
import { name, select } from "../../platform/db/query";
import { createAccountFromInvite, createInvite } from "../../app/lib/server/inbox/accounts.server";
import { personUpsert, submissionPersonOf } from "../../app/lib/server/inbox/people.server";
import { SUBMISSIONS } from "../../app/lib/server/leads/forms.server";
import { createSession, sessionCookie } from "../../app/lib/server/inbox/sessions.server";

export const INBOX_P99_TARGET_MS = 200;

export interface InboxSeed {
  cookie: string;
  busiestPersonId: number;
  submissions: number;
  people: number;
  seedSeconds: number;
}

/** Seeds `submissions` submissions into PGlite in `pgliteDir` (closed again before the server opens it). */
export async function seedInbox(pgliteDir: string, submissions: number): Promise<InboxSeed> {
  const started = Date.now();
  const db = await openDatabase({ pgliteDir });
  try {
    const peopleCount = Math.max(1, Math.round(submissions * 0.4));
    // Every third submission is a contact message, the rest welcome-form leads; e-mails repeat
    // (in varying case) so people have several submissions, as returning visitors do. One
    // statement per submission, as the forms write them, a thousand to a transaction.
    for (let first = 1; first <= submissions; first += 1000) {
      await db.transaction(async (rows) => {
        for (let i = first; i < Math.min(first + 1000, submissions + 1); i++) {
          const contact = i % 3 === 0;
          const who = i % peopleCount;
          const entry = SUBMISSIONS[contact ? "contact" : "lead"];
          const source = entry.source;
          const payload = contact
            ? {
                name: `Person ${who}`,
                email: `person${who}@Example.com`,
                phone: null,
                message: `Is the house on ${i} Street still for sale? We would like to see it this weekend.`,
              }
            : {
                fullName: `Person ${who}`,
                email: ` person${who}@example.com`,
                phone: `780-555-${String(i % 10000).padStart(4, "0")}`,
                serviceType: "buying",
                comments: `Looking for 3 bedrooms near school ${i}`,
              };
          const at = new Date(started - (submissions - i) * 60_000);
          await rows(sql`
            with person as (${personUpsert(submissionPersonOf(entry, payload, at))})
            insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.status)}, ${name(o.created_at)}, ${name(o.person_id)})
            values (${entry.kind}, ${source}, ${JSON.stringify(payload)}::jsonb, ${`bench-${i}`}, 'sent', ${at.toISOString()}::timestamptz,
              (select id from person))`);
        }
      });
    }
    await db.rows(sql`update ${people} set ${name(people.status)} = 'contacted' where ${people.id} % 4 = 0`);
    const { token } = await createInvite(db);
    const created = await createAccountFromInvite(db, token, {
      name: "Bench Agent",
      email: "bench@example.com",
      password: "bench password long enough",
    });
    if (!created.ok) throw new Error("could not create the bench account");
    const session = await createSession(db, created.account.id, { address: "127.0.0.1", userAgent: "bench" });
    const [busiest] = await select(
      db.rows,
      { id: people.id },
      sql`from ${people} order by ${people.submissions} desc, ${people.id} limit 1`,
    );
    const [count] = await select(db.rows, { n: sql<number>`count(*)::integer` }, sql`from ${people}`);
    return {
      cookie: (await sessionCookie(session.token, session.expiresAt, false)).split(";")[0]!,
      busiestPersonId: busiest!.id,
      submissions,
      people: Number(count!.n),
      seedSeconds: (Date.now() - started) / 1000,
    };
  } finally {
    await db.close();
  }
}

export interface InboxTiming {
  page: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export async function benchInbox(origin: string, seed: InboxSeed, requests = 400): Promise<InboxTiming[]> {
  const pages: [string, string][] = [
    ["list (newest first)", "/inbox"],
    ["list, search 'school 4999'", "/inbox?q=school+4999"],
    ["list, status Contacted, page 3", "/inbox?status=contacted&page=3"],
    [`person page (${seed.submissions > 0 ? "most submissions" : "-"})`, `/inbox/people/${seed.busiestPersonId}`],
  ];
  const results: InboxTiming[] = [];
  for (const [page, path] of pages) {
    // One agent at a time: with one connection the latency is the server's time for the page.
    const opts = { url: origin + path, connections: 1, amount: requests, headers: { cookie: seed.cookie } };
    await autocannon({ ...opts, amount: 40 });
    const r = await autocannon(opts);
    results.push({ page, reqPerSec: r["2xx"] / r.duration, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors });
  }
  return results;
}

export function printInbox(seed: InboxSeed, timings: InboxTiming[]): boolean {
  console.log(
    `  seeded ${seed.submissions.toLocaleString("en-CA")} submissions from ${seed.people.toLocaleString("en-CA")} people in ${seed.seedSeconds.toFixed(1)} s`,
  );
  let ok = true;
  for (const t of timings) {
    const met = t.p99 < INBOX_P99_TARGET_MS && t.non2xx === 0;
    if (!met) ok = false;
    console.log(
      `  ${t.page.padEnd(36)} p50 ${t.p50.toFixed(1)} ms   p99 ${t.p99.toFixed(1)} ms   ${t.reqPerSec.toFixed(0)} req/s   ${t.non2xx ? `${t.non2xx} not 2xx   ` : ""}${met ? "(p99 < 200 ms: met)" : "(p99 < 200 ms: NOT met)"}`,
    );
  }
  return ok;
}
