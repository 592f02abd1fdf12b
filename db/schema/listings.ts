/** The local copy of the DDF® feed: listings, offices, open houses, tombstones and the sync's state. */
import { sql } from "drizzle-orm";
import { check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { LISTING_CATEGORIES, SQ_FT_PER_M2 } from "../../app/lib/schema-values";
import type { ListingFeatures, ListingRoom } from "../../app/lib/listing-types";

/** A photo of a listing, in the feed's order (Media, photos only). */
export interface ListingPhoto {
  url: string;
  description: string | null;
}

/**
 * The columns a listings search filters and orders on (app/lib/server/listings/queries.server.ts
 * whereOf and its orders), available first: the search's index and its statistics
 * (listings_search_idx below).
 */
export const SEARCH_COLUMNS = [
  "status",
  "list_price",
  "city",
  "category",
  "bedrooms",
  "bathrooms",
  "living_area_sqft",
  "community",
  "architectural_style",
  "previous_price",
  "listed_at",
  "latitude",
  "longitude",
  "listing_key",
] as const;

/**
 * The local copy of the REALTOR.ca DDF® feed (issue 12): one row per listing the feed currently
 * offers, written only by the listings sync (app/lib/server/listings). Column comments name the
 * DDF Property field each one holds.
 */
export const listings = pgTable(
  "listings",
  {
    /** ListingKey: the feed's key, and the first part of the page's address. */
    listing_key: text("listing_key").primaryKey(),
    /** ListingId: the MLS® number shown to people. */
    mls_number: text("mls_number"),
    /** The page's address after the key, from the street address (see listingPath). */
    slug: text("slug").notNull(),
    /** StandardStatus as the site shows it (ListingStatus: active, under-contract, pending; decision 030). */
    status: text("status"),
    /** ListPrice, in dollars. */
    list_price: doublePrecision("list_price"),
    /** UnparsedAddress (street part). */
    address: text("address").notNull(),
    city: text("city"),
    province: text("province"),
    postal_code: text("postal_code"),
    /** SubdivisionName: the neighbourhood. */
    community: text("community"),
    bedrooms: integer("bedrooms"),
    /** BathroomsTotalInteger. */
    bathrooms: integer("bathrooms"),
    living_area: doublePrecision("living_area"),
    living_area_units: text("living_area_units"),
    /**
     * The living area in square feet, whichever units the feed gave it in (null without one),
     * written by the database: the search's size filters and its "largest first" compare and order
     * on this, where they matched the units' spelling against a pattern for every candidate (a
     * size search over every listing took about 20 ms on PGlite).
     */
    living_area_sqft: doublePrecision("living_area_sqft").generatedAlwaysAs(
      sql`case when "living_area_units" ~* '(met(er|re)|m2|m²)' then "living_area" * ${sql.raw(String(SQ_FT_PER_M2))} else "living_area" end`,
    ),
    /** The site's own grouping (LISTING_CATEGORIES), derived from PropertySubType and StructureType. */
    category: text("category", { enum: LISTING_CATEGORIES }).notNull(),
    property_sub_type: text("property_sub_type"),
    public_remarks: text("public_remarks"),
    /**
     * ListOfficeKey, then CoListOfficeKey, 2 and 3: the brokerages, whose names (which the DDF rules
     * require beside the listing) are read from `offices` when a page is drawn, so a renamed office
     * shows on every listing after one sync.
     */
    office_keys: text("office_keys")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** ListAgentKey, then CoListAgentKey, 2 and 3: DDF_MEMBER_KEY among them marks the agent's own listing. */
    agent_keys: text("agent_keys")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** ListingURL: the listing on REALTOR.ca (the "Powered by REALTOR.ca" badge links there). */
    listing_url: text("listing_url"),
    photos: jsonb("photos")
      .$type<ListingPhoto[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    // The facts and cost figures of a listing page (issue 28); each null or empty when the feed leaves it out.
    /** YearBuilt. */
    year_built: integer("year_built"),
    /** Rooms (CREA's PropertyRoom: RoomType, RoomLevel, RoomDimensions), in the feed's order. */
    rooms: jsonb("rooms")
      .$type<ListingRoom[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    parking_total: integer("parking_total"),
    /** LotSizeArea, in LotSizeUnits. */
    lot_size_area: doublePrecision("lot_size_area"),
    lot_size_units: text("lot_size_units"),
    heating: text("heating")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** AssociationFeeIncludes: what the condo fee covers. */
    fee_includes: text("fee_includes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** TaxAnnualAmount, in dollars, for TaxYear. */
    tax_annual_amount: doublePrecision("tax_annual_amount"),
    tax_year: integer("tax_year"),
    /** AssociationFee, in dollars, charged each AssociationFeeFrequency (CREA's FeeFrequency: "Monthly", …). */
    association_fee: doublePrecision("association_fee"),
    association_fee_frequency: text("association_fee_frequency"),
    /**
     * The rest of what the feed describes a home with (issue 45: style, construction, flooring,
     * basement, cooling, appliances, lot, zoning, amenities, …), keys present only when given.
     * One jsonb, not a column each: the page reads them together and only the style is searched.
     */
    features: jsonb("features")
      .$type<ListingFeatures>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * The style (`features.architecturalStyle`, a list) in a column of its own, written by the
     * database: a search by style is then answered from listings_search_idx like the other filters,
     * without reading the features of every candidate.
     */
    architectural_style: jsonb("architectural_style")
      .$type<string[]>()
      .generatedAlwaysAs(sql`"features" -> 'architecturalStyle'`),
    /** The asking price before the last reduction the sync saw; null when the price has not gone down since (or went up again). */
    previous_price: doublePrecision("previous_price"),
    /** When the sync saw that reduction ("Price reduced" in the search). */
    price_reduced_at: timestamp("price_reduced_at", { withTimezone: true }),
    /** OriginalEntryTimestamp: "newest first" sorts on this. */
    listed_at: timestamp("listed_at", { withTimezone: true }),
    /** ModificationTimestamp. */
    modified_at: timestamp("modified_at", { withTimezone: true }).notNull(),
    synced_at: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listings_category_check", sql`${t.category} in (${sql.raw(LISTING_CATEGORIES.map((v) => `'${v}'`).join(", "))})`),
    index("listings_city_listed_idx").on(t.city, t.listed_at),
    index("listings_category_listed_idx").on(t.category, t.listed_at),
    index("listings_listed_idx").on(t.listed_at),
    // The search's "largest first" (issue 45) reads the homes along their size, whatever their status.
    index("listings_size_idx").on(t.living_area_sqft.desc().nullsLast(), t.listing_key),
    // The search's price orders (issue 45) read the available homes along the price.
    index("listings_price_idx")
      .on(t.list_price)
      .where(sql`${t.status} = 'active'`),
    // The search's keywords (issue 45): words of the description, without stemming ('simple'), as a
    // GIN index; a scan of every description took about a second on 20,000 listings. The query
    // (queries.server.ts, remarksWords) must spell the expression exactly so.
    index("listings_remarks_words_idx").using("gin", sql`to_tsvector('simple'::regconfig, coalesce(${t.public_remarks}, ''))`),
    // The search's count, median and page (issue 45): every column a search filters or orders on,
    // so that reading a whole search's matches is an index-only scan of this narrow index (about
    // 150 bytes a listing) instead of the table's wide rows (about 2.5 KB: photos, rooms, remarks,
    // features), once a vacuum has marked the pages visible (store.server.ts tidyListingsAfterSync).
    // The columns are also what that function has analysed. Not here: the keywords (their GIN index
    // above) and the open houses (by key).
    index("listings_search_idx").on(t[SEARCH_COLUMNS[0]], ...SEARCH_COLUMNS.slice(1).map((c) => t[c])),
    index("listings_modified_idx").on(t.modified_at),
    index("listings_agent_keys_idx").using("gin", t.agent_keys),
    // "Similar homes" on every listing page: the available homes of one city and category, read outwards from a price.
    index("listings_similar_idx")
      .on(t.city, t.category, t.list_price)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** The Office resource of the feed, replicated like the listings: the brokerages' names. */
export const offices = pgTable("offices", {
  /** OfficeKey, as the listings' ListOfficeKey names it. */
  office_key: text("office_key").primaryKey(),
  office_name: text("office_name"),
  /** ModificationTimestamp. */
  modified_at: timestamp("modified_at", { withTimezone: true }).notNull(),
  synced_at: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Upcoming public open houses of the feed's listings (the OpenHouse resource, fetched whole on
 * every sync: it has no replication function). Date and times are Edmonton local time, as sent.
 */
export const openHouses = pgTable(
  "open_houses",
  {
    open_house_key: text("open_house_key").primaryKey(),
    listing_key: text("listing_key").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    /** "13:00"; null when the feed leaves it out. */
    start_time: text("start_time"),
    end_time: text("end_time"),
    /** LivestreamOpenHouseURL, kept only when it is an https link. */
    livestream_url: text("livestream_url"),
    synced_at: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("open_houses_listing_date_idx").on(t.listing_key, t.date), index("open_houses_date_idx").on(t.date)],
);
/** Listings that left the feed: their pages answer 410 Gone instead of 404 (nothing else of them is kept). */
export const listingTombstones = pgTable("listing_tombstones", {
  listing_key: text("listing_key").primaryKey(),
  removed_at: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sync's state, one row (id 1): the modification-time watermark, the lease that lets only one
 * server sync at a time, and the last run's figures for the inbox.
 */
export const listingSync = pgTable("listing_sync", {
  id: integer("id").primaryKey(),
  /** The newest ModificationTimestamp stored: the next increment asks for changes after it. */
  watermark: timestamp("watermark", { withTimezone: true }),
  /** The same for the Office resource (OfficeReplication). */
  office_watermark: timestamp("office_watermark", { withTimezone: true }),
  /** When the last complete list of the feed's keys was compared with ours (removals). */
  last_full_check_at: timestamp("last_full_check_at", { withTimezone: true }),
  /** Who holds the sync and until when; a server that died lets go when the lease runs out. */
  lease_owner: text("lease_owner"),
  lease_until: timestamp("lease_until", { withTimezone: true }),
  /** The run in progress, or the last one: { phase, fetched, upserted, removed, ... }. */
  progress: jsonb("progress").$type<Record<string, unknown>>(),
  last_started_at: timestamp("last_started_at", { withTimezone: true }),
  last_finished_at: timestamp("last_finished_at", { withTimezone: true }),
  last_success_at: timestamp("last_success_at", { withTimezone: true }),
  last_error: text("last_error"),
  consecutive_failures: integer("consecutive_failures").notNull().default(0),
  /** When any server may try next (backoff after a failure). */
  next_run_at: timestamp("next_run_at", { withTimezone: true }),
});
