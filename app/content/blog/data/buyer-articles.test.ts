import { describe, expect, it } from "vitest";
import { areas } from "~/content/areas";
import { allPages } from "~/content/pages";
import { landTitleFees } from "~/lib/fees";
import { formatCurrency, monthlyPayment } from "~/lib/mortgage";
import { minimumDownPayment } from "~/lib/mortgage-insurance";
import { buyerProcess, closingCosts, guideSteps } from "./complete-step-by-step-home-buyers-guide";
import { FTHB_TAX_CREDIT_AMOUNT, FTHB_TAX_CREDIT_VALUE, INSURED_GDS_LIMIT_PERCENT, qualifyingRate, TRADITIONAL_GDS_PERCENT } from "~/lib/mortgage-rules";
import { faq, highRatioPremiumRange, incomeTableAssumptions, incomeToMaxMortgage, mortgageTypes, resources } from "./quick-mortgage-guide-for-homebuyers";
import { finalTips, strategies, WIDEN_SEARCH_STRATEGY } from "./tips-and-tricks-to-buy-in-sellers-market";
import { mistakes } from "./top-10-mistakes-to-avoid-when-buying-a-home";

const routes = new Set(allPages.map((p) => p.path));

describe("top 10 mistakes data", () => {
  it("has ten cards, each with tips, unique anchors and links to real pages", () => {
    expect(mistakes).toHaveLength(10);
    expect(new Set(mistakes.map((m) => m.id)).size).toBe(10);
    for (const m of mistakes) {
      expect(m.tips.length).toBeGreaterThan(0);
      for (const l of m.links ?? []) expect(routes, l.to).toContain(l.to);
      for (const s of m.sources ?? []) expect(s.href).toMatch(/^https:\/\//);
    }
  });

  it("states the team's resolution of the programme figures", () => {
    const text = mistakes.flatMap((m) => m.tips).join(" ");
    expect(text).toContain("up to $60,000 per person");
    expect(text).toContain("raised from $35,000 in April 2024");
    expect(text).toContain("$8,000 a year, to a lifetime limit of $40,000");
    expect(text).toContain("a $10,000 credit amount on your tax return, worth up to $1,500");
    expect(FTHB_TAX_CREDIT_VALUE).toBe(FTHB_TAX_CREDIT_AMOUNT * 0.15);
  });
});

describe("step-by-step buyer guide data", () => {
  it("has the eight steps of the spec in order", () => {
    expect(guideSteps.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(buyerProcess[0]).toMatch(/pre-approved/);
    expect(buyerProcess.at(-1)).toMatch(/keys are released/);
  });

  it("quotes the buyer guide figures of spec §9 with the wider current ranges", () => {
    const cost = (category: string) => closingCosts.find((c) => c.category === category)?.cost;
    expect(cost("Home inspection")).toBe("About $400–$600 plus GST (current range $400–$700)");
    expect(cost("Condo document review")).toBe("$350–$500");
    expect(cost("Appraisal")).toBe("$300–$400 (current range $300–$500)");
    expect(cost("Lawyer")).toBe("$800–$1,500");
    expect(cost("Title insurance")).toBe("$200–$400 (current range $200–$500)");
    expect(cost("Property tax and utility adjustments")).toBe("$0–$1,000");
    expect(cost("Home insurance")).toBe("$100–$300 per month");
  });

  it("the land title example is the hidden-costs article's $450,000 case", () => {
    expect(landTitleFees({ price: 450_000, mortgage: 360_000 })).toEqual({ transfer: 500, mortgage: 410, total: 910 });
  });
});

describe("quick mortgage guide data", () => {
  it("has the four mortgage types, and the income table at the spec's incomes, computed from its stated assumptions", () => {
    expect(mortgageTypes.map((t) => t.title)).toEqual(["Variable rate", "Fixed rate", "Closed", "Open"]);
    expect(incomeToMaxMortgage.map((r) => r.income)).toEqual([60_000, 80_000, 100_000, 120_000]);
    for (const row of incomeToMaxMortgage) {
      // Each bound is the GDS limit spent exactly (rounded down to $5,000): one step more would exceed it.
      for (const [amount, gds] of [
        [row.traditional, TRADITIONAL_GDS_PERCENT],
        [row.insured, INSURED_GDS_LIMIT_PERCENT],
      ] as const) {
        const a = incomeTableAssumptions;
        const housing = (m: number) => monthlyPayment(m, a.qualifyingRatePercent, a.amortizationYears, "semi-annual")! + (m * a.propertyTaxPercent) / 100 / 12 + a.monthlyHeating;
        expect(housing(amount)).toBeLessThanOrEqual((row.income / 12) * (gds / 100));
        expect(housing(amount + 5_000)).toBeGreaterThan((row.income / 12) * (gds / 100));
      }
    }
    // The worked example's qualifying rate: 4 % plus the 2-point buffer.
    expect(incomeTableAssumptions.qualifyingRatePercent).toBe(6);
  });

  it("has eleven questions; the fifth links to the buyer guide; internal links are real pages", () => {
    expect(faq).toHaveLength(11);
    expect(faq[4]?.link?.to).toBe("/blog/complete-step-by-step-home-buyers-guide");
    for (const item of faq) if (item.link && !item.link.external) expect(routes).toContain(item.link.to);
  });

  it("computes the down payment example and premium range from the mortgage module", () => {
    expect(faq[0]?.answer).toContain(`that is ${formatCurrency(minimumDownPayment(600_000))}`);
    expect(minimumDownPayment(600_000)).toBe(35_000);
    expect(highRatioPremiumRange).toBe("2.8% to 4%");
    expect(qualifyingRate(4)).toBe(6);
    expect(qualifyingRate(3)).toBe(5.25);
  });

  it("resources: the five pages of the spec plus one external directory", () => {
    const internal = resources.filter((r) => !r.external).map((r) => r.href);
    expect(internal).toEqual(["/blog/complete-step-by-step-home-buyers-guide", "/mortgage-calculator", "/blog/essential-real-estate-contacts", "/instant-updates", "/search"]);
    for (const href of internal) expect(routes).toContain(href);
    const external = resources.filter((r) => r.external);
    expect(external).toHaveLength(1);
    expect(external[0]?.href).toMatch(/^https:\/\//);
  });
});

describe("seller's market tips data", () => {
  it("has ten strategies each with a pro tip, and five final tips", () => {
    expect(strategies).toHaveLength(10);
    for (const s of strategies) expect(s.proTip.length).toBeGreaterThan(20);
    expect(finalTips).toHaveLength(5);
    expect(strategies.some((s) => s.title === WIDEN_SEARCH_STRATEGY)).toBe(true);
    for (const s of strategies) for (const l of s.links ?? []) expect(routes).toContain(l.to);
  });

  it("quotes the spec's 10-14 days and 1-2 weeks", () => {
    const text = strategies.map((s) => `${s.content} ${s.proTip}`).join(" ");
    expect(text).toContain("more than 10 to 14 days");
    expect(text).toContain("after 1 to 2 weeks");
  });

  it("lists ten service-area cities, all with listing pages", () => {
    const cities = areas.filter((a) => a.kind === "city");
    expect(cities).toHaveLength(10);
    for (const c of cities) expect(routes).toContain(c.path);
  });
});
