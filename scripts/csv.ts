/** RFC 4180 CSV, with a guard against spreadsheet formula injection in visitor-typed text. */
export function csvCell(value: unknown): string {
  let s = value instanceof Date ? value.toISOString() : value == null ? "" : String(value);
  // A cell starting with = + - @ (or a tab/CR) is run as a formula by spreadsheet programs.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: readonly Record<string, unknown>[]): string {
  if (rows.length === 0) return "";
  const columns = Object.keys(rows[0]!);
  return [columns.join(","), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(","))].join("\r\n") + "\r\n";
}
