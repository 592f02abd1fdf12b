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
import type { Contact, Lead, OutboxRow, PropertyInquiry } from "../db/schema";
import { outboxCounts, requeueFailed } from "../app/lib/server/outbox.server";
import { toCsv } from "./csv";
import { openScriptDatabase } from "./script-database";

const args = process.argv.slice(2);
const { db } = await openScriptDatabase();

try {
  if (args.includes("--retry-failed")) {
    console.log(`${await requeueFailed(db)} failed notification(s) queued again; the server's worker sends them.`);
  }

  const leadRows = await db.rows<Lead>(sql`select * from leads order by created_at desc, id desc`);
  const contactRows = await db.rows<Contact>(sql`select * from contacts order by updated_at desc, id desc`);
  const inquiryRows = await db.rows<
    Pick<PropertyInquiry, "id" | "created_at" | "contact_id" | "inquiry_type" | "message"> & Pick<Contact, "name" | "email" | "phone">
  >(sql`
    select i.id, i.created_at, i.contact_id, c.name, c.email, c.phone, i.inquiry_type, i.message
    from property_inquiries i join contacts c on c.id = i.contact_id
    order by i.created_at desc, i.id desc`);

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
    console.log(`\nNotifications: ${counts.sent} sent, ${counts.pending + counts.sending} waiting, ${counts.failed} failed`);
    if (counts.failed > 0) {
      const failed = await db.rows<OutboxRow>(sql`select * from notification_outbox where status = 'failed' order by id desc`);
      for (const f of failed) console.log(`  FAILED #${f.id} ${f.kind} (${f.source}), ${f.attempts} attempt(s): ${f.last_error ?? ""}`);
      console.log("  Fix the cause (SMTP_URL, AGENT_NOTIFY_EMAIL), then: npm run leads -- --retry-failed");
    }
  }
} finally {
  await db.close();
}
