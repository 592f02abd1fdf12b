/**
 * Test support (not a test): listings as the DDF® feed sends them, stored the way the sync stores
 * them. Shared by the listing queries' tests (queries-search, queries-facts).
 */
import type { Database } from "../../platform/db/database";
import { type DdfProperty, toListingRow } from "../../app/lib/server/listings/property.server";
import { upsertListings } from "../../app/lib/server/listings/store.server";

/** An active single-family house in Edmonton at $500,000, listed on 1 October 2026; `overrides` change any field. */
export function property(key: string, overrides: Partial<DdfProperty> = {}): DdfProperty {
  return {
    ListingKey: key,
    StandardStatus: "Active",
    ListPrice: 500_000,
    UnparsedAddress: `${key} Test Street NW`,
    City: "Edmonton",
    PropertySubType: "Single Family",
    StructureType: ["House"],
    OriginalEntryTimestamp: "2026-10-01T00:00:00Z",
    ModificationTimestamp: "2026-10-02T00:00:00Z",
    ...overrides,
  };
}

/** Stores these properties as the sync does (toListingRow, then upsertListings). */
export function seedListings(db: Database, ...properties: DdfProperty[]) {
  return upsertListings(
    db,
    properties.map((p) => toListingRow(p)),
  );
}
