/**
 * The facts and cost figures of a DDF® Property (issue 28) and how they are stored. The feed
 * passes on what each board's members typed, so a value that cannot be true (a negative tax, a
 * house built in the year 20,204, a fee of ten million a month) is left out rather than shown:
 * the page then says nothing, which is better than a wrong figure in a buyer's cost estimate.
 */
import type { ListingRoom } from "~/lib/listing-types";
import type { listings } from "../../../../db/schema";

/** One room (CREA's PropertyRoom): the type, the level ("Main level", "Basement", …) and the dimensions as written. */
export interface DdfRoom {
  RoomType?: string | null;
  RoomLevel?: string | null;
  RoomDimensions?: string | null;
}

/** The Property fields of a listing's facts and costs (each one CREA's description declares). */
export interface DdfPropertyFacts {
  TaxAnnualAmount?: number | null;
  TaxYear?: number | null;
  AssociationFee?: number | null;
  /** CREA's FeeFrequency: "Monthly", "Quarterly", "Annually", … */
  AssociationFeeFrequency?: string | null;
  AssociationFeeIncludes?: string[] | null;
  YearBuilt?: number | null;
  /** A collection of the Property, served inline like Media (the resource documents no $expand). */
  Rooms?: DdfRoom[] | null;
  ParkingTotal?: number | null;
  LotSizeArea?: number | null;
  LotSizeUnits?: string | null;
  Heating?: string[] | null;
}

type Row = typeof listings.$inferInsert;
export type ListingFactsRow = Required<
  Pick<Row, "year_built" | "rooms" | "parking_total" | "lot_size_area" | "lot_size_units" | "heating" | "fee_includes" | "tax_annual_amount" | "tax_year" | "association_fee" | "association_fee_frequency">
>;

/** A listing page shows at most this many rooms; a longer list is a board's data gone wrong. */
export const MAX_ROOMS = 60;

/** The facts and costs of `p` as columns of its row; `now` bounds the years. */
export function listingFactsOf(p: DdfPropertyFacts, now = new Date()): ListingFactsRow {
  const year = now.getUTCFullYear();
  const lotArea = numberIn(p.LotSizeArea, 0, 1e9, { above: true });
  const fee = numberIn(p.AssociationFee, 0, 100_000, { above: true });
  return {
    // A home being built may be listed a few years ahead of its completion.
    year_built: numberIn(p.YearBuilt, 1800, year + 3, { whole: true }),
    rooms: roomsOf(p.Rooms),
    parking_total: numberIn(p.ParkingTotal, 0, 1000, { whole: true }),
    lot_size_area: lotArea,
    lot_size_units: lotArea === null ? null : textOf(p.LotSizeUnits, 40),
    heating: textsOf(p.Heating),
    fee_includes: textsOf(p.AssociationFeeIncludes),
    // 0 is "not given", not a home without tax or fee.
    tax_annual_amount: numberIn(p.TaxAnnualAmount, 0, 1_000_000, { above: true }),
    tax_year: numberIn(p.TaxYear, 1900, year + 1, { whole: true }),
    association_fee: fee,
    association_fee_frequency: fee === null ? null : textOf(p.AssociationFeeFrequency, 40),
  };
}

/** `value` when it is a finite number from `min` (or above it) to `max`, a whole one when asked; else null. */
function numberIn(value: unknown, min: number, max: number, o: { whole?: boolean; above?: boolean } = {}): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value > max || (o.above ? value <= min : value < min)) return null;
  return o.whole && !Number.isInteger(value) ? null : value;
}

/** The text trimmed and cut to `max` characters; null when blank or not text. */
function textOf(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  return text ? text.slice(0, max) : null;
}

/** An enumeration list (Heating, AssociationFeeIncludes): its texts, without blanks or repeats, at most 30. */
function textsOf(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  return [...new Set(values.map((v) => textOf(v, 80)).filter((v): v is string => v !== null))].slice(0, 30);
}

/** The rooms in the feed's order; one without a type says nothing and is left out. */
function roomsOf(rooms: unknown): ListingRoom[] {
  if (!Array.isArray(rooms)) return [];
  return rooms
    .flatMap((r: unknown): ListingRoom[] => {
      if (typeof r !== "object" || r === null) return [];
      const room = r as DdfRoom;
      const type = textOf(room.RoomType, 60);
      return type ? [{ type, level: textOf(room.RoomLevel, 40), dimensions: textOf(room.RoomDimensions, 40) }] : [];
    })
    .slice(0, MAX_ROOMS);
}
