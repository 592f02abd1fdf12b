/**
 * The reminder of a person still New and the morning summary, with a clock the test controls:
 * due after the opening-hours minutes in Edmonton time (across the November daylight-saving
 * change), once per wait, never for a person already contacted; the summary once a morning.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationOutbox, people, pushMessages } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { createContact } from "../leads/contacts.server";
import { accountIn } from "../../../../tests/support/push";
import { saveDevice } from "../push/devices.server";
import { queueMorningSummary } from "./morning-summary.server";
import { ReminderJob } from "./reminders.server";

const t = testDatabaseForThisFile();
const SITE = "https://www.averyhomes.example";

/** A contact whose wait began at `since` (the statement stamps the database's now; the test sets its own). */
async function waitingSince(since: string, email = "jane@example.com") {
  await createContact(t.db, { name: "Jane Doe", email, phone: "780-555-0123", message: "Is 123 Main St still for sale?" });
  await t.db.rows(sql`update ${people} set awaiting_reply_since = ${new Date(since)} where ${people.email} = ${email}`);
}

function remindersAt(at: { now: Date }) {
  let woken = 0;
  const job = new ReminderJob(t.db, { siteUrl: SITE, replyMinutes: 60, queued: () => woken++, now: () => at.now });
  return { job, woken: () => woken };
}

const reminders = () =>
  select(
    t.db.rows,
    { kind: notificationOutbox.kind, payload: notificationOutbox.payload },
    sql`from ${notificationOutbox} where ${notificationOutbox.kind} = 'reminder'`,
  );

describe("the reminder of a person still New", () => {
  it("fires once, 60 opening minutes after the wait began, counting across the night of the daylight-saving change", async () => {
    const account = await accountIn(t.db);
    await saveDevice(t.db, account, { endpoint: "https://push.example.com/a", p256dh: "p", auth: "a" }, "Chrome on Android");
    // Saturday October 31, 2026, 15:30 MDT (21:30Z): 30 minutes before closing (Saturday 10:00-16:00).
    await waitingSince("2026-10-31T21:30:00Z");
    // Clocks fall back on Sunday 02:00 MDT; Sunday opens at 10:00 MST (17:00Z): due at 10:30 MST.
    const clock = { now: new Date("2026-11-01T17:29:00Z") };
    const { job, woken } = remindersAt(clock);
    expect(await job.remindDue()).toBe(0);
    clock.now = new Date("2026-11-01T17:30:00Z");
    expect(await job.remindDue()).toBe(1);
    expect(woken()).toBe(1);
    clock.now = new Date("2026-11-01T19:00:00Z");
    expect(await job.remindDue()).toBe(0);

    const [mail] = await reminders();
    expect(mail!.payload).toMatchObject({
      name: "Jane Doe",
      email: "jane@example.com",
      form: "contact_form",
      waitingSince: "2026-10-31T21:30:00.000Z",
    });
    expect((mail!.payload as { url: string }).url).toMatch(new RegExp(`^${SITE}/inbox/people/\\d+$`));
    const pushes = await select(
      t.db.rows,
      { kind: pushMessages.kind, payload: pushMessages.payload },
      sql`from ${pushMessages} where ${pushMessages.kind} = 'reminder'`,
    );
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({ kind: "reminder", lead: { name: "Jane Doe", form: "Contact form" }, waitingMinutes: 1200 });
  });

  it("does not remind of a person the agent already contacted, and reminds again only for a new wait", async () => {
    await waitingSince("2026-11-23T16:00:00Z"); // Monday 09:00 MST
    await waitingSince("2026-11-23T16:00:00Z", "sam@example.com");
    await t.db.rows(sql`update ${people} set status = 'contacted', awaiting_reply_since = null where ${people.email} = 'sam@example.com'`);
    const clock = { now: new Date("2026-11-23T17:00:00Z") };
    const { job } = remindersAt(clock);
    expect(await job.remindDue()).toBe(1);
    expect((await reminders()).map((r) => (r.payload as { email: string }).email)).toEqual(["jane@example.com"]);
    // Jane writes again after the reminder: a new wait, a new reminder an opening hour later.
    await t.db.rows(
      sql`update ${people} set awaiting_reply_since = ${new Date("2026-11-23T18:00:00Z")} where ${people.email} = 'jane@example.com'`,
    );
    clock.now = new Date("2026-11-23T18:59:00Z");
    expect(await job.remindDue()).toBe(0);
    clock.now = new Date("2026-11-23T19:00:00Z");
    expect(await job.remindDue()).toBe(1);
  });
});

describe("the morning summary", () => {
  it("is queued once at 8:00 Edmonton time, listing the New people with the overdue ones marked, and not after noon", async () => {
    await waitingSince("2026-11-24T16:00:00Z"); // Tuesday 09:00 MST: overdue by Wednesday morning
    const summary = (now: string) => queueMorningSummary(t.db, { siteUrl: SITE, replyMinutes: 60 }, new Date(now));
    expect(await summary("2026-11-25T14:59:00Z")).toBe(false); // 07:59 MST
    expect(await summary("2026-11-25T15:00:00Z")).toBe(true);
    expect(await summary("2026-11-25T15:01:00Z")).toBe(false);
    const summaries = await select(
      t.db.rows,
      { payload: notificationOutbox.payload },
      sql`from ${notificationOutbox} where ${notificationOutbox.kind} = 'summary'`,
    );
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.payload).toMatchObject({ date: "2026-11-25", people: [{ name: "Jane Doe", overdue: true }] });
    // The next day after noon: too late for that morning's.
    expect(await summary("2026-11-26T19:00:00Z")).toBe(false);
    // The reminder job queues it when the setting is on, waking the delivery.
    let woken = 0;
    const job = new ReminderJob(t.db, {
      siteUrl: SITE,
      replyMinutes: 60,
      morningSummary: true,
      queued: () => woken++,
      now: () => new Date("2026-11-27T15:10:00Z"),
    });
    await job.run();
    expect(woken).toBeGreaterThan(0);
    expect(
      await select(t.db.rows, { id: notificationOutbox.id }, sql`from ${notificationOutbox} where ${notificationOutbox.kind} = 'summary'`),
    ).toHaveLength(2);
  });
});
