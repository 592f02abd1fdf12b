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
import { notificationOutbox } from "../db/schema";
import { select } from "../platform/db/query";
import { outboxCounts, requeueFailed } from "../app/lib/server/mail/outbox.server";
import { leadTables, leadTablesCsv } from "../app/lib/server/inbox/csv.server";
import { openScriptDatabase } from "./script-database";

const args = process.argv.slice(2);
const { db } = await openScriptDatabase();

try {
  if (args.includes("--retry-failed")) {
    console.log(`${await requeueFailed(db)} failed notification(s) queued again; the server's worker sends them.`);
  }

  const csvIndex = args.indexOf("--csv");
  if (csvIndex >= 0) {
    const next = args[csvIndex + 1];
    const dir = path.resolve(next && !next.startsWith("--") ? next : "exports");
    mkdirSync(dir, { recursive: true });
    // The inbox's CSV writer: every cell quoted, formulas neutralised.
    for (const { file, rows, csv } of await leadTablesCsv(db)) {
      writeFileSync(path.join(dir, file), csv);
      console.log(`${path.join(dir, file)}: ${rows} row(s)`);
    }
  } else {
    // The rows the CSV files hold, a few columns of each printed.
    const { leads, contacts, inquiries } = await leadTables(db);
    const when = (d: Date) => d.toLocaleString("en-CA", { timeZone: "America/Edmonton", dateStyle: "medium", timeStyle: "short" });
    console.log(`\nLeads (${leads.rows.length}), newest first`);
    for (const l of leads.rows) {
      console.log(
        `  #${l.id}  ${when(l.created_at)}  ${l.full_name} <${l.email}>  ${l.phone}  ${l.service_type}${l.comments ? `\n        "${l.comments}"` : ""}`,
      );
    }
    console.log(`\nContacts (${contacts.rows.length}), most recently active first`);
    for (const c of contacts.rows) console.log(`  #${c.id}  ${when(c.updated_at)}  ${c.name} <${c.email}>  ${c.phone ?? "-"}  ${c.source}`);
    console.log(`\nInquiries (${inquiries.rows.length}), newest first`);
    for (const i of inquiries.rows)
      console.log(`  #${i.id}  ${when(i.created_at)}  ${i.name} <${i.email}>  ${i.inquiry_type}\n        "${i.message}"`);

    const counts = await outboxCounts(db);
    // Withheld: never sent, kept as the record (no marketing consent, or past a recipient's daily cap: decision 042).
    console.log(
      `\nNotifications: ${counts.sent} sent, ${counts.pending + counts.sending} waiting, ${counts.failed} failed, ${counts.withheld} withheld`,
    );
    if (counts.failed > 0) {
      const o = notificationOutbox;
      const failed = await select(
        db.rows,
        { id: o.id, kind: o.kind, source: o.source, attempts: o.attempts, last_error: o.last_error },
        sql`
        from ${o} where ${o.status} = 'failed' order by ${o.id} desc`,
      );
      for (const f of failed) console.log(`  FAILED #${f.id} ${f.kind} (${f.source}), ${f.attempts} attempt(s): ${f.last_error ?? ""}`);
      console.log("  Fix the cause (SMTP_URL, AGENT_NOTIFY_EMAIL), then: npm run leads -- --retry-failed");
    }
  }
} finally {
  await db.close();
}
