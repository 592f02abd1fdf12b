/**
 * The listing page's monthly-cost panel as data (issue 28): its `?down=&rate=&years=` read and
 * validated as the calculator validates its own, the figures of listing-costs.ts, the link to
 * the full calculator and the figures "Ask about this home" sends. The loader makes the first;
 * the page loads this module when the buyer edits the form and recomputes in the browser.
 */
import type { OfficialSource } from "~/lib/mortgage-rules";
import { type BuyerFigures, type SentFigures, sentFiguresOf } from "./buyer-figures";
import { formatCurrency, formatPercent } from "./format";
import { LISTING_COST_RULES as RULES } from "./listing-cost-rules";
import { listingMonthlyCosts, type ListingMonthlyCosts, type DownPaymentCase } from "./listing-costs";
import type { ListingCostInputs } from "./listing-types";
import { CALCULATOR_DEFAULTS, LOAN_TERMS, MAX_RATE_PERCENT } from "./mortgage";
import { minimumDownPayment } from "./mortgage-insurance";
import { FIELD } from "./mortgage-inputs";
import { parseNumber } from "./parse-number";

export interface CostParams {
  down?: number;
  rate?: number;
  amortizationYears?: number;
  /** The calculator's two questions (its `ftb` and `new` boxes): either one opens 30 years to an insured mortgage. */
  firstTimeBuyer: boolean;
  newBuild: boolean;
  /** What was typed and not used, said next to the form: the figures fall back to the defaults. */
  messages: string[];
}

/**
 * The panel's `?down=&rate=&years=` (also what the fields hold as the buyer types), validated as
 * the calculator validates its own: a value that cannot be used is dropped with a message, so
 * a hand-edited address never gives an error page.
 */
export function readCostParams(params: URLSearchParams, price: number | null): CostParams {
  const result: CostParams = {
    firstTimeBuyer: params.get(FIELD.firstTimeBuyer) === "1",
    newBuild: params.get(FIELD.newBuild) === "1",
    messages: [],
  };
  if (price === null || !(price > 0)) return result;
  const minimum = minimumDownPayment(price) ?? 0;
  const downText = params.get(FIELD.down)?.trim().slice(0, 24);
  if (downText) {
    const parsed = parseNumber(downText);
    if (parsed.kind !== "number" || parsed.value < 0)
      result.messages.push("The down payment must be an amount in dollars, like 25000; shown at the minimum.");
    else if (parsed.value >= price) result.messages.push("The down payment must be less than the price; shown at the minimum.");
    else if (parsed.value < minimum)
      result.messages.push("That down payment is below the legal minimum for this price; shown at the minimum.");
    else result.down = parsed.value;
  }
  const rateText = params.get(FIELD.rate)?.trim().slice(0, 24);
  if (rateText) {
    const parsed = parseNumber(rateText);
    if (parsed.kind !== "number" || parsed.value < 0 || parsed.value > MAX_RATE_PERCENT)
      result.messages.push(
        `The rate must be a number from 0 to ${MAX_RATE_PERCENT}, like 6.5; shown at ${CALCULATOR_DEFAULTS.ratePercent}%.`,
      );
    else result.rate = parsed.value;
  }
  const yearsText = params.get(FIELD.years);
  if (yearsText) {
    const years = LOAN_TERMS.find((y) => String(y) === yearsText.trim());
    if (years === undefined) result.messages.push(`The amortization must be ${LOAN_TERMS.join(", ")} years; shown at the default.`);
    else result.amortizationYears = years;
  }
  return result;
}

/** The panel's choice as a query (what the GET form sends, and what the page writes to its address as the buyer types). */
export function costQuery(
  costs: Pick<ListingMonthlyCosts, "ratePercent" | "years"> & { chosen: Pick<DownPaymentCase, "down"> },
  answers: Pick<CostFields, "ftb" | "new"> = { ftb: "", new: "" },
): string {
  const query = new URLSearchParams({
    [FIELD.down]: String(costs.chosen.down),
    [FIELD.rate]: String(costs.ratePercent),
    [FIELD.years]: String(costs.years),
  });
  if (answers.ftb === "1") query.set(FIELD.firstTimeBuyer, "1");
  if (answers.new === "1") query.set(FIELD.newBuild, "1");
  return query.toString();
}

/** The full calculator with the same numbers and answers (its query: mortgage-inputs.ts FIELD). */
export function calculatorHref(costs: ListingMonthlyCosts, answers?: Pick<CostFields, "ftb" | "new">): string {
  return `/mortgage-calculator?${new URLSearchParams({ [FIELD.price]: String(costs.price) }).toString()}&${costQuery(costs, answers)}`;
}

/** What the panel's fields hold: text as typed; the two boxes "1" when ticked, "" when not. */
export interface CostFields {
  down: string;
  rate: string;
  years: string;
  ftb: string;
  new: string;
}

/** Everything the panel and the inquiry show, as data: the loader sends the first, the page recomputes the next ones. */
export interface CostView {
  costs: ListingMonthlyCosts;
  fields: CostFields;
  messages: string[];
  calculatorHref: string;
  /** The query that keeps these figures on a reload. */
  query: string;
  /** The buyer's figures as "Ask about this home" sends and words them. */
  sent: SentFigures;
  /** The rules behind these figures, in words with their sources: data, so the page's first script carries none of these texts. */
  notes: CostNote[];
  /** The buyer's case, then the 20 % one when there is one: the panel's columns, worded here for the same reason. */
  columns: CostColumn[];
}

export interface CostColumn {
  testId: "cost-chosen" | "cost-twenty";
  title: string;
  /** "$27,500 down (5.2%)". */
  down: string;
  rows: { label: string; note?: string; value: string }[];
  total: string;
  /** The household income to qualify, or null when there is no mortgage. */
  income: string | null;
  gdsPercent: number;
}

/** The panel's columns as text. */
export function costColumns(costs: ListingMonthlyCosts): CostColumn[] {
  const { tax, condoFee } = costs;
  const column = (testId: CostColumn["testId"], title: string, c: DownPaymentCase): CostColumn => ({
    testId,
    title,
    down: `${formatCurrency(c.down)} down (${formatPercent(c.downPercent, 1)})`,
    rows: [
      ...(c.insurance.status === "required"
        ? [{ label: "Insurance premium", note: "added to the mortgage", value: formatCurrency(c.insurance.premium) }]
        : []),
      { label: "Mortgage payment", note: `on ${formatCurrency(c.mortgageAmount)}`, value: formatCurrency(c.payment) },
      {
        label: "Property tax",
        ...(tax.estimated ? { note: "estimate" } : tax.year ? { note: `${tax.year} tax` } : {}),
        value: formatCurrency(tax.monthly),
      },
      ...(condoFee?.monthly != null ? [{ label: "Condo fee", value: formatCurrency(condoFee.monthly) }] : []),
    ],
    total: formatCurrency(c.total),
    income: c.qualifying.income !== null ? formatCurrency(c.qualifying.income) : null,
    gdsPercent: c.qualifying.gdsPercent,
  });
  const chosen = column(
    "cost-chosen",
    costs.chosen.down === costs.minimumDown ? "Smallest down payment" : "Your down payment",
    costs.chosen,
  );
  return costs.twenty ? [chosen, column("cost-twenty", `${RULES.downPayment.uninsuredPercent}% down`, costs.twenty)] : [chosen];
}

/** One rule of the panel: text runs and citations in order; `id` marks the ones tests and the e2e suite find. */
export interface CostNote {
  id?: "tax-rule" | "condo-rule";
  parts: (string | { cite: OfficialSource })[];
}

/** The rules behind the figures, each with its official source and the date it was checked, as on the calculator page. */
export function costNotes(costs: ListingMonthlyCosts): CostNote[] {
  const { tax, condoFee: fee, chosen } = costs;
  const { downPayment: dp, sources } = RULES;
  const money = (n: number) => formatCurrency(n, { cents: !Number.isInteger(n) });
  const cite = (source: OfficialSource) => ({ cite: source });
  const notes: CostNote[] = [
    {
      parts: [
        `Minimum down payment: ${dp.firstTierPercent}% of the first ${formatCurrency(dp.firstTierLimit)}, ${dp.secondTierPercent}% of the rest, ${dp.uninsuredPercent}% from ${formatCurrency(dp.insuredPriceLimit)} `,
        cite(sources.downPayment),
        ".",
      ],
    },
    {
      parts: [
        `Under ${dp.uninsuredPercent}% down the mortgage is insured; the premium is added to it `,
        cite(sources.mortgageInsurance),
        ".",
        ...(chosen.insurance.status === "required"
          ? [
              ` More than ${RULES.standardAmortizationYears} years with under ${dp.uninsuredPercent}% down: first-time buyers and new homes only, others at most ${RULES.standardAmortizationYears} years `,
              cite(sources.thirtyYearAmortization),
              `; then the premium carries a ${RULES.longAmortizationSurchargePercent.toFixed(2)}% surcharge`,
              ...(chosen.insurance.longAmortization === "surcharged"
                ? [` (${chosen.insurance.ratePercent.toFixed(2)}% of the loan here, for ${costs.years} years)`]
                : []),
              " ",
              cite(sources.mortgageInsurance),
              ".",
            ]
          : []),
      ],
    },
    {
      id: "tax-rule",
      parts: tax.estimated
        ? [
            `Property tax estimated (the listing gives none) at the City of Edmonton's rate, ${formatPercent(tax.ratePercent)} of the price a year `,
            cite(sources.edmontonPropertyTax),
            ".",
          ]
        : [`Property tax from the listing: ${money(tax.annual)} ${tax.year ? `for ${tax.year}` : "a year (no tax year given)"}.`],
    },
  ];
  if (fee) {
    const often =
      fee.monthly !== null
        ? (fee.frequency?.toLowerCase() ?? "")
        : `${fee.frequency ? `“${fee.frequency}” as the listing writes it` : "(how often not given)"}: no monthly figure, not in the totals`;
    notes.push({ id: "condo-rule", parts: [`Condo fee from the listing: ${money(fee.amount)} ${often}.`] });
  }
  notes.push(
    {
      parts: [
        `Income: the payment at the stress-test rate, ${formatPercent(chosen.qualifying.ratePercent)} (the greater of ${formatPercent(RULES.stressTestFloorPercent)} or your rate +${RULES.stressTestBufferPoints}) `,
        cite(sources.stressTest),
        `, tax, ${formatCurrency(RULES.monthlyHeating)} of heating${fee?.monthly != null ? " and half the condo fee" : ""} within ${RULES.insuredGdsPercent}% of gross income when insured `,
        cite(sources.insuredDebtService),
        `, ${RULES.traditionalGdsPercent}% (the traditional target) otherwise; no other debts.`,
      ],
    },
    { parts: ["Monthly compounding, the calculator's default. An estimate: ask a mortgage professional for exact figures."] },
  );
  return notes;
}

/**
 * The panel from a query (the loader's, or the fields as typed): `typed` keeps the fields as
 * written, else they show the figures used (the defaults in place of anything unusable).
 */
export function costViewOf(price: number | null, inputs: ListingCostInputs, query: URLSearchParams, typed = false): CostView | null {
  const { firstTimeBuyer, newBuild, messages, ...params } = readCostParams(query, price);
  const costs = listingMonthlyCosts({ price, costs: inputs, ...params, firstTimeBuyerOrNewBuild: firstTimeBuyer || newBuild });
  if (!costs) return null;
  const answers = { ftb: firstTimeBuyer ? "1" : "", new: newBuild ? "1" : "" };
  const fields = typed
    ? { down: query.get(FIELD.down) ?? "", rate: query.get(FIELD.rate) ?? "", years: query.get(FIELD.years) ?? "", ...answers }
    : { down: String(costs.chosen.down), rate: String(costs.ratePercent), years: String(costs.years), ...answers };
  const asked = costs.yearsAskedNotAllowed;
  const allMessages =
    asked === null
      ? messages
      : [
          ...messages,
          `${asked} years with under ${RULES.downPayment.uninsuredPercent}% down is only for first-time buyers and newly built homes: shown at ${costs.years} years. Tick a box below if one applies.`,
        ];
  return {
    costs,
    fields,
    messages: allMessages,
    calculatorHref: calculatorHref(costs, answers),
    query: fieldsQuery(fields).toString(),
    sent: sentFiguresOf(buyerFiguresOf(costs)),
    notes: costNotes(costs),
    columns: costColumns(costs),
  };
}

/** The query of the fields as typed (the boxes only when ticked, as a form sends checkboxes). */
export function fieldsQuery(fields: CostFields): URLSearchParams {
  const query = new URLSearchParams({ [FIELD.down]: fields.down, [FIELD.rate]: fields.rate, [FIELD.years]: fields.years });
  if (fields.ftb === "1") query.set(FIELD.firstTimeBuyer, "1");
  if (fields.new === "1") query.set(FIELD.newBuild, "1");
  return query;
}

/** What "Ask about this home" carries: the buyer's case, rounded to the dollar as the panel shows it. */
export function buyerFiguresOf(costs: ListingMonthlyCosts): BuyerFigures {
  return {
    down: costs.chosen.down,
    rate: costs.ratePercent,
    amortizationYears: costs.years,
    monthlyTotal: Math.round(costs.chosen.total),
    includesTax: true,
    includesCondoFee: costs.condoFee?.monthly != null,
  };
}
