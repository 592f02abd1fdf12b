import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_INPUTS } from "~/lib/mortgage-inputs";
import { GstRebateCalculator, GstRebateTable } from "./gst-rebate-calculator";
import { LandTitleFeeCalculator, LandTitleFeeTable } from "./land-title-fee-calculator";
import { ESTIMATE_NOTE, MortgageCalculator } from "./mortgage-calculator";

/** Table rows as arrays of cell texts (th and td), from server-rendered HTML. */
function rows(html: string): string[][] {
  const body = html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>"));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "")));
}

describe("LandTitleFeeTable", () => {
  it("computes the hidden-costs examples from the fee rule (the article's $1,185 is $1,180 by the rule)", () => {
    const html = renderToString(<LandTitleFeeTable />);
    expect(rows(html)).toEqual([
      ["$300,000", "$240,000", "$350", "$290", "$640"],
      ["$450,000", "$360,000", "$500", "$410", "$910"],
      ["$600,000", "$480,000", "$650", "$530", "$1,180"],
      ["$800,000", "$640,000", "$850", "$690", "$1,540"],
    ]);
    expect(html).toContain("mortgage at 80% of the price");
  });

  it("takes other prices and mortgage shares", () => {
    expect(rows(renderToString(<LandTitleFeeTable prices={[500_000]} mortgageShare={0.95} />))).toEqual([["$500,000", "$475,000", "$550", "$525", "$1,075"]]);
  });

  it("refuses a share given as a percent", () => {
    expect(() => renderToString(<LandTitleFeeTable mortgageShare={80} />)).toThrow(RangeError);
  });
});

describe("GstRebateTable", () => {
  it("lists GST, rebate and what is left to pay", () => {
    expect(rows(renderToString(<GstRebateTable />))).toEqual([
      ["$600,000", "$30,000", "$30,000", "$0"],
      ["$800,000", "$40,000", "$40,000", "$0"],
      ["$1,000,000", "$50,000", "$50,000", "$0"],
      ["$1,250,000", "$62,500", "$25,000", "$37,500"],
      ["$1,500,000", "$75,000", "$0", "$75,000"],
    ]);
  });
});

describe("small calculators render their first result on the server", () => {
  it("land title fees for $450,000 with 80 %: $910", () => {
    const html = renderToString(<LandTitleFeeCalculator />);
    expect(html).toContain("$500");
    expect(html).toContain("$410");
    expect(html).toContain("$910");
    expect(html).toContain('aria-live="polite"');
  });

  it("GST rebate on $1,250,000: $25,000, with the phase-out explained", () => {
    const html = renderToString(<GstRebateCalculator initialPrice={1_250_000} />);
    expect(html).toContain("$25,000");
    expect(html).toMatch(/shrinks in a straight line/);
  });
});

describe("MortgageCalculator on the server", () => {
  it("renders the default result, the note and a GET form", () => {
    const html = renderToString(
      <MemoryRouter>
        <MortgageCalculator initialInputs={DEFAULT_INPUTS} />
      </MemoryRouter>,
    );
    expect(html).toContain("$2,528");
    expect(html).toContain(ESTIMATE_NOTE);
    expect(html).toMatch(/<form[^>]*method="get"/);
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it("renders a hint and no payment for a down payment at the price", () => {
    const html = renderToString(
      <MemoryRouter>
        <MortgageCalculator initialInputs={{ ...DEFAULT_INPUTS, down: "500000" }} />
      </MemoryRouter>,
    );
    expect(html).not.toContain('data-testid="monthly-payment"');
    expect(html).toContain("The down payment must be less than the home price.");
  });
});
