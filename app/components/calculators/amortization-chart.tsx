import { useId } from "react";
import { formatCurrency } from "~/lib/format";
import type { AmortizationSchedule } from "~/lib/mortgage";
import { ColumnHeads } from "./figures-table";

/*
 * The balance over time as inline SVG (no chart library: a few paths are all it takes) with HTML
 * axis labels, and the year-by-year table as its accessible alternative. Both are server-renderable.
 */

/** Plot coordinates run 0–1000 both ways and stretch to the box; text stays HTML, so it is readable at any width. */
const SIZE = 1000;

/** "$400k", "$1.2M": axis labels must stay short on a phone. */
function compactCurrency(value: number): string {
  if (value >= 1_000_000) return `$${Number((value / 1_000_000).toFixed(1))}M`;
  if (value >= 1_000) return `$${Math.round(value / 1_000)}k`;
  return `$${Math.round(value)}`;
}

/** A round tick step (1, 2, 2.5 or 5 × 10^k) at least `raw`. */
function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10;
  return step * magnitude;
}

export function BalanceChart({ schedule, principal }: { schedule: AmortizationSchedule; principal: number }) {
  const id = useId();
  const rows = schedule.years;
  if (rows.length === 0 || principal <= 0) return null;

  // Cumulative interest beside the balance: the two lines cross where a buyer has paid as much
  // interest as they still owe, which is the point of the picture. A short last year (an
  // accelerated schedule) ends at its real payoff time, not at a whole year.
  let interestSoFar = 0;
  let paymentsSoFar = 0;
  const points = [{ time: 0, balance: principal, interest: 0 }];
  for (const row of rows) {
    interestSoFar += row.interestPaid;
    paymentsSoFar += row.payments;
    points.push({ time: paymentsSoFar / schedule.paymentsPerYear, balance: row.endingBalance, interest: interestSoFar });
  }
  const duration = paymentsSoFar / schedule.paymentsPerYear;
  const maxValue = Math.max(principal, interestSoFar);
  const step = niceStep(maxValue / 5);
  const yMax = Math.ceil(maxValue / step) * step;
  const x = (time: number) => (time / duration) * SIZE;
  const y = (value: number) => SIZE - (value / yMax) * SIZE;
  const line = (key: "balance" | "interest") =>
    points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.time).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  const area = `${line("balance")} L${SIZE},${SIZE} L0,${SIZE} Z`;
  const yTicks = Array.from({ length: Math.round(yMax / step) + 1 }, (_, i) => i * step);
  const xEvery = duration > 20 ? 5 : duration > 8 ? 2 : 1;
  const xTicks = Array.from({ length: Math.floor(duration / xEvery + 1e-9) + 1 }, (_, i) => i * xEvery);
  const years = Math.round(duration * 10) / 10;

  return (
    <figure className="m-0">
      <p id={`${id}-desc`} className="sr-only">
        {`The balance falls from ${formatCurrency(principal)} to $0 over ${years} ${years === 1 ? "year" : "years"}, while the interest paid adds up to ${formatCurrency(interestSoFar)}. The year-by-year table has every figure.`}
      </p>
      <div
        role="img"
        aria-label="Chart of the mortgage balance and the interest paid over time"
        aria-describedby={`${id}-desc`}
        className="relative h-60 sm:h-72"
      >
        <div className="absolute top-2 right-3 bottom-7 left-14">
          <svg
            viewBox={`0 0 ${SIZE} ${SIZE}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
            className="absolute inset-0 h-full w-full overflow-visible"
          >
            {yTicks.map((tick) => (
              <line
                key={tick}
                x1="0"
                x2={SIZE}
                y1={y(tick)}
                y2={y(tick)}
                stroke="var(--color-line)"
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <path d={area} fill="var(--color-brand)" fillOpacity="0.15" />
            <path
              d={line("balance")}
              fill="none"
              stroke="var(--color-brand)"
              strokeWidth="3"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
            <path
              d={line("interest")}
              fill="none"
              stroke="var(--color-accent)"
              strokeWidth="3"
              strokeDasharray="8 5"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          {yTicks.map((tick) => (
            <span
              key={tick}
              aria-hidden="true"
              className="absolute right-full mr-2 -translate-y-1/2 text-xs whitespace-nowrap text-ink-muted"
              style={{ top: `${(y(tick) / SIZE) * 100}%` }}
            >
              {compactCurrency(tick)}
            </span>
          ))}
          {xTicks.map((tick) => (
            <span
              key={tick}
              aria-hidden="true"
              className="absolute top-full mt-1.5 -translate-x-1/2 text-xs whitespace-nowrap text-ink-muted"
              style={{ left: `${(x(tick) / SIZE) * 100}%` }}
            >
              {tick === 0 ? "Year 0" : tick}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-1 w-6 rounded bg-brand" />
          Balance owing
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0 w-6 border-t-[3px] border-dashed border-accent" />
          Interest paid so far
        </span>
      </figcaption>
    </figure>
  );
}

/** The schedule summarised per year: the chart's figures, for everyone. */
export function AmortizationTable({ schedule }: { schedule: AmortizationSchedule }) {
  return (
    // Focusable so keyboard users can scroll it when it is wider than a phone.
    <div role="region" aria-label="Year-by-year amortization table" tabIndex={0} className="overflow-x-auto">
      <table className="w-full border-collapse text-right text-sm tabular-nums">
        <caption className="sr-only">
          Year-by-year amortization: principal and interest paid and the balance owing at the end of each year
        </caption>
        <thead>
          <ColumnHeads
            labels={["Year", "Principal paid", "Interest paid", "Balance at year end"]}
            padding="px-2 py-2"
            className="border-b border-line text-ink"
          />
        </thead>
        <tbody>
          {schedule.years.map((row) => (
            <tr key={row.year} className="border-b border-line/60">
              <th scope="row" className="px-2 py-1.5 text-left font-normal">
                {row.year}
                {row.payments < schedule.paymentsPerYear && <span className="text-ink-muted"> ({row.payments} payments)</span>}
              </th>
              <td className="px-2 py-1.5">{formatCurrency(row.principalPaid, { cents: true })}</td>
              <td className="px-2 py-1.5">{formatCurrency(row.interestPaid, { cents: true })}</td>
              <td className="px-2 py-1.5">{formatCurrency(row.endingBalance, { cents: true })}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-bold text-ink">
            <th scope="row" className="px-2 py-2 text-left">
              Total
            </th>
            <td className="px-2 py-2">{formatCurrency(schedule.totalPaid - schedule.totalInterest, { cents: true })}</td>
            <td className="px-2 py-2">{formatCurrency(schedule.totalInterest, { cents: true })}</td>
            <td className="px-2 py-2" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
