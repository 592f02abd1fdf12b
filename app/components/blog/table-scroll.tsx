import type { ReactNode } from "react";

/**
 * A wide table's horizontal scroller on narrow screens. It is a labelled region that can take
 * keyboard focus, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="my-4 overflow-x-auto focus-visible:outline-offset-4 max-sm:[&_td]:px-1.5 max-sm:[&_th]:px-1.5"
    >
      {children}
    </div>
  );
}

/**
 * Tightens cell padding of an embedded calculator table on phones, so its five columns fit a
 * 390 px screen without scrolling.
 */
export function CompactTable({ children }: { children: ReactNode }) {
  return <div className="max-sm:[&_td]:px-1.5 max-sm:[&_th]:px-1.5 max-sm:[&_table]:text-[0.8125rem]">{children}</div>;
}
