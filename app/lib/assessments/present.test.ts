import { describe, expect, it } from "vitest";
import { askingAgainstAssessment, assessmentLine, chartGeometry, neighbourhoodName, valuationDate } from "./present";

describe("the assessment in words", () => {
  it("dates the value to July 1 of the year before the roll", () => {
    expect(valuationDate(2026)).toBe("July 1, 2025");
    expect(assessmentLine(412_000, 2026)).toBe("City of Edmonton assessment: $412,000 (2026 roll, market value as of July 1, 2025)");
  });

  it("compares the asking price with the assessment", () => {
    expect(askingAgainstAssessment(530_000, 500_000)).toBe("asking 6 % above its assessment");
    expect(askingAgainstAssessment(450_000, 500_000)).toBe("asking 10 % below its assessment");
    expect(askingAgainstAssessment(501_000, 500_000)).toBe("asking about its assessment");
    expect(askingAgainstAssessment(null, 500_000)).toBeNull();
    expect(askingAgainstAssessment(500_000, 0)).toBeNull();
  });

  it("writes the roll's upper-case names as people do", () => {
    expect(neighbourhoodName("ASPEN GARDENS")).toBe("Aspen Gardens");
    expect(neighbourhoodName("MCKERNAN")).toBe("McKernan");
    expect(neighbourhoodName("TERWILLEGAR TOWNE")).toBe("Terwillegar Towne");
  });
});

describe("the chart's geometry", () => {
  it("spans the years left to right and the values bottom to top", () => {
    const g = chartGeometry([
      { year: 2020, value: 300_000 },
      { year: 2021, value: 350_000 },
      { year: 2022, value: 325_000 },
    ])!;
    expect(g.dots[0]!.x).toBeLessThan(g.dots[2]!.x);
    expect(g.dots[1]!.y).toBeLessThan(g.dots[0]!.y);
    expect(g.ticks.map((t) => t.label)).toEqual(["$350,000", "$300,000"]);
    expect(g.years.map((y) => y.label)).toEqual(["2020", "2022"]);
    expect(chartGeometry([{ year: 2020, value: 1 }])).toBeNull();
  });
});
