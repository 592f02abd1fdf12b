/**
 * The one CSV writer for the leads, in both of its outputs: the inbox's submissions export and
 * `npm run leads -- --csv`'s files. The same visitor-typed text gets the same cell in each: quoted,
 * formulas neutralised (the script's writer used to leave "=..." unquoted and quote only some cells).
 */
import { describe, expect, it } from "vitest";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { createContact } from "../leads/contacts.server";
import { recordLead } from "../leads/leads.server";
import { csvOfRows, leadTablesCsv, submissionsCsv } from "./csv.server";

const t = testDatabaseForThisFile();

const lines = (csv: string) => csv.replace(/^\uFEFF/, "").split("\r\n");

describe(`the leads' CSV (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("writes rows of one shape under their keys, every cell quoted, a header even with no rows", () => {
    expect(
      csvOfRows(
        ["id", "name"],
        [
          { id: 1, name: "A" },
          { id: 2, name: "B, C" },
        ],
      ),
    ).toBe('\uFEFF"id","name"\r\n"1","A"\r\n"2","B, C"\r\n');
    expect(csvOfRows(["id"], [])).toBe('\uFEFF"id"\r\n');
  });

  it("npm run leads and the inbox export write the same visitor text as the same cell", async () => {
    await recordLead(t.db, {
      fullName: '+Ana, "the" buyer',
      email: "ana@example.com",
      phone: "780-555-0199",
      serviceType: "buying",
      comments: '=HYPERLINK("http://x")',
    });
    await createContact(t.db, { name: "-Sam", email: "sam@example.com", phone: "", message: "@SUM(1+1)\nthanks" });
    const files = Object.fromEntries((await leadTablesCsv(t.db)).map((f) => [f.file, f]));
    expect(Object.keys(files)).toEqual(["leads.csv", "contacts.csv", "inquiries.csv"]);
    expect(files["leads.csv"]!.rows).toBe(1);
    const leadsCsv = files["leads.csv"]!.csv;
    expect(leadsCsv.startsWith("\uFEFF")).toBe(true);
    expect(lines(leadsCsv)[0]).toBe(
      '"id","full_name","email","phone","service_type","comments","created_at","consent_text","consent_version","client_address","user_agent"',
    );
    const subs = await submissionsCsv(t.db);
    for (const cell of [`"'+Ana, ""the"" buyer"`, `"'=HYPERLINK(""http://x"")"`]) {
      expect(leadsCsv).toContain(cell);
      expect(subs).toContain(cell);
    }
    for (const cell of [`"'-Sam"`]) {
      expect(files["contacts.csv"]!.csv).toContain(cell);
      expect(files["inquiries.csv"]!.csv).toContain(cell);
      expect(subs).toContain(cell);
    }
    expect(files["inquiries.csv"]!.csv).toContain(`"'@SUM(1+1)\nthanks"`);
    expect(subs).toContain(`"'@SUM(1+1)\nthanks"`);
    // No cell anywhere starts a formula.
    for (const csv of [leadsCsv, files["contacts.csv"]!.csv, files["inquiries.csv"]!.csv, subs])
      expect(csv).not.toMatch(/(^|,|\n)"?[=+\-@]/);
  });

  it("fills the submissions' columns from each form's registry entry", async () => {
    await recordLead(t.db, { fullName: "Ana", email: "ana@example.com", phone: "780-555-0199", serviceType: "buying", comments: "" });
    await createContact(t.db, { name: "Sam", email: "sam@example.com", phone: "", message: "Hello" });
    const [header, ...rows] = lines(await submissionsCsv(t.db)).filter(Boolean);
    expect(header).toBe(
      '"Id","Submitted at","Form","Person","Name","E-mail","Phone","Service type","Message or comments","Notification","Consent version","Address"',
    );
    const contactRow = rows.find((r) => r.includes('"contact_form"'))!;
    const leadRow = rows.find((r) => r.includes('"Welcome Page Form"'))!;
    expect(leadRow).toContain('"Ana","ana@example.com","780-555-0199","buying",""');
    expect(contactRow).toContain('"Sam","sam@example.com","","","Hello"');
  });
});
