import { useId, useState } from "react";
import { landTitleFees, LAND_TITLE_BASE_FEE, LAND_TITLE_FEE_PER_STEP, LAND_TITLE_VALUE_STEP } from "~/lib/fees";
import { MAX_AMOUNT, formatCurrency } from "~/lib/format";
import { parseNumber } from "~/lib/parse-number";
import { FiguresTable } from "./figures-table";
import { NumberField } from "./number-field";

/*
 * Alberta land titles fees, for embedding in articles: an interactive calculator and a
 * server-renderable table. Self-contained: no page, route or loader assumptions.
 */

const RULE_TEXT = `${formatCurrency(LAND_TITLE_BASE_FEE)} plus ${formatCurrency(LAND_TITLE_FEE_PER_STEP)} for every ${formatCurrency(LAND_TITLE_VALUE_STEP)} or part of ${formatCurrency(LAND_TITLE_VALUE_STEP)}`;

type MortgageUnit = "percent" | "amount";

function feesFor(
  priceText: string,
  mortgageText: string,
  unit: MortgageUnit,
): { hint?: { price?: string; mortgage?: string }; price?: number; mortgage?: number } {
  const price = parseNumber(priceText);
  const mortgage = parseNumber(mortgageText);
  const hint: { price?: string; mortgage?: string } = {};
  if (price.kind !== "number" || price.value <= 0 || price.value > MAX_AMOUNT) hint.price = "Enter the home price, like 450000.";
  if (mortgage.kind !== "number" || mortgage.value < 0)
    hint.mortgage = unit === "percent" ? "Enter the mortgage as a percent, like 80." : "Enter the mortgage amount (0 if none).";
  else if (unit === "percent" && mortgage.value > 100) hint.mortgage = "Enter a percent from 0 to 100.";
  if (hint.price || hint.mortgage || price.kind !== "number" || mortgage.kind !== "number") return { hint };
  const mortgageAmount = unit === "percent" ? Math.round(price.value * mortgage.value) / 100 : mortgage.value;
  if (mortgageAmount > price.value) return { hint: { mortgage: "The mortgage can't be more than the price." } };
  return { price: price.value, mortgage: mortgageAmount };
}

/** Price and mortgage (amount or % of price) → transfer fee, mortgage registration fee, total; it opens on $450,000 with 80 % borrowed. */
export function LandTitleFeeCalculator() {
  const id = useId();
  const [priceText, setPriceText] = useState("450000");
  const [mortgageText, setMortgageText] = useState("80");
  const [unit, setUnit] = useState<MortgageUnit>("percent");
  const { hint, price, mortgage } = feesFor(priceText, mortgageText, unit);
  const fees = price !== undefined && mortgage !== undefined ? landTitleFees({ price, mortgage }) : null;

  const switchUnit = (next: MortgageUnit) => {
    // Convert what is typed so the same mortgage is shown in the new unit.
    if (fees && price !== undefined && mortgage !== undefined) {
      setMortgageText(String(next === "percent" ? Math.round((mortgage / price) * 10_000) / 100 : Math.round(mortgage)));
    }
    setUnit(next);
  };

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="not-prose my-6 rounded-xl border border-line bg-surface-muted p-5">
      <p id={`${id}-title`} className="text-lg font-bold text-ink">
        Land title fee calculator (Alberta)
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <NumberField label="Home price" prefix="$" value={priceText} onChange={setPriceText} hint={hint?.price} />
        <div>
          <NumberField
            label={unit === "percent" ? "Mortgage (% of price)" : "Mortgage amount"}
            prefix={unit === "amount" ? "$" : undefined}
            suffix={unit === "percent" ? "%" : undefined}
            value={mortgageText}
            onChange={setMortgageText}
            hint={hint?.mortgage}
          />
          <fieldset className="mt-1">
            <legend className="sr-only">Enter the mortgage as</legend>
            <div className="flex flex-wrap gap-4 text-sm text-ink">
              {(
                [
                  ["percent", "% of price"],
                  ["amount", "Dollar amount"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-unit`}
                    checked={unit === value}
                    onChange={() => switchUnit(value)}
                    className="size-4 accent-brand"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </div>
      <div aria-live="polite" aria-atomic="true" className="mt-4">
        {fees ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-base tabular-nums">
            <dt className="text-ink-muted">Transfer of land</dt>
            <dd className="text-right text-ink">{formatCurrency(fees.transfer)}</dd>
            <dt className="text-ink-muted">Mortgage registration</dt>
            <dd className="text-right text-ink">{formatCurrency(fees.mortgage)}</dd>
            <dt className="font-bold text-ink">Total land title fees</dt>
            <dd className="text-right font-bold text-ink">{formatCurrency(fees.total)}</dd>
          </dl>
        ) : (
          <p className="text-ink">Enter a price and a mortgage to see the fees.</p>
        )}
      </div>
      <p className="mt-3 text-sm text-ink-muted">{`Each registration costs ${RULE_TEXT}: of the home's value for the transfer, of the mortgage for its registration.`}</p>
    </div>
  );
}

export const DEFAULT_LAND_TITLE_PRICES: readonly number[] = [300_000, 450_000, 600_000, 800_000];

/**
 * Land titles fees for a few home values, all computed: home value, mortgage, title transfer
 * fee, mortgage registration fee, total. `mortgageShare` is the mortgage as a fraction of the
 * price (0.8 for 80 %); anything outside 0–1 is a caller's mistake and throws, so a prerendered
 * article fails its build instead of printing a wrong table.
 */
export function LandTitleFeeTable({
  prices = DEFAULT_LAND_TITLE_PRICES,
  mortgageShare = 0.8,
}: {
  prices?: readonly number[];
  mortgageShare?: number;
}) {
  if (!(mortgageShare >= 0 && mortgageShare <= 1))
    throw new RangeError(`mortgageShare must be a fraction from 0 to 1, got ${mortgageShare}`);
  const percent = Math.round(mortgageShare * 1000) / 10;
  return (
    <FiguresTable
      label="Land title fees table"
      caption={`Alberta land titles fees with the mortgage at ${percent}% of the price: ${RULE_TEXT}, on the value and on the mortgage.`}
      columns={["Home value", `Mortgage (${percent}%)`, "Title fee", "Mortgage fee", "Total"]}
      bold={[4]}
      rows={prices.map((price) => {
        const mortgage = Math.round(price * mortgageShare * 100) / 100;
        const fees = landTitleFees({ price, mortgage });
        return [price, mortgage, fees.transfer, fees.mortgage, fees.total].map((amount) => formatCurrency(amount));
      })}
    />
  );
}
