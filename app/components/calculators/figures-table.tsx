import type { ReactNode } from "react";

/** A figures table's heading row: the first column names the rows, the others are right-aligned like their figures. */
export function ColumnHeads({
  labels,
  padding = "px-3 py-2",
  className = "border-b border-line",
}: {
  labels: readonly string[];
  padding?: string;
  className?: string;
}) {
  return (
    <tr className={className}>
      {labels.map((label, i) => (
        <th key={label} scope="col" className={`${padding} ${i === 0 ? "text-left font-bold" : "font-bold"}`}>
          {label}
        </th>
      ))}
    </tr>
  );
}

/**
 * A cost tool's table of worked examples (land title fees, the GST rebate), for embedding in
 * articles: one row per home price, its first cell the row's heading, the figures right-aligned.
 */
export function FiguresTable({
  label,
  caption,
  columns,
  bold,
  rows,
}: {
  /** Name of the scrollable region. */
  label: string;
  caption: ReactNode;
  columns: readonly string[];
  /** The columns (counted from 0, the row headings) whose figures are in bold. */
  bold: readonly number[];
  /** Each row's cells, its heading first. */
  rows: readonly (readonly string[])[];
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="my-6 overflow-x-auto">
      <table className="w-full border-collapse text-right text-sm tabular-nums">
        <caption className="mb-2 text-left text-sm text-ink-muted">{caption}</caption>
        <thead>
          <ColumnHeads labels={columns} />
        </thead>
        <tbody>
          {rows.map(([heading, ...figures]) => (
            <tr key={heading} className="border-b border-line/60">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {heading}
              </th>
              {figures.map((figure, i) => (
                <td key={i} className={bold.includes(i + 1) ? "px-3 py-2 font-bold" : "px-3 py-2"}>
                  {figure}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
