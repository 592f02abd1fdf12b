// One formatter for the whole page: building an Intl formatter is far dearer than using one,
// and the blog index formats a date per card while it hydrates.
const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "2025-07-08" -> "July 8, 2025", independent of the server's time zone. */
export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return longDate.format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}
