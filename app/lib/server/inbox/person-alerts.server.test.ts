/**
 * A person's alerts as their inbox page shows them, against the real database: the searches and
 * watched homes, each alert mail with how many homes it carried and its delivery, the homes opened
 * from alerts grouped per home (with the address while the feed has it), the consent ledger, and
 * why they are warming up.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationOutbox as o, people } from "../../../../db/schema";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { personAlerts } from "./person-alerts.server";
import { personWithEverything } from "../../../../tests/support/inbox-privacy";

const t = testDatabaseForThisFile();

describe("a person's alerts on their page", () => {
  it("lists searches, watches, alerts sent, homes opened and the ledger", async () => {
    const { personId } = await personWithEverything(t.db);
    await t.db.rows(sql`update ${o} set status = 'withheld' where ${o.message_id} = ${`<alert-waiting-${personId}@test>`}`);
    const alerts = await personAlerts(t.db, personId, false);
    expect(alerts.subscriptions.map((s) => [s.kind, s.label, s.frequency, s.status])).toEqual(
      expect.arrayContaining([
        ["search", "Houses in Edmonton", "daily", "active"],
        ["watch", "12 Elm Ave", "daily", "active"],
      ]),
    );
    expect(alerts.subscriptions[0]!.confirmedAt).toBeInstanceOf(Date);
    // Newest first: the withheld one carried one item, the sent one two.
    expect(alerts.alertsSent.map((a) => [a.homes, a.status])).toEqual([
      [1, "withheld"],
      [2, "sent"],
    ]);
    expect(alerts.homesOpened).toHaveLength(2);
    const elm = alerts.homesOpened.find((h) => h.listingKey === "L1")!;
    expect(elm).toMatchObject({ address: "12 Elm Ave", path: "/listings/L1-12-elm-ave", times: 2 });
    expect(elm.lastAt).toBeInstanceOf(Date);
    expect(alerts.homesOpened.find((h) => h.listingKey === "GONE9")).toMatchObject({ address: null, path: null, times: 1 });
    // The submissions' own implied consent (6 months) may be in the ledger as well.
    expect(alerts.consent.filter((c) => c.kind === "express").map((c) => [c.basis, c.version, c.address])).toEqual([
      ["Save this search", "alerts-1", "203.0.113.9"],
    ]);
    expect(alerts.warmingReasons).toEqual([]);
  });

  it("says why a person is warming up: the notice's reason, a watched home, a home opened twice, an inquiry about one", async () => {
    const { personId } = await personWithEverything(t.db);
    await t.db.rows(sql`update ${people} set warming_at = now() where ${people.id} = ${personId}`);
    await t.db.rows(sql`
      insert into ${o} (kind, source, payload, message_id, person_id) values ('warming', 'listing_alerts', ${JSON.stringify({ name: "Ana", email: "ana@example.com", reason: "Opened 12 Elm Ave twice" })}::jsonb, '<w@test>', ${personId})`);
    const alerts = await personAlerts(t.db, personId, true);
    expect(alerts.warmingReasons).toEqual([
      "Opened 12 Elm Ave twice",
      "Watches 12 Elm Ave",
      "Opened 12 Elm Ave on 2 days from alerts",
      "Asked about 12 Elm Ave",
    ]);
  });

  it("is empty for a person who never used alerts", async () => {
    await t.db.rows(sql`insert into ${people} (email, name) values ('plain@example.com', 'Plain')`);
    const [p] = await t.db.rows<{ id: number }>(sql`select id from ${people} where email = 'plain@example.com'`);
    expect(await personAlerts(t.db, p!.id, false)).toEqual({
      subscriptions: [],
      alertsSent: [],
      homesOpened: [],
      consent: [],
      warmingReasons: [],
    });
  });
});
