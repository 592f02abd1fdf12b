/**
 * The facts and cost figures of a DDF® Property (issue 28) and how they are stored. The feed
 * passes on what each board's members typed, so a value that cannot be true (a negative tax, a
 * house built in the year 20,204, a fee of ten million a month) is left out rather than shown:
 * the page then says nothing, which is better than a wrong figure in a buyer's cost estimate.
 */
import type { ListingFeatures, ListingRoom } from "~/lib/listing-types";
import type { listings } from "../../../../db/schema";

/** One room (CREA's PropertyRoom): the type, the level ("Main level", "Basement", …) and the dimensions as written. */
export interface DdfRoom {
  RoomType?: string | null;
  RoomLevel?: string | null;
  RoomDimensions?: string | null;
  /** Length and width in RoomLengthWidthUnits (CREA's LinearUnits), when RoomDimensions is not written. */
  RoomLength?: number | null;
  RoomWidth?: number | null;
  RoomLengthWidthUnits?: string | null;
}

/**
 * The Property's enumeration lists kept in `features` (issue 45): each feed field and the key it is
 * stored under. Every name is one CREA's description declares (crea-fields.test.ts).
 */
export const FEATURE_LISTS = {
  ArchitecturalStyle: "architecturalStyle",
  ConstructionMaterials: "constructionMaterials",
  FoundationDetails: "foundation",
  Roof: "roof",
  ExteriorFeatures: "exterior",
  Flooring: "flooring",
  Basement: "basement",
  Cooling: "cooling",
  FireplaceFeatures: "fireplaceFeatures",
  Appliances: "appliances",
  BuildingFeatures: "buildingFeatures",
  AccessibilityFeatures: "accessibility",
  SecurityFeatures: "security",
  ParkingFeatures: "parking",
  LotFeatures: "lotFeatures",
  Fencing: "fencing",
  PoolFeatures: "pool",
  View: "view",
  WaterfrontFeatures: "waterfront",
  CommunityFeatures: "communityFeatures",
  Utilities: "utilities",
  WaterSource: "waterSource",
  Sewer: "sewer",
} as const satisfies Record<string, keyof ListingFeatures>;

/** The Property's texts kept in `features`, with the longest each may be. */
export const FEATURE_TEXTS = {
  LotSizeDimensions: ["lotDimensions", 80],
  Zoning: ["zoning", 60],
  ZoningDescription: ["zoningDescription", 120],
  AssociationName: ["associationName", 120],
} as const satisfies Record<string, readonly [keyof ListingFeatures, number]>;

/** The Property's figures kept in `features`, with the range a true one lies in. */
export const FEATURE_NUMBERS = {
  Stories: ["stories", 0, 100],
  FireplacesTotal: ["fireplaces", 0, 50],
  BathroomsPartial: ["bathroomsPartial", 0, 50],
  BedroomsAboveGrade: ["bedroomsAboveGrade", 0, 100],
  BedroomsBelowGrade: ["bedroomsBelowGrade", 0, 100],
  AboveGradeFinishedArea: ["aboveGradeArea", 0, 1e6],
  BelowGradeFinishedArea: ["belowGradeArea", 0, 1e6],
  FrontageLengthNumeric: ["frontage", 0, 1e5],
} as const satisfies Record<string, readonly [keyof ListingFeatures, number, number]>;

/** The units that go with a figure, as the feed names them. */
export const FEATURE_UNITS = {
  AboveGradeFinishedAreaUnits: "aboveGradeAreaUnits",
  BelowGradeFinishedAreaUnits: "belowGradeAreaUnits",
  FrontageLengthNumericUnits: "frontageUnits",
} as const satisfies Record<string, keyof ListingFeatures>;

type FeatureFields = { -readonly [F in keyof typeof FEATURE_LISTS]?: string[] | null } & {
  -readonly [F in keyof typeof FEATURE_TEXTS | keyof typeof FEATURE_UNITS]?: string | null;
} & {
  -readonly [F in keyof typeof FEATURE_NUMBERS]?: number | null;
} & { FireplaceYN?: boolean | null };

/** The Property fields of a listing's facts and costs (each one CREA's description declares). */
export interface DdfPropertyFacts extends FeatureFields {
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
  Pick<
    Row,
    | "features"
    | "year_built"
    | "rooms"
    | "parking_total"
    | "lot_size_area"
    | "lot_size_units"
    | "heating"
    | "fee_includes"
    | "tax_annual_amount"
    | "tax_year"
    | "association_fee"
    | "association_fee_frequency"
  >
>;

/** A listing page shows at most this many rooms; a longer list is a board's data gone wrong. */
export const MAX_ROOMS = 60;

/** The facts and costs of `p` as columns of its row; `now` bounds the years. */
export function listingFactsOf(p: DdfPropertyFacts, now = new Date()): ListingFactsRow {
  const year = now.getUTCFullYear();
  const lotArea = numberIn(p.LotSizeArea, 0, 1e9, { above: true });
  const fee = numberIn(p.AssociationFee, 0, 100_000, { above: true });
  return {
    features: featuresOf(p),
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
      return type ? [{ type, level: textOf(room.RoomLevel, 40), dimensions: textOf(room.RoomDimensions, 40) ?? sidesOf(room) }] : [];
    })
    .slice(0, MAX_ROOMS);
}

/** "4.27 x 3.96 Meters" from RoomLength, RoomWidth and their units, when the board gave the sides but no RoomDimensions. */
function sidesOf(room: DdfRoom): string | null {
  const length = numberIn(room.RoomLength, 0, 1000, { above: true });
  const width = numberIn(room.RoomWidth, 0, 1000, { above: true });
  const units = textOf(room.RoomLengthWidthUnits, 20);
  return length !== null && width !== null && units ? `${length} x ${width} ${units}` : null;
}

/**
 * The descriptive lists, texts and figures of `p` (issue 45) as the `features` column holds them:
 * only what the feed gave, each cleaned as the columns are; a units text only beside its figure.
 */
export function featuresOf(p: DdfPropertyFacts): ListingFeatures {
  const features: ListingFeatures = {};
  const set = <K extends keyof ListingFeatures>(key: K, value: ListingFeatures[K] | null) => {
    if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) features[key] = value;
  };
  for (const [field, key] of Object.entries(FEATURE_LISTS)) set(key, textsOf(p[field as keyof typeof FEATURE_LISTS]));
  for (const [field, [key, max]] of Object.entries(FEATURE_TEXTS)) set(key, textOf(p[field as keyof typeof FEATURE_TEXTS], max));
  for (const [field, [key, min, max]] of Object.entries(FEATURE_NUMBERS))
    set(key, numberIn(p[field as keyof typeof FEATURE_NUMBERS], min, max, { above: min === 0 }));
  for (const [field, key] of Object.entries(FEATURE_UNITS)) {
    const figure = key.replace(/Units$/, "") as keyof ListingFeatures;
    if (features[figure] !== undefined) set(key, textOf(p[field as keyof typeof FEATURE_UNITS], 40));
  }
  if (typeof p.FireplaceYN === "boolean") features.fireplace = p.FireplaceYN;
  return features;
}
