import { describe, expect, it } from "vitest";
import { publicForm } from "./fields";
import { LISTING_INQUIRY_FIELDS, listingInquirySchema } from "./listing-inquiry";

/** The schema as readForm runs it on a posted form's fields. */
const parse = (fields: Record<string, string>) => publicForm(LISTING_INQUIRY_FIELDS, listingInquirySchema).safeParse(fields);
const CONTACT = { name: " Ann ", email: "ann@example.com", phone: "", message: "Is it still available?" };
const FIGURES = {
  "figures.down": "25000",
  "figures.rate": "5.4",
  "figures.years": "25",
  "figures.total": "3050",
  "figures.tax": "1",
  "figures.fee": "0",
};

describe("the listing inquiry schema", () => {
  it("reads the contact fields as the contact form does, and the figures beside them", () => {
    expect(parse({ ...CONTACT, ...FIGURES })).toEqual({
      success: true,
      data: {
        name: "Ann",
        email: "ann@example.com",
        phone: "",
        message: "Is it still available?",
        figures: { down: 25_000, rate: 5.4, amortizationYears: 25, monthlyTotal: 3050, includesTax: true, includesCondoFee: false },
      },
    });
  });
  it("sends the message without figures when they are absent or junk, never blocking it", () => {
    expect(parse(CONTACT)).toEqual({
      success: true,
      data: { name: "Ann", email: "ann@example.com", phone: "", message: "Is it still available?" },
    });
    expect(parse({ ...CONTACT, ...FIGURES, "figures.rate": "99" })).toEqual({
      success: true,
      data: { name: "Ann", email: "ann@example.com", phone: "", message: "Is it still available?" },
    });
    expect(parse({ ...CONTACT, ...FIGURES, "figures.down": "x".repeat(10_000) }).success).toBe(true);
  });
  it("keeps the contact form's field messages, none for the figures", () => {
    const parsed = parse({ ...CONTACT, name: " ", email: "nope", ...FIGURES, "figures.years": "-1" });
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(parsed.error.issues.map((i) => [i.path[0], i.message])).toEqual([
        ["name", "Please enter your full name."],
        ["email", "Please enter a valid email address."],
      ]);
  });
});
