/**
 * The agent's response time against the real database: submissions and the agent's steps at
 * known times, the median and 90th percentile overall and per form, the 30-day window.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { notificationOutbox, people, personEvents } from "../../../../db/schema";
import { name, returning } from "../../../../platform/db/query";
import { responseTimes } from "./response-times.server";

const t = testDatabaseForThisFile();
const now = new Date("2026-04-30T18:00:00Z");
const minutesBefore = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const daysBefore = (days: number) => minutesBefore(days * 24 * 60);
let sequence = 0;

async function person(email: string, status = "new"): Promise<number> {
  const rows = await returning(
    t.db.rows,
    { id: people.id },
    sql`insert into ${people} (${name(people.email)}, ${name(people.name)}, ${name(people.status)}) values (${email}, 'Ana', ${status})`,
  );
  return rows[0]!.id;
}

type Form = "welcome" | "contact" | "listing";

async function submission(personId: number, form: Form, at: Date): Promise<void> {
  const o = notificationOutbox;
  const payload =
    form === "listing"
      ? { name: "Ana", message: "Still for sale?", listing: { key: "1", address: "1 Main St", mlsNumber: null, path: "/listings/1" } }
      : { name: "Ana", message: "Hi" };
  await t.db.rows(sql`
    insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)}, ${name(o.created_at)})
    values (${form === "welcome" ? "lead" : "contact"}, ${form === "welcome" ? "Welcome Page Form" : "contact_form"}, ${JSON.stringify(payload)}::jsonb, ${`<m${++sequence}@test>`}, ${personId}, ${at.toISOString()}::timestamptz)`);
}

async function step(personId: number, kind: "status" | "note", at: Date): Promise<void> {
  const e = personEvents;
  await t.db.rows(sql`
    insert into ${e} (${name(e.person_id)}, ${name(e.kind)}, ${name(e.to_status)}, ${name(e.note)}, ${name(e.author_name)}, ${name(e.created_at)})
    values (${personId}, ${kind}, ${kind === "status" ? "contacted" : null}, ${kind === "note" ? "Called" : null}, 'Jordan Avery', ${at.toISOString()}::timestamptz)`);
}

/** A person who wrote `waited` minutes before the agent's first step, on the 3rd day before now. */
async function answered(email: string, form: Form, waited: number, kind: "status" | "note" = "status"): Promise<number> {
  const id = await person(email);
  const at = daysBefore(3);
  await submission(id, form, at);
  await step(id, kind, new Date(at.getTime() + waited * 60_000));
  return id;
}

const minutes = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 60) * 1000) / 1000);

describe(`response times (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("says nothing was answered when nothing was", async () => {
    expect(await responseTimes(t.db, now)).toEqual({
      days: 30,
      overall: { form: null, replies: 0, waiting: 0, medianSeconds: null, p90Seconds: null },
      forms: [],
    });
    await submission(await person("waiting@example.com"), "contact", minutesBefore(30));
    const { overall, forms } = await responseTimes(t.db, now);
    expect(overall).toMatchObject({ replies: 0, waiting: 1, medianSeconds: null, p90Seconds: null });
    expect(forms).toEqual([{ form: "contact", replies: 0, waiting: 1, medianSeconds: null, p90Seconds: null }]);
  });

  it("gives the median and 90th percentile of the first step after each submission, overall and per form", async () => {
    // Welcome page: 10, 20, 30, 40, 50 minutes; contact form: 60 (a note), 120; a listing inquiry: 5.
    for (const [i, waited] of [10, 20, 30, 40, 50].entries()) await answered(`w${i}@example.com`, "welcome", waited);
    await answered("c1@example.com", "contact", 60, "note");
    await answered("c2@example.com", "contact", 120);
    await answered("l1@example.com", "listing", 5);

    const { overall, forms } = await responseTimes(t.db, now);
    // Sorted: 5 10 20 30 40 50 60 120; the median is between 30 and 40; the 90th at 6.3 of 7 steps: 60 + 0.3 × 60.
    expect({ ...overall, medianSeconds: minutes(overall.medianSeconds), p90Seconds: minutes(overall.p90Seconds) }).toEqual({
      form: null,
      replies: 8,
      waiting: 0,
      medianSeconds: 35,
      p90Seconds: 78,
    });
    expect(forms.map((f) => ({ ...f, medianSeconds: minutes(f.medianSeconds), p90Seconds: minutes(f.p90Seconds) }))).toEqual([
      { form: "contact", replies: 2, waiting: 0, medianSeconds: 90, p90Seconds: 114 },
      { form: "welcome", replies: 5, waiting: 0, medianSeconds: 30, p90Seconds: 46 },
      { form: "listing", replies: 1, waiting: 0, medianSeconds: 5, p90Seconds: 5 },
    ]);
  });

  it("measures each submission to the first step after it, and leaves out older ones, steps before, later steps and spam", async () => {
    const ana = await person("ana@example.com");
    await step(ana, "note", daysBefore(4)); // before her submission: no answer to it
    await submission(ana, "contact", daysBefore(3));
    await submission(ana, "welcome", new Date(daysBefore(3).getTime() + 30 * 60_000));
    await step(ana, "status", new Date(daysBefore(3).getTime() + 45 * 60_000)); // answers both: 45 and 15 minutes
    await step(ana, "note", daysBefore(1)); // a later step changes nothing
    await submission(ana, "contact", minutesBefore(10)); // not answered yet

    const old = await person("old@example.com");
    await submission(old, "contact", daysBefore(31));
    await step(old, "status", daysBefore(30.9));

    const spam = await person("spam@example.com", "spam");
    await submission(spam, "contact", daysBefore(2));
    await step(spam, "status", minutesBefore(2 * 24 * 60 - 1));

    const { overall, forms } = await responseTimes(t.db, now);
    expect(overall).toMatchObject({ replies: 2, waiting: 1 });
    expect(minutes(overall.medianSeconds)).toBe(30);
    expect(forms.map((f) => [f.form, f.replies, f.waiting, minutes(f.medianSeconds)])).toEqual([
      ["contact", 1, 1, 45],
      ["welcome", 1, 0, 15],
    ]);
  });
});
