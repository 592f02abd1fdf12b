/**
 * Test support (not a test) for the privacy, retention and person-alerts tests: a person who used
 * both forms (one of them about a listing), with a saved search and a watched home, consent events,
 * an alert mailed and one waiting, homes opened from it, a note and a push about them.
 */
import { sql } from "drizzle-orm";
import {
  alertItems,
  alertOpens,
  alertSubscriptions,
  consentEvents,
  listings,
  notificationOutbox,
  people,
  pushDevices,
  pushMessages,
} from "../../db/schema";
import type { Database } from "../../platform/db/database";
import { name, returning, select } from "../../platform/db/query";
import { createContact } from "../../app/lib/server/leads/contacts.server";
import { recordLead } from "../../app/lib/server/leads/leads.server";
import { type Account, createAccountFromInvite, createInvite } from "../../app/lib/server/inbox/accounts.server";
import { addNote } from "../../app/lib/server/inbox/people.server";

export const MARKUP = `<img src=x onerror="alert(1)">`;

export async function agentIn(db: Database, agentName = "Jordan Avery", email = "jordan@example.com"): Promise<Account> {
  const { token } = await createInvite(db);
  const created = await createAccountFromInvite(db, token, { name: agentName, email, password: "a long enough passphrase" });
  if (!created.ok) throw new Error("no account");
  return created.account;
}

async function subscription(
  db: Database,
  personId: number,
  email: string,
  kind: "search" | "watch",
  label: string,
  listingKey: string | null,
) {
  const s = alertSubscriptions;
  const [row] = await returning(
    db.rows,
    { id: s.id },
    sql`
    insert into ${s} (${name(s.kind)}, ${name(s.email)}, ${name(s.person_id)}, ${name(s.listing_key)}, ${name(s.label)}, ${name(s.frequency)}, ${name(s.status)}, ${name(s.consent_text)},
      ${name(s.consent_version)}, ${name(s.form)}, ${name(s.client_address)}, ${name(s.user_agent)}, ${name(s.confirmed_at)})
    values (${kind}, ${email}, ${personId}, ${listingKey}, ${label}, 'daily', 'active', 'I agree to get listing alerts from Jordan Avery, Brokerage.', 'alerts-1', 'Save this search',
      '203.0.113.9', 'Phone/2', now())`,
  );
  return row!.id;
}

/** A person with everything the site can hold of them; `email` lower-case. */
export async function personWithEverything(db: Database, email = "ana@example.com") {
  await recordLead(
    db,
    { fullName: `Ana ${MARKUP}`, email, phone: "780-555-0199", serviceType: "buying", comments: "Looking in Glenora" },
    { address: "203.0.113.7", userAgent: "Phone/1" },
  );
  await createContact(db, { name: "Ana E", email, phone: "", message: "Is 12 Elm Ave still for sale?" }, new Date(), {
    key: "L1",
    address: "12 Elm Ave",
    mlsNumber: "E1",
    path: "/listings/L1-12-elm-ave",
  });
  const [person] = await select(db.rows, { id: people.id }, sql`from ${people} where ${people.email} = ${email}`);
  const personId = person!.id;
  await db.rows(sql`
    insert into ${listings} (${name(listings.listing_key)}, ${name(listings.slug)}, ${name(listings.address)}, ${name(listings.category)}, ${name(listings.modified_at)})
    values ('L1', '12-elm-ave', '12 Elm Ave', 'single-family', now()) on conflict do nothing`);
  const searchId = await subscription(db, personId, email, "search", "Houses in Edmonton", null);
  await subscription(db, personId, email, "watch", "12 Elm Ave", "L1");
  const c = consentEvents;
  await db.rows(sql`
    insert into ${c} (${name(c.person_id)}, ${name(c.kind)}, ${name(c.basis)}, ${name(c.consent_text)}, ${name(c.consent_version)}, ${name(c.given_at)}, ${name(c.client_address)}, ${name(c.user_agent)}, ${name(c.subscription_id)})
    values (${personId}, 'express', 'Save this search', 'I agree to get listing alerts from Jordan Avery, Brokerage.', 'alerts-1', now(), '203.0.113.9', 'Phone/2', ${searchId})`);
  const o = notificationOutbox;
  const [sent] = await returning(
    db.rows,
    { id: o.id },
    sql`
    insert into ${o} (${name(o.kind)}, ${name(o.recipient)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)}, ${name(o.status)}, ${name(o.sent_at)})
    values ('alert', ${email}, 'listing_alerts', ${JSON.stringify({ name: "Ana", total: 2 })}::jsonb, ${`<alert-sent-${personId}@test>`}, ${personId}, 'sent', now())`,
  );
  const [waiting] = await returning(
    db.rows,
    { id: o.id },
    sql`
    insert into ${o} (${name(o.kind)}, ${name(o.recipient)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)})
    values ('alert', ${email}, 'listing_alerts', ${JSON.stringify({ name: "Ana", total: 1 })}::jsonb, ${`<alert-waiting-${personId}@test>`}, ${personId})`,
  );
  const i = alertItems;
  for (const [changes, outbox] of [
    [[1], sent!.id],
    [[2], sent!.id],
    [[3], waiting!.id],
    [[4], null],
  ] as const) {
    await db.rows(sql`
      insert into ${i} (${name(i.person_id)}, ${name(i.subscription_id)}, ${name(i.change_ids)}, ${name(i.frequency)}, ${name(i.outbox_id)})
      values (${personId}, ${searchId}, ${`{${changes.join(",")}}`}::bigint[], 'daily', ${outbox})`);
  }
  for (const [key, day] of [
    ["L1", "2026-11-20"],
    ["L1", "2026-11-21"],
    ["GONE9", "2026-11-21"],
  ]) {
    await db.rows(
      sql`insert into ${alertOpens} (${name(alertOpens.person_id)}, ${name(alertOpens.listing_key)}, ${name(alertOpens.day)}) values (${personId}, ${key}, ${day}::date)`,
    );
  }
  const agent = await agentIn(db, "Jordan Avery", `agent-for-${email}`);
  await addNote(db, personId, "Prefers texts after 6", agent);
  const [device] = await returning(
    db.rows,
    { id: pushDevices.id },
    sql`
    insert into ${pushDevices} (${name(pushDevices.account_id)}, ${name(pushDevices.endpoint)}, ${name(pushDevices.p256dh)}, ${name(pushDevices.auth)}, ${name(pushDevices.browser)})
    values (${agent.id}, ${`https://push.example.com/${encodeURIComponent(email)}`}, 'p', 'a', 'Chrome')`,
  );
  await db.rows(sql`
    insert into ${pushMessages} (${name(pushMessages.device_id)}, ${name(pushMessages.kind)}, ${name(pushMessages.person_id)}, ${name(pushMessages.payload)})
    values (${device!.id}, 'lead', ${personId}, ${JSON.stringify({ kind: "lead", lead: { name: "Ana", form: "Contact form" } })}::jsonb)`);
  return { personId, agent, email };
}
