import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { formatCurrency } from "~/lib/format";
import { DEFAULT_INPUTS, evaluateCalculator, type CalculatorInputs } from "~/lib/mortgage-inputs";
import { CalculatorExplainer } from "./calculator-explainer";
import { GstRebateCalculator, GstRebateTable } from "./gst-rebate-calculator";
import { LandTitleFeeCalculator, LandTitleFeeTable } from "./land-title-fee-calculator";
import { ESTIMATE_NOTE, MortgageCalculator } from "./mortgage-calculator";
import { WITH_PREMIUM, WITHOUT_INSURANCE, payoffText } from "./mortgage-result-details";

/** Table rows as arrays of cell texts (th and td), from server-rendered HTML. */
function rows(html: string): string[][] {
  const body = html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>"));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "")),
  );
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
    expect(rows(renderToString(<LandTitleFeeTable prices={[500_000]} mortgageShare={0.95} />))).toEqual([
      ["$500,000", "$475,000", "$550", "$525", "$1,075"],
    ]);
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

/** Visible text of server-rendered HTML, tags dropped and entities that matter here decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The rows of the table with the given test id, as arrays of cell texts. */
function tableRows(html: string, testId: string): string[][] {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return [];
  const table = html.slice(start, html.indexOf("</table>", start));
  const body = table.slice(table.search(/<tbody[^>]*>/));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => textOf(c[1]!).trim()),
  );
}

const renderCalculator = (inputs: CalculatorInputs) =>
  renderToString(
    <MemoryRouter>
      <MortgageCalculator initialInputs={inputs} />
    </MemoryRouter>,
  );

describe("MortgageCalculator: the headline, the totals and the explanation agree", () => {
  const cents = (value: number | null | undefined) => formatCurrency(value, { cents: true });

  it("under 20 % down: the headline is labelled without insurance, and the totals are shown for both cases", () => {
    const inputs = { ...DEFAULT_INPUTS, down: "25000", years: 25 as const };
    const r = evaluateCalculator(inputs).result!;
    const html = renderCalculator(inputs);
    const text = textOf(html);
    expect(text).toContain(`Monthly payment ${WITHOUT_INSURANCE.toLowerCase()}${formatCurrency(r.monthlyPayment)}`);
    expect(text).toContain(
      `${formatCurrency(r.monthlyWithPremium)} a month with the ${formatCurrency(r.insurance.premium)} mortgage insurance premium added to the loan`,
    );
    expect(text).toContain(`${WITHOUT_INSURANCE} (the payment above)`);
    expect(text).toContain(WITH_PREMIUM);
    expect(tableRows(html, "insurance-comparison")).toEqual([
      ["Amount borrowed", cents(r.loan), cents(r.mortgageAmount)],
      ["Monthly payment, to the cent", cents(r.monthlyPayment), cents(r.monthlyWithPremium)],
      ["Total interest", cents(r.schedule!.totalInterest), cents(r.scheduleWithPremium!.totalInterest)],
      ["Total of all payments", cents(r.schedule!.totalPaid), cents(r.scheduleWithPremium!.totalPaid)],
      ["Paid off in", payoffText(r.schedule!.payoffYears), payoffText(r.scheduleWithPremium!.payoffYears)],
    ]);
    // The balance over time is the headline's case, and says so.
    expect(text).toContain(
      `${WITHOUT_INSURANCE}, like the payment above: ${cents(r.schedule!.payment)} monthly on ${formatCurrency(r.loan)} at`,
    );
    expect(text).not.toContain(formatCurrency(r.mortgageAmount) + " at");
  });

  it("shows the chosen frequency's payment for both cases", () => {
    const inputs: CalculatorInputs = { ...DEFAULT_INPUTS, down: "25000", years: 25, frequency: "accelerated-bi-weekly" };
    const r = evaluateCalculator(inputs).result!;
    expect(tableRows(renderCalculator(inputs), "insurance-comparison")).toContainEqual([
      "Accelerated bi-weekly payment (26 a year)",
      cents(r.payment),
      cents(r.paymentWithPremium),
    ]);
  });

  it("with 20 % down: one case, no comparison, the totals are those of the headline's loan", () => {
    const r = evaluateCalculator(DEFAULT_INPUTS).result!;
    const html = renderCalculator(DEFAULT_INPUTS);
    const text = textOf(html);
    expect(html).not.toContain("insurance-comparison");
    expect(html).not.toContain(WITHOUT_INSURANCE);
    expect(text).toContain(`Monthly payment${formatCurrency(r.monthlyPayment)}`);
    expect(text).toContain(`Total interest${cents(r.schedule!.totalInterest)}`);
    expect(text).toContain(`Total of all payments${cents(r.schedule!.totalPaid)}`);
    expect(text).toContain(`${cents(r.schedule!.payment)} monthly on ${formatCurrency(r.loan)} at`);
  });
});

describe("CalculatorExplainer", () => {
  const text = textOf(renderToString(<CalculatorExplainer />));

  it("says the payment is on the price less the down payment, without insurance, as the calculator computes it", () => {
    expect(text).toContain("How this estimate works");
    expect(text).toContain("The monthly payment is the standard amortized payment on the price less your down payment");
    expect(text).toContain("without mortgage insurance");
    expect(text).not.toContain("plus any mortgage insurance");
    expect(text).toContain(`“${WITH_PREMIUM}” and “${WITHOUT_INSURANCE}”`);
  });

  it("works its example with the calculator", () => {
    const r = evaluateCalculator({ ...DEFAULT_INPUTS, down: "25000", years: 25 }).result!;
    expect(text).toContain(
      `${formatCurrency(r.monthlyPayment)} a month on the ${formatCurrency(r.loan)} loan without insurance, or ${formatCurrency(r.monthlyWithPremium)} a month on ${formatCurrency(r.mortgageAmount)} with the ${formatCurrency(r.insurance.premium)} premium added.`,
    );
  });
});
