/**
 * The figures spec/blog.md §9 states for the GST and hidden-costs articles, checked against the
 * modules the articles render them from. Where the spec's number disagrees with the rule, the
 * rule wins and the test records the spec's number beside it.
 */
import { describe, expect, it } from "vitest";
import { landTitleFees, landTitleTransferFee, mortgageRegistrationFee } from "~/lib/fees";
import { GST_REBATE_MAX, gstRebate } from "~/lib/gst-rebate";
import { monthlyPayment } from "~/lib/mortgage";
import { EXAMPLE_PURCHASE_YEAR, LOOKBACK_PRIOR_YEARS, eligibility, homeTypes, restrictions, timeline } from "./new-gst-rebate-for-home-buyers";
import { closingCostCategories, professionalFees, tips } from "./hidden-costs-buying-home-alberta";
import { marketingCards, reporting } from "./marketing-strategy-for-home-sellers";

describe("GST rebate article figures", () => {
  it("matches the spec's rebate figures", () => {
    expect(GST_REBATE_MAX).toBe(50_000);
    expect(gstRebate(600_000)).toBe(30_000);
    expect(gstRebate(800_000)).toBe(40_000);
    expect(gstRebate(1_000_000)).toBe(50_000);
    expect(gstRebate(1_250_000)).toBe(25_000);
    expect(gstRebate(1_500_000)).toBe(0);
  });

  it("states the lookback as the purchase year plus four prior years and the three key dates", () => {
    expect(EXAMPLE_PURCHASE_YEAR).toBe(2025);
    expect(LOOKBACK_PRIOR_YEARS).toBe(4);
    expect(timeline.map((t) => t.date)).toEqual(["May 27, 2025", "Before 2031", "Before 2036"]);
    expect(timeline[0]?.iso).toBe("2025-05-27");
    expect(eligibility.length).toBeGreaterThan(3);
    expect(homeTypes.map((h) => h.title)).toContain("Owner-built homes");
    expect(restrictions.length).toBeGreaterThan(3);
  });
});

describe("hidden-costs article figures", () => {
  it("computes the spec's land title examples with an 80% mortgage", () => {
    const total = (price: number) => landTitleFees({ price, mortgage: price * 0.8 }).total;
    expect(total(300_000)).toBe(640);
    expect(total(450_000)).toBe(910);
    expect(total(800_000)).toBe(1_540);
    // The spec records $1,185 for $600,000; the rule gives $650 + $530 = $1,180, and the article shows the rule.
    expect(landTitleTransferFee(600_000)).toBe(650);
    expect(mortgageRegistrationFee(480_000)).toBe(530);
    expect(total(600_000)).toBe(1_180);
  });

  it("computes the worked $450,000 example's fees and payment", () => {
    expect(landTitleFees({ price: 450_000, mortgage: 360_000 })).toEqual({ transfer: 500, mortgage: 410, total: 910 });
    const payment = monthlyPayment(360_000, 4, 25, "semi-annual");
    expect(payment).not.toBeNull();
    expect(payment!).toBeGreaterThan(1_800);
    expect(payment!).toBeLessThan(2_000);
  });

  it("quotes the team's current ranges for professional fees", () => {
    const cost = (category: string) => professionalFees.find((f) => f.category === category)?.cost;
    expect(cost("Real estate lawyer")).toBe("$1,000 to $2,000");
    expect(cost("Home inspection")).toBe("$400 to $700");
    expect(cost("Appraisal")).toBe("$300 to $500");
    expect(cost("Title insurance")).toBe("$200 to $500");
    expect(closingCostCategories.every((c) => c.category && c.cost && c.description)).toBe(true);
    expect(tips.every((t) => t.tip && t.description)).toBe(true);
  });
});

describe("seller marketing article content", () => {
  it("has the four cards and three reports the spec names", () => {
    expect(marketingCards.map((c) => c.title)).toEqual(["Pre-listing preparation", "Online marketing exposure", "Social media marketing", "Buyer lead follow-up"]);
    expect(marketingCards.every((c) => c.points.length >= 3)).toBe(true);
    expect(reporting.map((r) => r.title)).toEqual(["Weekly seller updates", "Ad performance reports", "Showing feedback"]);
  });
});
