// Written out rather than with Intl.DateTimeFormat: the first Intl object a page builds loads the
// browser's locale data, 14-50 ms of one task on this machine while the blog's pages hydrated
// (see format.ts). dates.test.ts checks the result against Intl's.
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2025-07-08" -> "July 8, 2025", independent of the server's time zone. */
export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  // Through a UTC date, so an impossible day rolls over as it always did ("2025-02-30" -> March 2).
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
