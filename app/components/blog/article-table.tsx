import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll";

export interface ArticleTableColumn {
  /** Column heading; null leaves the corner cell empty (a comparison table's row labels). */
  label: ReactNode | null;
  /** Classes of the heading cell. */
  className?: string;
  /** Classes of this column's body cells. */
  cellClassName?: string;
}

export interface ArticleTableRow {
  key: string | number;
  /** The row heading (first column). */
  header: ReactNode;
  /** The other cells, one per column after the first. */
  cells: readonly ReactNode[];
}

export interface ArticleTableFooter extends Omit<ArticleTableRow, "key"> {
  /** Classes of each footer cell (after the row heading). */
  cellClassNames?: readonly (string | undefined)[];
}

/**
 * The articles' data table: a caption, column headings, one heading cell per row and an optional
 * total row, inside the keyboard-scrollable TableScroll region on narrow screens.
 */
export function ArticleTable({
  label,
  caption,
  columns,
  rows,
  footer,
}: {
  /** Name of the scrollable region (usually the caption's text). */
  label: string;
  caption: ReactNode;
  columns: readonly ArticleTableColumn[];
  rows: readonly ArticleTableRow[];
  footer?: ArticleTableFooter;
}) {
  return (
    <TableScroll label={label}>
      <table>
        <caption className="mb-2 text-left text-sm text-ink-muted">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) =>
              c.label === null ? (
                <td key={i} className="bg-surface-muted" />
              ) : (
                <th key={i} scope="col" className={c.className}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.header}</th>
              {r.cells.map((cell, i) => (
                <td key={i} className={columns[i + 1]?.cellClassName}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              <th scope="row">{footer.header}</th>
              {footer.cells.map((cell, i) => (
                <td key={i} className={footer.cellClassNames?.[i]}>
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </TableScroll>
  );
}
