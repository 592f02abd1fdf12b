/**
 * The computable figures of spec/blog.md §9 against the modules that compute them for the
 * calculators and the articles (app/lib/fees.ts, gst-rebate.ts, mortgage.ts). Where the spec's
 * recorded figure disagrees with the rule it states, the rule wins and the test says so.
 */
import { describe, expect, it } from "vitest";
import { landTitleFees, landTitleTransferFee, mortgageRegistrationFee } from "~/lib/fees";
import { GST_RATE_PERCENT, GST_REBATE_MAX, gstRebate } from "~/lib/gst-rebate";
import { minimumDownPayment } from "~/lib/mortgage-insurance";
import {
  EDMONTON_PROPERTY_TAX_AS_OF,
  FHSA_ANNUAL_LIMIT,
  FHSA_LIFETIME_LIMIT,
  FTHB_TAX_CREDIT_AMOUNT,
  FTHB_TAX_CREDIT_VALUE,
  HBP_LIMIT,
  INSURED_GDS_LIMIT_PERCENT,
  INSURED_TDS_LIMIT_PERCENT,
  isOfficialSourceUrl,
  ruleSources,
  TRADITIONAL_GDS_PERCENT,
  TRADITIONAL_TDS_PERCENT,
} from "~/lib/mortgage-rules";
import { THIRTY_YEAR_INSURED_RULE } from "~/lib/insured-amortization-rule";

describe("GST rebate article (§9)", () => {
  it("rebates 5%, at most $50,000", () => {
    expect(GST_RATE_PERCENT).toBe(5);
    expect(GST_REBATE_MAX).toBe(50_000);
    expect(gstRebate(1_000_000)).toBe(50_000);
  });

  it.each([
    [600_000, 30_000],
    [800_000, 40_000],
    [1_000_000, 50_000],
    [1_250_000, 25_000],
    [1_500_000, 0],
  ])("a new home at $%i gets $%i", (price, rebate) => {
    expect(gstRebate(price)).toBe(rebate);
  });
});

describe("hidden costs article: Alberta land title fees (§9)", () => {
  it("charges $50 plus $5 per $5,000 or portion", () => {
    expect(landTitleTransferFee(5_000)).toBe(55);
    expect(landTitleTransferFee(5_001)).toBe(60);
    expect(landTitleTransferFee(450_000)).toBe(500);
    expect(mortgageRegistrationFee(360_000)).toBe(410);
  });

  // Examples with an 80% mortgage. The spec records $1,185 for the $600,000 home; the rule it
  // states gives (50 + 5·120) + (50 + 5·96) = 650 + 530 = $1,180, which the article must show.
  it.each([
    [300_000, 350, 290, 640],
    [450_000, 500, 410, 910],
    [600_000, 650, 530, 1_180],
    [800_000, 850, 690, 1_540],
  ])("a $%i home with an 80%% mortgage: transfer $%i + mortgage $%i = $%i", (price, transfer, mortgage, total) => {
    expect(landTitleFees({ price, mortgage: price * 0.8 })).toEqual({ transfer, mortgage, total });
  });

  it("gives $910 of title fees in the worked $450,000 example", () => {
    expect(landTitleFees({ price: 450_000, mortgage: 360_000 }).total).toBe(910);
  });
});

describe("mortgage guide (§9)", () => {
  it("needs at least 5% down on a home under $500,000", () => {
    expect(minimumDownPayment(400_000)).toBe(20_000);
  });

  it("states the debt-service ratios: the traditional targets and the insured limits", () => {
    expect(TRADITIONAL_GDS_PERCENT).toBe(32);
    expect(TRADITIONAL_TDS_PERCENT).toEqual({ low: 40, high: 44 });
    expect([INSURED_GDS_LIMIT_PERCENT, INSURED_TDS_LIMIT_PERCENT]).toEqual([39, 44]);
  });
});

describe("figures that differ between articles, as resolved once (§9)", () => {
  it("states the first-time buyers' tax credit as a $10,000 amount worth $1,500 at the 15% federal rate", () => {
    expect(FTHB_TAX_CREDIT_AMOUNT).toBe(10_000);
    expect(FTHB_TAX_CREDIT_VALUE).toBe(FTHB_TAX_CREDIT_AMOUNT * 0.15);
  });

  it("uses the current Home Buyers' Plan limit and the FHSA limits", () => {
    expect(HBP_LIMIT).toBe(60_000);
    expect(FHSA_LIFETIME_LIMIT).toBe(40_000);
    expect(FHSA_LIFETIME_LIMIT / FHSA_ANNUAL_LIMIT).toBe(5);
  });
});

describe("the official sources of the rule-based figures", () => {
  it("are https pages of a government site, each with a name and a valid as-of date", () => {
    for (const [key, source] of Object.entries(ruleSources)) {
      expect(isOfficialSourceUrl(source.url), `${key}: ${source.url}`).toBe(true);
      expect(source.name.length, key).toBeGreaterThan(3);
      expect(source.asOf, key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${source.asOf}T00:00:00Z`).toISOString().slice(0, 10), key).toBe(source.asOf);
      expect(source.asOf >= "2024-01-01", key).toBe(true);
    }
  });

  it("take the dates the rules already carry, so there is one date per figure", () => {
    expect(ruleSources.edmontonPropertyTax.asOf).toBe(EDMONTON_PROPERTY_TAX_AS_OF);
    expect(ruleSources.thirtyYearAmortization).toMatchObject({
      url: THIRTY_YEAR_INSURED_RULE.source.url,
      asOf: THIRTY_YEAR_INSURED_RULE.asOf,
    });
  });

  it("accept only government domains", () => {
    expect(isOfficialSourceUrl("https://www.canada.ca/en/revenue-agency.html")).toBe(true);
    expect(isOfficialSourceUrl("https://www.cmhc-schl.gc.ca/")).toBe(true);
    expect(isOfficialSourceUrl("https://laws-lois.justice.gc.ca/eng/acts/E-15/")).toBe(true);
    expect(isOfficialSourceUrl("https://www.alberta.ca/")).toBe(true);
    expect(isOfficialSourceUrl("http://www.canada.ca/")).toBe(false);
    expect(isOfficialSourceUrl("https://www.reca.ca/")).toBe(false);
    expect(isOfficialSourceUrl("https://notcanada.ca/")).toBe(false);
    expect(isOfficialSourceUrl("not a url")).toBe(false);
  });
});
