/**
 * The City of Edmonton datasets the site reads, each with the API fields it asks for and how a row
 * of them is read. Socrata's JSON gives every value as a string and leaves a null value's key out
 * altogether, so each field is parsed explicitly and an absent one is null. The field names are
 * those of the City's published columns as kept in tests/fixtures/city/columns/ (a test checks),
 * which is not what the portal titles them: "Assessment Class 1" is `mill_class_1` in the API.
 */
import { z } from "zod";

/** Text, trimmed; absent or blank is null. */
const text = z
  .string()
  .optional()
  .transform((s) => {
    const t = s?.trim();
    return t ? t : null;
  });

/** A whole number written as a string ("1477850", "2013"). */
const integer = z
  .string()
  .trim()
  .regex(/^-?\d+$/, "not a whole number")
  .transform(Number);

/** A decimal written as a string ("681.1240", "-113.57936"). */
const decimal = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/, "not a number")
  .transform(Number);

/** Dollars: "269500" as the API gives them, or "$269,500.00" as the portal's exports write them. */
const dollars = z
  .string()
  .transform((s) => s.replace(/[$,\s]/g, ""))
  .pipe(z.string().regex(/^\d+(\.\d+)?$/, "not an amount"))
  .transform((s) => Math.round(Number(s)));

/** The garage flag: "Y"/"N" in the roll, "true"/"false" in the property information. */
const flag = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(["y", "n", "true", "false"]))
  .transform((s) => s === "y" || s === "true");

const optional = <T extends z.ZodType>(schema: T) => schema.optional().transform((v) => (v === undefined ? null : v) as z.output<T> | null);

/** A dataset as the client reads it: its id, the fields it asks for, a unique stable order, and a row's reading. */
export interface SodaDataset<Row> {
  id: string;
  fields: readonly string[];
  /** Fields whose values together are unique, so that offset paging never skips or repeats a row. */
  order: readonly string[];
  row: z.ZodType<Row, unknown>;
}

function dataset<Shape extends z.ZodRawShape, Row>(
  id: string,
  shape: Shape,
  order: readonly (keyof Shape & string)[],
  read: (raw: z.output<z.ZodObject<Shape>>) => Row,
): SodaDataset<Row> {
  return { id, fields: Object.keys(shape), order, row: z.object(shape).transform(read) as unknown as z.ZodType<Row, unknown> };
}

/** The classes a property is assessed in, with the share of each (up to three). */
export interface AssessmentClass {
  name: string;
  percent: number | null;
}

function classes(pairs: [string | null, number | null][]): AssessmentClass[] {
  return pairs.filter((p): p is [string, number | null] => p[0] !== null).map(([name, percent]) => ({ name, percent }));
}

export interface RollRow {
  accountNumber: string;
  suite: string | null;
  houseNumber: string | null;
  streetName: string | null;
  garage: boolean | null;
  neighbourhoodId: number | null;
  neighbourhood: string | null;
  ward: string | null;
  assessedValue: number;
  taxClass: string | null;
  latitude: number | null;
  longitude: number | null;
  classes: AssessmentClass[];
}

const accountNumber = z.string().trim().regex(/^\d+$/, "not an account number");

/** Property Assessment Data (Current Calendar Year): one row per account. */
export const ROLL = dataset(
  "q7d6-ambg",
  {
    account_number: accountNumber,
    suite: text,
    house_number: text,
    street_name: text,
    garage: optional(flag),
    neighbourhood_id: optional(integer),
    neighbourhood: text,
    ward: text,
    assessed_value: dollars,
    tax_class: text,
    latitude: optional(decimal),
    longitude: optional(decimal),
    mill_class_1: text,
    tax_class_pct_1: optional(decimal),
    mill_class_2: text,
    tax_class_pct_2: optional(decimal),
    mill_class_3: text,
    tax_class_pct_3: optional(decimal),
  },
  ["account_number"],
  (r): RollRow => ({
    accountNumber: r.account_number,
    suite: r.suite,
    houseNumber: r.house_number,
    streetName: r.street_name,
    garage: r.garage,
    neighbourhoodId: r.neighbourhood_id,
    neighbourhood: r.neighbourhood,
    ward: r.ward,
    assessedValue: r.assessed_value,
    taxClass: r.tax_class,
    latitude: r.latitude,
    longitude: r.longitude,
    classes: classes([
      [r.mill_class_1, r.tax_class_pct_1],
      [r.mill_class_2, r.tax_class_pct_2],
      [r.mill_class_3, r.tax_class_pct_3],
    ]),
  }),
);

export interface PropertyInfoRow {
  accountNumber: string;
  legalDescription: string | null;
  zoning: string | null;
  /** Square metres. */
  lotSize: number | null;
  /** Square metres. */
  totalGrossArea: number | null;
  yearBuilt: number | null;
}

/** Property Information (Current Calendar Year): lot, zoning, year built by account. */
export const PROPERTY_INFO = dataset(
  "dkk9-cj3x",
  {
    account_number: accountNumber,
    legal_description: text,
    zoning: text,
    lot_size: optional(decimal),
    total_gross_area: optional(decimal),
    year_built: optional(integer),
  },
  ["account_number"],
  (r): PropertyInfoRow => ({
    accountNumber: r.account_number,
    legalDescription: r.legal_description,
    zoning: r.zoning,
    lotSize: r.lot_size,
    totalGrossArea: r.total_gross_area,
    yearBuilt: r.year_built,
  }),
);

export interface HistoryRow {
  accountNumber: string;
  assessmentYear: number;
  assessedValue: number;
}

/** Property Assessment Data (Historical): an account's value for each year, read per account only. */
export const HISTORY = dataset(
  "qi6a-xuwt",
  {
    account_number: accountNumber,
    assessment_year: integer,
    assessed_value: dollars,
  },
  ["account_number", "assessment_year"],
  (r): HistoryRow => ({ accountNumber: r.account_number, assessmentYear: r.assessment_year, assessedValue: r.assessed_value }),
);

/** A [longitude, latitude] pair. */
export type LonLat = [number, number];
/** GeoJSON MultiPolygon coordinates: polygons, each an outer ring then its holes. */
export type MultiPolygon = LonLat[][][];

const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number());
const ring = z
  .array(lonLat)
  .min(4, "a ring of fewer than four points")
  .transform((points) => points.map((p): LonLat => [p[0], p[1]]));

/**
 * The boundary as the SODA JSON endpoint gives a multipolygon column: a GeoJSON object (the one
 * kind of value that is not a string). A plain Polygon is read as a one-polygon MultiPolygon.
 */
const multipolygon = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("MultiPolygon"), coordinates: z.array(z.array(ring).min(1)).min(1) }),
    z.object({ type: z.literal("Polygon"), coordinates: z.array(ring).min(1) }),
  ])
  .transform((g): MultiPolygon => (g.type === "Polygon" ? [g.coordinates] : g.coordinates));

export interface BoundaryRow {
  /** The roll's neighbourhood_id. */
  neighbourhoodNumber: number;
  /** Upper case, as the roll writes its neighbourhood. */
  name: string;
  descriptiveName: string | null;
  polygons: MultiPolygon;
}

/** City of Edmonton - Neighbourhoods: one boundary per neighbourhood (about 400), keyed as the roll's neighbourhood_id. */
export const BOUNDARIES = dataset(
  "65fr-66s6",
  {
    neighbourhood_number: integer,
    name: z.string().trim().min(1),
    descriptive_name: text,
    geometry_multipolygon: multipolygon,
  },
  ["neighbourhood_number"],
  (r): BoundaryRow => ({
    neighbourhoodNumber: r.neighbourhood_number,
    name: r.name,
    descriptiveName: r.descriptive_name,
    polygons: r.geometry_multipolygon,
  }),
);

export const DATASETS = [ROLL, PROPERTY_INFO, HISTORY, BOUNDARIES] as const;

/**
 * A grouped query (SoQL's `$group`): rows of `group` fields with `aggregates` (alias to a function
 * of one field) over the rows `where` keeps. `fields` are all the published fields it names.
 */
export interface SodaGrouping<Row> {
  id: string;
  fields: readonly string[];
  group: readonly string[];
  aggregates: Readonly<Record<string, { fn: "count" | "sum"; field: string }>>;
  row: z.ZodType<Row, unknown>;
}

export interface YearTotalsRow {
  neighbourhood: string;
  year: number;
  /** Residential accounts that year. */
  accounts: number;
  /** Their assessed values added up, dollars. */
  total: number;
}

/**
 * The history's yearly totals by neighbourhood (qi6a-xuwt, `$group`): a few hundred rows for a
 * year, where the rows themselves are hundreds of thousands. Residential accounts only (the
 * history has no tax class; its first assessment class is the same thing in other words).
 */
export const HISTORY_TOTALS: SodaGrouping<YearTotalsRow> = {
  id: "qi6a-xuwt",
  fields: ["neighbourhood_name", "assessment_year", "mill_class_1", "account_number", "assessed_value"],
  group: ["neighbourhood_name", "assessment_year"],
  aggregates: { accounts: { fn: "count", field: "account_number" }, total: { fn: "sum", field: "assessed_value" } },
  row: z
    .object({ neighbourhood_name: z.string().trim().min(1), assessment_year: integer, accounts: integer, total: dollars })
    .transform((r) => ({ neighbourhood: r.neighbourhood_name, year: r.assessment_year, accounts: r.accounts, total: r.total })),
};
