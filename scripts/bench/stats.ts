/** The figures the in-process sections give of a set of times (ms): the median, the 99th percentile, the largest, how many. */
export interface Stats {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

/** The value at fraction `p` of `sorted` (ascending), rounded down to a measured value; 0 for none. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;

export function stats(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0, count: sorted.length };
}

/** A figure as the bench prints it: Canadian grouping, `digits` decimals. */
export const fmt = (n: number, digits = 0) => n.toLocaleString("en-CA", { maximumFractionDigits: digits, minimumFractionDigits: digits });
