/**
 * The City of Edmonton's property assessment roll (issue 42, decision 053): the current roll and
 * property information, each account's values over the years (fetched per account when first
 * needed), the neighbourhoods' figures, and the import's state.
 *
 * The roll is imported BESIDE the one being served: every row carries the `generation` of the
 * import that wrote it, and readers take only the rows of `assessment_import.live_generation`. A
 * new roll is written under the next generation, then made live by one update of that one row, so
 * a reader sees the old roll or the new one, never half of either, and an import that fails or is
 * stopped leaves the old one serving. Rows of older generations are deleted after the swap.
 */
import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** A class the account is assessed in, with its share (the roll's mill_class_N and tax_class_pct_N). */
export interface AssessmentClassShare {
  name: string;
  percent: number | null;
}

/**
 * An account's address as the suggestions search it: "10135 116 STREET" (house number, then the
 * street without quadrant, from the match key; the suite apart). The suggestions' query repeats
 * this expression word for word, so the index below serves it.
 */
export const ADDRESS_TEXT = sql.raw(`split_part("match_key", '|', 2) || ' ' || split_part("match_key", '|', 3)`);

/** One account of Property Assessment Data (Current Calendar Year), q7d6-ambg. */
export const assessmentAccounts = pgTable(
  "assessment_accounts",
  {
    generation: integer("generation").notNull(),
    account_number: text("account_number").notNull(),
    suite: text("suite"),
    house_number: text("house_number"),
    street_name: text("street_name"),
    /** The address normaliser's key without quadrant (app/lib/assessments/address.ts matchKey); null when the roll's address cannot be read. */
    match_key: text("match_key"),
    quadrant: text("quadrant"),
    garage: boolean("garage"),
    neighbourhood_id: integer("neighbourhood_id"),
    neighbourhood: text("neighbourhood"),
    ward: text("ward"),
    /** Dollars: market value as of July 1 of the year before the roll's. */
    assessed_value: doublePrecision("assessed_value").notNull(),
    tax_class: text("tax_class"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    classes: jsonb("classes")
      .$type<AssessmentClassShare[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.generation, t.account_number] }),
    index("assessment_accounts_match_idx").on(t.generation, t.match_key),
    index("assessment_accounts_neighbourhood_idx").on(t.generation, t.neighbourhood_id),
    // The home-value page's address suggestions (issue 43): "house number + street" read as a prefix,
    // bytewise (collate "C"), so a range on it is an index range whatever the database's collation.
    index("assessment_accounts_address_idx").on(t.generation, sql`(${ADDRESS_TEXT}) collate "C"`),
  ],
);

/** One account of Property Information (Current Calendar Year), dkk9-cj3x. */
export const assessmentPropertyInfo = pgTable(
  "assessment_property_info",
  {
    generation: integer("generation").notNull(),
    account_number: text("account_number").notNull(),
    legal_description: text("legal_description"),
    zoning: text("zoning"),
    /** Square metres. */
    lot_size: doublePrecision("lot_size"),
    /** Square metres. */
    total_gross_area: doublePrecision("total_gross_area"),
    year_built: integer("year_built"),
  },
  (t) => [primaryKey({ columns: [t.generation, t.account_number] })],
);

/** A year's assessed value of one account. */
export interface AssessmentYearValue {
  year: number;
  value: number;
}

/**
 * An account's values over the years (qi6a-xuwt), fetched only when first needed (a listing page,
 * a home looked up) and kept; fetched again once the live roll's year passes `roll_year`.
 */
export const assessmentHistory = pgTable("assessment_history", {
  account_number: text("account_number").primaryKey(),
  /** Oldest first; empty when the City holds no history for the account. */
  values: jsonb("values").$type<AssessmentYearValue[]>().notNull(),
  /** The live roll's year when it was fetched. */
  roll_year: integer("roll_year").notNull(),
  fetched_at: timestamp("fetched_at", { withTimezone: true }).notNull(),
});

/** The figures of one class of homes in a neighbourhood: count and quartiles of assessed value. */
export interface AssessmentSpread {
  count: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
}

/** A neighbourhood's residential accounts and their values added up, this roll's and the year before's. */
export interface NeighbourhoodYearTotals {
  current: { accounts: number; total: number };
  previous: { year: number; accounts: number; total: number };
}

/**
 * One neighbourhood's figures from one generation of the roll, worked out when the import finishes.
 * Kept for older generations too (a few hundred rows each), so a page can show the change since
 * the previous roll.
 */
export const assessmentNeighbourhoods = pgTable(
  "assessment_neighbourhoods",
  {
    generation: integer("generation").notNull(),
    neighbourhood_id: integer("neighbourhood_id").notNull(),
    /** The page's address: /neighbourhoods/{slug}. */
    slug: text("slug").notNull(),
    /** As the roll writes it (upper case). */
    name: text("name").notNull(),
    ward: text("ward"),
    roll_year: integer("roll_year").notNull(),
    /** Residential accounts without a suite. */
    houses: jsonb("houses").$type<AssessmentSpread>().notNull(),
    /** Residential accounts with a suite. */
    condos: jsonb("condos").$type<AssessmentSpread>().notNull(),
    /** Every residential account. */
    homes: jsonb("homes").$type<AssessmentSpread>().notNull(),
    /** All accounts, residential or not. */
    accounts: integer("accounts").notNull(),
    /**
     * The outer ring of its boundary's largest polygon, [longitude, latitude] pairs (the convex hull
     * of its accounts' points when the boundaries hold none for it). The page draws the whole
     * boundary from assessment_boundaries.
     */
    outline: jsonb("outline")
      .$type<[number, number][]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Its residential accounts' assessed values added up, this roll and the year before (from the
     * history's yearly totals through `$group`), for the change before a previous roll has been
     * kept; null when the City's totals could not be had.
     */
    year_totals: jsonb("year_totals").$type<NeighbourhoodYearTotals>(),
    /** Its centre (mean of the points), for the neighbouring areas. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
  },
  (t) => [
    primaryKey({ columns: [t.generation, t.neighbourhood_id] }),
    index("assessment_neighbourhoods_slug_idx").on(t.generation, t.slug),
  ],
);

/**
 * One neighbourhood's boundary (City of Edmonton - Neighbourhoods, 65fr-66s6) of one generation,
 * imported with the roll: the outline a neighbourhood page draws, and where a listing without a
 * matched account is placed by its point. Its box (west, south, east, north) finds the few
 * boundaries a point may lie in with one indexed comparison; the polygons settle it.
 */
export const assessmentBoundaries = pgTable(
  "assessment_boundaries",
  {
    generation: integer("generation").notNull(),
    /** The roll's neighbourhood_id. */
    neighbourhood_id: integer("neighbourhood_id").notNull(),
    /** Upper case, as the roll writes its neighbourhood. */
    name: text("name").notNull(),
    /** GeoJSON MultiPolygon coordinates: polygons, each an outer ring then its holes, [longitude, latitude]. */
    polygons: jsonb("polygons").$type<[number, number][][][]>().notNull(),
    west: doublePrecision("west").notNull(),
    south: doublePrecision("south").notNull(),
    east: doublePrecision("east").notNull(),
    north: doublePrecision("north").notNull(),
  },
  (t) => [primaryKey({ columns: [t.generation, t.neighbourhood_id] })],
);

/** The import's one state row (id 1): which generation is live, and the one being built. */
export const assessmentImport = pgTable(
  "assessment_import",
  {
    id: integer("id").primaryKey(),
    /** The generation readers take; null until the first import finishes. */
    live_generation: integer("live_generation"),
    /** The live roll's year (its values are market values as of July 1 of the year before). */
    live_year: integer("live_year"),
    live_rows: integer("live_rows"),
    live_imported_at: timestamp("live_imported_at", { withTimezone: true }),
    /** The generation being written beside the live one; null when none is. */
    building_generation: integer("building_generation"),
    /** What of it is being fetched: "roll", "info", "boundaries", then "finish" (neighbourhoods and the swap). */
    building_stage: text("building_stage"),
    /** The next offset to fetch in the stage's dataset: an interrupted import resumes there. */
    building_offset: integer("building_offset").notNull().default(0),
    building_started_at: timestamp("building_started_at", { withTimezone: true }),
    last_attempt_at: timestamp("last_attempt_at", { withTimezone: true }),
    last_success_at: timestamp("last_success_at", { withTimezone: true }),
    last_error: text("last_error"),
    /** Since when every attempt has failed; null after a success. */
    failing_since: timestamp("failing_since", { withTimezone: true }),
  },
  (t) => [check("assessment_import_one_row", sql`${t.id} = 1`)],
);
