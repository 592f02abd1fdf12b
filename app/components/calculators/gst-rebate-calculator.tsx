import { useId, useState } from "react";
import { MAX_AMOUNT, formatCurrency } from "~/lib/format";
import {
  GST_RATE_PERCENT,
  GST_REBATE_FULL_UP_TO,
  GST_REBATE_MAX,
  GST_REBATE_PHASE_OUT_END,
  gstOnPrice,
  gstRebate,
  gstRebateBand,
} from "~/lib/gst-rebate";
import { parseNumber } from "~/lib/parse-number";
import { FiguresTable } from "./figures-table";
import { NumberField } from "./number-field";

/*
 * The first-time home buyers' GST rebate, for embedding in articles: an interactive calculator
 * and a server-renderable table. Self-contained: no page, route or loader assumptions.
 */

function explanation(price: number): string {
  const gst = gstOnPrice(price);
  const rebate = gstRebate(price);
  switch (gstRebateBand(price)) {
    case "full":
      return `The ${GST_RATE_PERCENT}% GST on ${formatCurrency(price)} is ${formatCurrency(gst)}. At or below ${formatCurrency(GST_REBATE_FULL_UP_TO)} it is rebated in full, up to ${formatCurrency(GST_REBATE_MAX)}.`;
    case "partial":
      return `Between ${formatCurrency(GST_REBATE_FULL_UP_TO)} and ${formatCurrency(GST_REBATE_PHASE_OUT_END)} the ${formatCurrency(GST_REBATE_MAX)} maximum shrinks in a straight line: ${formatCurrency(GST_REBATE_MAX)} × (${formatCurrency(GST_REBATE_PHASE_OUT_END)} − ${formatCurrency(price)}) ÷ ${formatCurrency(GST_REBATE_PHASE_OUT_END - GST_REBATE_FULL_UP_TO)} = ${formatCurrency(rebate, { cents: rebate % 1 !== 0 })}.`;
    case "none":
      return `There is no rebate on homes of ${formatCurrency(GST_REBATE_PHASE_OUT_END)} or more: the full ${formatCurrency(gst)} of GST is payable.`;
  }
}

/** New-home price → the first-time buyers' GST rebate, with how it was worked out. */
export function GstRebateCalculator({ initialPrice = 800_000 }: { initialPrice?: number }) {
  const id = useId();
  const [priceText, setPriceText] = useState(String(initialPrice));
  const parsed = parseNumber(priceText);
  const price = parsed.kind === "number" && parsed.value > 0 && parsed.value <= MAX_AMOUNT ? parsed.value : null;
  const rebate = price === null ? null : gstRebate(price);

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="not-prose my-6 rounded-xl border border-line bg-surface-muted p-5">
      <p id={`${id}-title`} className="text-lg font-bold text-ink">
        GST rebate calculator (first-time buyers, new homes)
      </p>
      <NumberField
        className="mt-4 max-w-xs"
        label="New home price (before GST)"
        prefix="$"
        value={priceText}
        onChange={setPriceText}
        hint={price === null ? "Enter the price of the new home, like 800000." : undefined}
      />
      <div aria-live="polite" aria-atomic="true" className="mt-4">
        {price !== null && rebate !== null ? (
          <>
            <p className="text-ink">
              <span className="block text-sm text-ink-muted">Your GST rebate</span>
              <span className="block text-3xl font-bold text-brand">{formatCurrency(rebate, { cents: rebate % 1 !== 0 })}</span>
            </p>
            <p className="mt-2 text-sm text-ink">{explanation(price)}</p>
          </>
        ) : (
          <p className="text-ink">Enter a price to see the rebate.</p>
        )}
      </div>
      <p className="mt-3 text-sm text-ink-muted">
        For first-time buyers of a newly built home with an agreement signed on or after May 27, 2025.
      </p>
    </div>
  );
}

export const DEFAULT_GST_REBATE_PRICES: readonly number[] = [600_000, 800_000, 1_000_000, 1_250_000, 1_500_000];

/** New-home prices → GST, rebate and GST left to pay, all computed. */
export function GstRebateTable({ prices = DEFAULT_GST_REBATE_PRICES }: { prices?: readonly number[] }) {
  return (
    <FiguresTable
      label="GST rebate table"
      caption={
        <>
          First-time home buyers&apos; GST rebate: full up to {formatCurrency(GST_REBATE_MAX)} at or below{" "}
          {formatCurrency(GST_REBATE_FULL_UP_TO)}, none from {formatCurrency(GST_REBATE_PHASE_OUT_END)}.
        </>
      }
      columns={["New home price", `GST (${GST_RATE_PERCENT}%)`, "Rebate", "GST you pay"]}
      bold={[2]}
      rows={prices.map((price) => {
        const gst = gstOnPrice(price);
        const rebate = gstRebate(price);
        return [price, gst, rebate, gst - rebate].map((amount) => formatCurrency(amount));
      })}
    />
  );
}
