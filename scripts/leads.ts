/**
 * npm run leads                 prints the stored leads, contacts and inquiries, newest first,
 *                               and the state of the notification queue (failed ones listed)
 * npm run leads -- --csv [DIR]  writes leads.csv, contacts.csv and inquiries.csv into DIR
 *                               (default ./exports)
 * npm run leads -- --retry-failed  puts failed notifications back in the queue
 *
 * Reads whichever database the server uses: DATABASE_URL, else PGlite in DATA_DIR (default
 * ./data; stop the server first, PGlite allows one process).
 */
import { sql } from "drizzle-orm";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { contacts, leads, notificationOutbox, propertyInquiries } from "../db/schema";
import { select } from "../platform/db/query";
import { outboxCounts, requeueFailed } from "../app/lib/server/mail/outbox.server";
import { toCsv } from "./csv";
import { openScriptDatabase } from "./script-database";

const args = process.argv.slice(2);
const { db } = await openScriptDatabase();

try {
  if (args.includes("--retry-failed")) {
    console.log(`${await requeueFailed(db)} failed notification(s) queued again; the server's worker sends them.`);
  }

  // Every column, in the CSV's order: the tables' own (the consent record was added to leads after created_at).
  const l = leads;
  const leadRows = await select(
    db.rows,
    { id: l.id, full_name: l.full_name, email: l.email, phone: l.phone, service_type: l.service_type, comments: l.comments, created_at: l.created_at,
      consent_text: l.consent_text, consent_version: l.consent_version, client_address: l.client_address, user_agent: l.user_agent },
    sql`from ${l} order by ${l.created_at} desc, ${l.id} desc`,
  );
  const c = contacts;
  const contactRows = await select(
    db.rows,
    { id: c.id, name: c.name, email: c.email, phone: c.phone, source: c.source, created_at: c.created_at, updated_at: c.updated_at },
    sql`from ${c} order by ${c.updated_at} desc, ${c.id} desc`,
  );
  const i = propertyInquiries;
  const inquiryRows = await select(
    db.rows,
    { id: i.id, created_at: i.created_at, contact_id: i.contact_id, name: c.name, email: c.email, phone: c.phone, inquiry_type: i.inquiry_type, message: i.message },
    sql`
    from ${i} join ${c} on ${c.id} = ${i.contact_id}
    order by ${i.created_at} desc, ${i.id} desc`,
  );

  const csvIndex = args.indexOf("--csv");
  if (csvIndex >= 0) {
    const next = args[csvIndex + 1];
    const dir = path.resolve(next && !next.startsWith("--") ? next : "exports");
    mkdirSync(dir, { recursive: true });
    const files: [string, Record<string, unknown>[]][] = [
      ["leads.csv", leadRows],
      ["contacts.csv", contactRows],
      ["inquiries.csv", inquiryRows],
    ];
    for (const [name, rows] of files) {
      writeFileSync(path.join(dir, name), toCsv(rows));
      console.log(`${path.join(dir, name)}: ${rows.length} row(s)`);
    }
  } else {
    const when = (d: Date) => d.toLocaleString("en-CA", { timeZone: "America/Edmonton", dateStyle: "medium", timeStyle: "short" });
    console.log(`\nLeads (${leadRows.length}), newest first`);
    for (const l of leadRows) {
      console.log(`  #${l.id}  ${when(l.created_at)}  ${l.full_name} <${l.email}>  ${l.phone}  ${l.service_type}${l.comments ? `\n        "${l.comments}"` : ""}`);
    }
    console.log(`\nContacts (${contactRows.length}), most recently active first`);
    for (const c of contactRows) console.log(`  #${c.id}  ${when(c.updated_at)}  ${c.name} <${c.email}>  ${c.phone ?? "-"}  ${c.source}`);
    console.log(`\nInquiries (${inquiryRows.length}), newest first`);
    for (const i of inquiryRows) console.log(`  #${i.id}  ${when(i.created_at)}  ${i.name} <${i.email}>  ${i.inquiry_type}\n        "${i.message}"`);

    const counts = await outboxCounts(db);
    // Withheld: never sent, kept as the record (no marketing consent, or past a recipient's daily cap: decision 042).
    console.log(`\nNotifications: ${counts.sent} sent, ${counts.pending + counts.sending} waiting, ${counts.failed} failed, ${counts.withheld} withheld`);
    if (counts.failed > 0) {
      const o = notificationOutbox;
      const failed = await select(db.rows, { id: o.id, kind: o.kind, source: o.source, attempts: o.attempts, last_error: o.last_error }, sql`
        from ${o} where ${o.status} = 'failed' order by ${o.id} desc`);
      for (const f of failed) console.log(`  FAILED #${f.id} ${f.kind} (${f.source}), ${f.attempts} attempt(s): ${f.last_error ?? ""}`);
      console.log("  Fix the cause (SMTP_URL, AGENT_NOTIFY_EMAIL), then: npm run leads -- --retry-failed");
    }
  }
} finally {
  await db.close();
}
