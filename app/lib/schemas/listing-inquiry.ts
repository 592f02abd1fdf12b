/**
 * "Ask about this home" (issue 28): the contact form's fields and checks, plus the buyer's figures
 * from the page's monthly-cost panel in hidden fields. The figures are a courtesy to the agent,
 * never a reason to lose the message: absent, partial or out of range, they are dropped, not
 * refused and not shown as a field error.
 */
import * as z from "zod/mini";
import { type BuyerFigures, FIGURE_BOUNDS, FIGURE_FIELDS } from "../buyer-figures";
import { CONTACT_FIELDS, type ContactInput, contactSchema } from "./contact";

export const LISTING_INQUIRY_FIELDS = [...CONTACT_FIELDS, ...FIGURE_FIELDS] as const;

/** Plain decimals as the form writes them ("25000", "5.4"): no exponent, sign, comma or hex that Number() would also read. */
const DECIMAL = /^\d{1,9}(?:\.\d{1,6})?$/;

const figure = (bounds: readonly [number, number], { integer = false } = {}) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(DECIMAL)), z.transform(Number)),
    (integer ? z.int() : z.number()).check(z.gte(bounds[0]), z.lte(bounds[1])),
  );

const flag = z.pipe(
  z.enum(["1", "0"]),
  z.transform((v): boolean => v === "1"),
);

const figuresSchema = z.pipe(
  z.object({
    "figures.down": figure(FIGURE_BOUNDS.down),
    "figures.rate": figure(FIGURE_BOUNDS.rate),
    "figures.years": figure(FIGURE_BOUNDS.amortizationYears, { integer: true }),
    "figures.total": figure(FIGURE_BOUNDS.monthlyTotal),
    "figures.tax": flag,
    "figures.fee": flag,
  }),
  z.transform((f): BuyerFigures => ({
    down: f["figures.down"],
    rate: f["figures.rate"],
    amortizationYears: f["figures.years"],
    monthlyTotal: f["figures.total"],
    includesTax: f["figures.tax"],
    includesCondoFee: f["figures.fee"],
  })),
);

/** The figures of a submitted form's fields, or undefined when they are absent or not figures. */
export function readBuyerFigures(fields: Readonly<Record<string, unknown>>): BuyerFigures | undefined {
  const parsed = figuresSchema.safeParse(fields);
  return parsed.success ? parsed.data : undefined;
}

export type ListingInquiryInput = ContactInput & { figures?: BuyerFigures };

/**
 * The contact schema's checks and messages unchanged (the field errors are the contact form's);
 * the figures read beside them. Takes the fields as `publicForm` reads them: every name present,
 * "" when not sent.
 */
export const listingInquirySchema = z.pipe(
  z.looseObject(contactSchema.def.shape),
  z.transform((fields): ListingInquiryInput => {
    const { name, email, phone, message } = fields;
    const figures = readBuyerFigures(fields);
    return { name, email, phone, message, ...(figures ? { figures } : {}) };
  }),
);
