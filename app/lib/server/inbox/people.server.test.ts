/**
 * The inbox's people: grouping by e-mail across both forms, the list's order, filters, search and
 * counts, the timeline, "send again", and the CSV exports, against the real database.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { createContact } from "../leads/contacts.server";
import { recordLead } from "../leads/leads.server";
import { markFailed } from "../mail/outbox.server";
import { createAccountFromInvite, createInvite } from "./accounts.server";
import { csvCell, peopleCsv, submissionsCsv } from "./csv.server";
import { addNote, inboxPulse, listPeople, personDetail, resendNotification, setStatus } from "./people.server";
import { LEAD_CONSENT_TEXT, LEAD_CONSENT_VERSION } from "../../../content/lead-consent";

const t = testDatabaseForThisFile();

const lead = (email: string, extra: Partial<Parameters<typeof recordLead>[1]> = {}) =>
  recordLead(
    t.db,
    { fullName: "Ana Émile", email, phone: "780-555-0199", serviceType: "buying", comments: "Looking in Glenora", ...extra },
    { address: "203.0.113.7", userAgent: "Phone/1" },
  );
const contact = (email: string, message = "Is the house on 102 Ave still for sale?") =>
  createContact(t.db, { name: "Ana E", email, phone: "", message });

async function agent() {
  const { token } = await createInvite(t.db);
  const created = await createAccountFromInvite(t.db, token, {
    name: "Jordan Avery",
    email: "jordan@example.com",
    password: "a long enough passphrase",
  });
  if (!created.ok) throw new Error("no account");
  return created.account;
}

describe(`inbox people (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("a welcome lead and a contact message with the same e-mail (any case or spacing) are one person", async () => {
    await lead("  Ana@Example.COM ");
    await contact("ana@example.com");
    await lead("someone@else.ca");
    const { people, total, counts } = await listPeople(t.db, {});
    expect(total).toBe(2);
    expect(counts.new).toBe(2);
    const ana = people.find((p) => p.email === "ana@example.com")!;
    expect(ana).toMatchObject({
      name: "Ana E",
      phone: "780-555-0199",
      submissions: 2,
      status: "new",
      serviceType: "buying",
      preview: "Is the house on 102 Ave still for sale?",
    });
    expect(ana.sources.sort()).toEqual(["Welcome Page Form", "contact_form"]);
    expect(ana.awaitingReplySince).toBeInstanceOf(Date);

    const detail = await personDetail(t.db, ana.id);
    expect(detail!.submissions.map((s) => s.source)).toEqual(["contact_form", "Welcome Page Form"]);
    const welcome = detail!.submissions[1]!;
    expect(welcome.fields).toMatchObject({ fullName: "Ana Émile", email: "Ana@Example.COM", comments: "Looking in Glenora" });
    expect(welcome.consent).toEqual({
      text: LEAD_CONSENT_TEXT,
      version: LEAD_CONSENT_VERSION,
      address: "203.0.113.7",
      userAgent: "Phone/1",
    });
    expect(welcome.notification).toMatchObject({ status: "pending", attempts: 0 });
    expect(detail!.submissions[0]!.consent).toBeNull();
  });

  it("lists newest activity first, hides spam unless asked, filters by source and searches name, e-mail, phone and messages", async () => {
    await lead("old@example.com", { fullName: "Olga Old", phone: "587-000-1111", comments: "Acreage near Leduc" });
    await t.db.rows(sql`update people set last_activity_at = now() - interval '2 days' where email = 'old@example.com'`);
    await contact("new@example.com", "100% sure_about it");
    await lead("spam@example.com");
    const me = await agent();
    const spam = (await listPeople(t.db, {})).people.find((p) => p.email === "spam@example.com")!;
    await setStatus(t.db, spam.id, "spam", me);

    expect((await listPeople(t.db, {})).people.map((p) => p.email)).toEqual(["new@example.com", "old@example.com"]);
    expect((await listPeople(t.db, { status: "spam" })).people.map((p) => p.email)).toEqual(["spam@example.com"]);
    expect((await listPeople(t.db, { source: "contact_form" })).people.map((p) => p.email)).toEqual(["new@example.com"]);
    for (const q of ["olga", "OLD@EXAMPLE", "587-000", "leduc"])
      expect((await listPeople(t.db, { search: q })).people.map((p) => p.email)).toEqual(["old@example.com"]);
    expect((await listPeople(t.db, { search: "100%" })).people.map((p) => p.email)).toEqual(["new@example.com"]);
    expect((await listPeople(t.db, { search: "%" })).people.map((p) => p.email)).toEqual(["new@example.com"]);
    expect((await listPeople(t.db, { search: "_" })).people.map((p) => p.email)).toEqual(["new@example.com"]);
    const { counts, sources } = await listPeople(t.db, {});
    expect(counts).toMatchObject({ new: 2, spam: 1, contacted: 0 });
    expect(sources).toEqual(["Welcome Page Form", "contact_form", "showing_request"]);
  });

  it("a status change and a note go on the timeline with their author and stop the reply clock; a new message restarts it", async () => {
    await lead("ana@example.com");
    const me = await agent();
    const [ana] = (await listPeople(t.db, {})).people;
    expect(await setStatus(t.db, ana!.id, "contacted", me)).toBe(true);
    expect(await addNote(t.db, ana!.id, "Called, <b>left</b> a voicemail", me)).toBe(true);
    let detail = await personDetail(t.db, ana!.id);
    expect(detail!.person).toMatchObject({ status: "contacted", awaitingReplySince: null });
    expect(detail!.events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.note, e.authorName])).toEqual([
      ["note", null, null, "Called, <b>left</b> a voicemail", "Jordan Avery"],
      ["status", "new", "contacted", null, "Jordan Avery"],
    ]);
    await contact("ANA@example.com", "One more question");
    detail = await personDetail(t.db, ana!.id);
    expect(detail!.person.status).toBe("contacted");
    expect(detail!.person.awaitingReplySince).toBeInstanceOf(Date);
    expect(await setStatus(t.db, 999_999, "closed", me)).toBe(false);
  });

  it("sends a failed notification again, and only a failed one of that person", async () => {
    const { notificationId } = await lead("ana@example.com");
    const [ana] = (await listPeople(t.db, {})).people;
    expect(await resendNotification(t.db, notificationId, ana!.id)).toBe(false);
    await t.db.rows(sql`update notification_outbox set status = 'sending'`);
    await markFailed(t.db, notificationId, "550 mailbox unavailable");
    expect((await personDetail(t.db, ana!.id))!.submissions[0]!.notification).toMatchObject({
      status: "failed",
      lastError: "550 mailbox unavailable",
    });
    expect(await resendNotification(t.db, notificationId, ana!.id + 1)).toBe(false);
    expect(await resendNotification(t.db, notificationId, ana!.id)).toBe(true);
    expect((await personDetail(t.db, ana!.id))!.submissions[0]!.notification).toMatchObject({ status: "pending", lastError: null });
  });

  it("the pulse changes when a submission arrives", async () => {
    expect(await inboxPulse(t.db)).toEqual({ latest: null, newPeople: 0 });
    await lead("a@example.com");
    const first = await inboxPulse(t.db);
    expect(first.newPeople).toBe(1);
    await t.db.rows(sql`update people set last_activity_at = now() - interval '1 minute'`);
    await lead("b@example.com");
    const second = await inboxPulse(t.db);
    expect(second.newPeople).toBe(2);
    expect(second.latest).not.toBe(first.latest);
  });
});

describe(`the person of a submission, kept by its own statement (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("two submissions with one e-mail (other case, other spaces) at the same moment, from two servers, make one person", async () => {
    // On PostgreSQL the second pool is a second server; PGlite has one connection, so there the
    // statements only interleave in its queue.
    const other = usingPostgres ? await t.openAnother() : t.db;
    const results = await Promise.all([
      recordLead(t.db, { fullName: "Ana Émile", email: " Ana@Example.COM", phone: "780-555-0199", serviceType: "buying", comments: "" }),
      createContact(other, { name: "Ana E", email: "ana@EXAMPLE.com  ", phone: "", message: "Still for sale?" }),
      recordLead(other, { fullName: "", email: "ANA@example.com", phone: "", serviceType: "selling", comments: "" }),
      createContact(t.db, { name: "Ana", email: "  ana@example.com", phone: "587-000-1111", message: "" }),
    ]);
    const people = await t.db.rows<{ id: number; email: string; submissions: number; sources: string[] }>(
      sql`select id, email, submissions, sources from people`,
    );
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ email: "ana@example.com", submissions: 4 });
    expect(people[0]!.sources.sort()).toEqual(["Welcome Page Form", "contact_form"]);
    const linked = await t.db.rows<{ id: number; person_id: number | null }>(
      sql`select id, person_id from notification_outbox order by id`,
    );
    expect(linked.map((r) => r.id).sort()).toEqual(results.map((r) => r.notificationId).sort());
    expect(linked.every((r) => r.person_id === people[0]!.id)).toBe(true);
  });

  it("a submission whose e-mail is empty once trimmed is stored without a person, as before", async () => {
    await createContact(t.db, { name: "No Mail", email: "   ", phone: "", message: "Call me" });
    expect(await t.db.rows(sql`select id from people`)).toEqual([]);
    const [row] = await t.db.rows<{ person_id: number | null }>(sql`select person_id from notification_outbox`);
    expect(row!.person_id).toBeNull();
  });

  it("a refused submission leaves no person behind", async () => {
    await expect(
      recordLead(t.db, { fullName: "Sam", email: "sam@example.com", phone: "", serviceType: "renting" as "buying", comments: "" }),
    ).rejects.toThrow();
    expect(await t.db.rows(sql`select id from people`)).toEqual([]);
  });

  it("no trigger and no function of the migrations remains: the rule is in the code", async () => {
    const [triggers] = await t.db.rows<{ n: number }>(sql`
      select count(*)::integer as n from pg_trigger tg
      join pg_class c on c.oid = tg.tgrelid join pg_namespace ns on ns.oid = c.relnamespace
      where not tg.tgisinternal and ns.nspname = 'public'`);
    expect(Number(triggers!.n)).toBe(0);
    const functions = await t.db.rows<{ proname: string }>(sql`
      select p.proname from pg_proc p join pg_namespace ns on ns.oid = p.pronamespace
      where ns.nspname = 'public' and p.proname in ('inbox_upsert_person', 'inbox_person_for_submission')`);
    expect(functions).toEqual([]);
  });
});

describe(`inbox CSV (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("neutralises formula cells and quotes everything", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const c of ["+1", "-2", "@SUM(A1)", "\t=1", "\r=1"]) expect(csvCell(c).startsWith(`"'`)).toBe(true);
    expect(csvCell("780-555-0199")).toBe('"780-555-0199"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell("a,b\nc")).toBe('"a,b\nc"');
  });

  it("exports people and submissions as UTF-8 with a byte-order mark, accents and markup kept as text", async () => {
    await lead("ana@example.com", { fullName: "Ana <script>alert(1)</script> Émile", comments: "=cmd|' /C calc'!A0" });
    await contact("ana@example.com", "@SUM(1+1)");
    const people = await peopleCsv(t.db);
    expect(people.startsWith('\uFEFF"Id","Name"')).toBe(true);
    expect(people).toContain('"ana@example.com"');
    expect(people.split("\r\n")).toHaveLength(3);
    const subs = await submissionsCsv(t.db);
    expect(subs.startsWith("\uFEFF")).toBe(true);
    expect(subs).toContain('"Ana <script>alert(1)</script> Émile"');
    expect(subs).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(subs).toContain(`"'@SUM(1+1)"`);
    expect(subs).not.toMatch(/,"=/);
    expect(Buffer.from(subs, "utf8").toString("utf8")).toContain("Émile");
  });
});
