import { getTableName, is } from "drizzle-orm";
import { PgTable, integer, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../../../db/schema";
import { SECTION_TABLES } from "./person-export.server";
import { PERSONAL_TABLES, personalTablesOf, uncoveredTables } from "./personal-tables.server";
import { ERASURE_STEPS } from "./privacy.server";

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
const erased = Object.keys(ERASURE_STEPS);
const exported = Object.values(SECTION_TABLES).map(getTableName);

describe("personal tables", () => {
  it("finds the visitor's tables by their person and e-mail columns and foreign keys, not the agent's accounts", () => {
    expect(personalTablesOf(tables)).toEqual([
      "alert_items",
      "alert_opens",
      "alert_subscriptions",
      "consent_events",
      "contacts",
      "leads",
      "notification_outbox",
      "people",
      "person_events",
      "property_inquiries",
      "push_messages",
      "showings",
    ]);
  });

  it("erasure and export cover every personal table of the schema, and the list they derive from is all of them", () => {
    expect(uncoveredTables(tables, PERSONAL_TABLES.map(getTableName))).toEqual([]);
    expect(uncoveredTables(tables, erased)).toEqual([]);
    expect(uncoveredTables(tables, exported)).toEqual([]);
  });

  it("fails for a new table with a person or an e-mail column, or one that points at a personal table, left out of either", () => {
    const wishlists = pgTable("wishlists", { id: integer("id").primaryKey(), person_id: integer("person_id") });
    const callbacks = pgTable("callback_requests", { id: integer("id").primaryKey(), email: text("email") });
    const notes = pgTable("callback_notes", {
      id: integer("id").primaryKey(),
      request_id: integer("request_id").references(() => callbacks.id),
    });
    const listingsOnly = pgTable("listing_photos", { id: integer("id").primaryKey(), url: text("url") });
    const withNew = [...tables, wishlists, callbacks, notes, listingsOnly];
    expect(uncoveredTables(withNew, erased)).toEqual(["callback_notes", "callback_requests", "wishlists"]);
    expect(uncoveredTables(withNew, exported)).toEqual(["callback_notes", "callback_requests", "wishlists"]);
    expect(uncoveredTables(withNew, [...exported, "wishlists", "callback_requests", "callback_notes"])).toEqual([]);
  });
});
