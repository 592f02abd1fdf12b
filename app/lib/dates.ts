// One formatter for the whole page: building an Intl formatter is far dearer than using one,
// and the blog index formats a date per card while it hydrates. Built on first use, since most
// pages load this module with the shell (decision 027) and never show a date.
let longDate: Intl.DateTimeFormat | undefined;

/** "2025-07-08" -> "July 8, 2025", independent of the server's time zone. */
export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  longDate ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return longDate.format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}
