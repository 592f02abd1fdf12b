/**
 * A small client of the City of Edmonton's open data API (Socrata's SODA: JSON rows at
 * `/resource/<dataset id>.json` with `$select`, `$where`, `$group`, `$order`, `$limit`, `$offset`, and an
 * optional app token in `X-App-Token`). It asks only for the fields of datasets.server.ts, pages in
 * a unique order so that no row is skipped or read twice, reads every row through its schema, and
 * retries a 429, a 5xx, a timeout or a network failure a bounded number of times with growing
 * waits. Everything else fails at once with an error that says what the API said. The base URL is
 * passed in (the tests point it at a local stand-in); no message ever carries the app token.
 */
import { retryAfterMsOf } from "../listings/ddf-errors.server";
import type { SodaDataset, SodaGrouping } from "./datasets.server";

/** Anything the API did wrong; the message is safe to log and to show in the inbox. */
export class SodaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** 429: the API asks us to slow down, for `retryAfterMs` when it says so. */
export class SodaRateLimited extends SodaError {
  constructor(
    readonly dataset: string,
    readonly retryAfterMs: number | null,
  ) {
    super(
      `the City's open data is rate limiting requests for ${dataset}${retryAfterMs === null ? "" : ` (retry after ${Math.ceil(retryAfterMs / 1000)} s)`}`,
    );
  }
}

/** A 5xx, a timeout or a network failure (status null): temporary, worth trying again later. */
export class SodaUnavailable extends SodaError {
  constructor(
    readonly dataset: string,
    readonly status: number | null,
    detail: string,
  ) {
    super(
      `the City's open data is unavailable for ${dataset} (${status === null ? detail : `HTTP ${status}${detail ? `: ${detail}` : ""}`})`,
    );
  }
}

/**
 * Any other refusal (400 for a column the dataset does not have, 403 for a refused token, 404 for
 * a dataset that moved), with Socrata's error code when the body has one. Not retried: asking
 * again would get the same answer.
 */
export class SodaQueryError extends SodaError {
  constructor(
    readonly dataset: string,
    readonly status: number,
    readonly code: string | null,
    detail: string,
  ) {
    super(`the City's open data refused the query on ${dataset} (HTTP ${status}${code ? ` ${code}` : ""}${detail ? `: ${detail}` : ""})`);
  }
}

/** An answer that is not rows as the dataset's columns describe them. */
export class SodaResponseError extends SodaError {}

/** One condition of a `$where`, in the few forms the site needs (the stand-in parses exactly these). */
export type Condition =
  | { field: string; op: "=" | ">" | ">=" | "<" | "<="; value: string }
  | { field: string; op: "in"; values: readonly string[] }
  | { field: string; op: "is not null" };

export interface SodaQuery {
  where?: readonly Condition[];
  limit: number;
  offset?: number;
}

export interface SodaPage<Row> {
  rows: Row[];
  /** Where this page starts, and where the next one would (to resume an interrupted load). */
  offset: number;
  nextOffset: number;
  /** No page follows. */
  last: boolean;
}

export interface SodaCallOptions {
  /** Abandons the request in flight and any retry; the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface SodaClientOptions {
  /** The portal's origin, e.g. "https://data.edmonton.ca"; any path below it is kept. */
  baseUrl: string;
  /** Sent as X-App-Token when set: the API throttles anonymous clients sooner. */
  appToken?: string | null;
  fetch?: typeof fetch;
  /** Attempts per request, the first included (default 4). */
  maxAttempts?: number;
  /** The first wait before a retry, doubled each time (default 1 s). */
  backoffMs?: number;
  /** No wait is longer; a Retry-After beyond it fails at once instead (default 60 s). */
  maxBackoffMs?: number;
  /** Per attempt (default 60 s). */
  timeoutMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface SodaClient {
  /** One query's rows, read through the dataset's schema. */
  rows<Row>(dataset: SodaDataset<Row>, query: SodaQuery, call?: SodaCallOptions): Promise<Row[]>;
  /** One grouped query's rows (`$group`), read through its schema; more than `limit` groups is refused. */
  groups<Row>(grouping: SodaGrouping<Row>, query: SodaQuery, call?: SodaCallOptions): Promise<Row[]>;
  /** Every row matching `where`, page after page in the dataset's unique order, from `fromOffset` (default 0). */
  pages<Row>(
    dataset: SodaDataset<Row>,
    options?: { where?: readonly Condition[]; pageSize?: number; fromOffset?: number },
    call?: SodaCallOptions,
  ): AsyncGenerator<SodaPage<Row>>;
}

/** Rows read through the schema between two turns of the event loop. */
const PARSE_SLICE = 250;

/** The API's largest page. */
export const MAX_PAGE_SIZE = 50_000;
const DEFAULT_PAGE_SIZE = 10_000;

/** A SoQL string literal: single quotes doubled. */
export function soqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** The `$where` of some conditions, checked against the dataset's fields. */
export function renderWhere(dataset: Pick<SodaDataset<unknown>, "id" | "fields">, conditions: readonly Condition[]): string {
  return conditions
    .map((c) => {
      if (!dataset.fields.includes(c.field)) throw new TypeError(`${c.field} is not a field the client reads from ${dataset.id}`);
      if (c.op === "is not null") return `${c.field} IS NOT NULL`;
      if (c.op === "in") {
        if (c.values.length === 0) throw new TypeError(`an empty IN list on ${c.field}`);
        return `${c.field} IN (${c.values.map(soqlString).join(", ")})`;
      }
      return `${c.field} ${c.op} ${soqlString(c.value)}`;
    })
    .join(" AND ");
}

/** The request URL of a grouped query: the group fields and aggregates, grouped and ordered by the group fields. */
export function groupUrl(baseUrl: string, grouping: SodaGrouping<unknown>, query: SodaQuery): string {
  for (const f of [...grouping.group, ...Object.values(grouping.aggregates).map((a) => a.field)])
    if (!grouping.fields.includes(f)) throw new TypeError(`${f} is not a field the client reads from ${grouping.id}`);
  const select = [...grouping.group, ...Object.entries(grouping.aggregates).map(([alias, a]) => `${a.fn}(${a.field}) AS ${alias}`)];
  const params: [string, string][] = [
    ["$select", select.join(",")],
    ...(query.where && query.where.length > 0 ? ([["$where", renderWhere(grouping, query.where)]] as [string, string][]) : []),
    ["$group", grouping.group.join(",")],
    ["$order", grouping.group.join(",")],
    ["$limit", String(query.limit)],
    ["$offset", String(query.offset ?? 0)],
  ];
  return `${baseUrl}/resource/${grouping.id}.json?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}`;
}

/** The request URL of a query (no token in it: that goes in a header). */
export function queryUrl(baseUrl: string, dataset: SodaDataset<unknown>, query: SodaQuery): string {
  const params: [string, string][] = [
    ["$select", dataset.fields.join(",")],
    ...(query.where && query.where.length > 0 ? ([["$where", renderWhere(dataset, query.where)]] as [string, string][]) : []),
    ["$order", dataset.order.join(",")],
    ["$limit", String(query.limit)],
    ["$offset", String(query.offset ?? 0)],
  ];
  return `${baseUrl}/resource/${dataset.id}.json?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}`;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A short, single-line excerpt of an error body's message. */
function excerpt(text: string, max = 300): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** Socrata's error body: { code, error, message } from the SODA 2.0 endpoints, { errorCode, message, data } from newer ones. */
function readErrorBody(text: string): { code: string | null; message: string } {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const code = typeof body.code === "string" ? body.code : typeof body.errorCode === "string" ? body.errorCode : null;
    return { code, message: typeof body.message === "string" ? excerpt(body.message) : "" };
  } catch {
    return { code: null, message: excerpt(text, 120) };
  }
}

export function createSodaClient(options: SodaClientOptions): SodaClient {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new TypeError("the open data base URL is not a URL");
  }
  if (base.protocol !== "https:" && base.protocol !== "http:") throw new TypeError("the open data base URL must be http(s)");
  const baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, "")}`;
  const doFetch = options.fetch ?? fetch;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.appToken) headers["X-App-Token"] = options.appToken;

  async function attempt(datasetId: string, url: string, signal: AbortSignal | undefined): Promise<unknown[]> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      text = await res.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new SodaUnavailable(datasetId, null, `no answer within ${Math.round(timeoutMs / 1000)} s`);
      throw new SodaUnavailable(
        datasetId,
        null,
        error instanceof Error
          ? excerpt(`${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`, 120)
          : "network failure",
      );
    }
    if (res.status === 429) throw new SodaRateLimited(datasetId, retryAfterMsOf(res.headers.get("Retry-After")));
    if (res.status >= 500) throw new SodaUnavailable(datasetId, res.status, readErrorBody(text).message);
    if (!res.ok) {
      const body = readErrorBody(text);
      throw new SodaQueryError(datasetId, res.status, body.code, body.message);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SodaResponseError(`the City's open data answered ${datasetId} with something that is not JSON`);
    }
    if (!Array.isArray(body))
      throw new SodaResponseError(`the City's open data answered ${datasetId} with JSON that is not a list of rows`);
    return body;
  }

  async function request(datasetId: string, url: string, signal: AbortSignal | undefined): Promise<unknown[]> {
    for (let n = 1; ; n++) {
      try {
        return await attempt(datasetId, url, signal);
      } catch (error) {
        const retryable = error instanceof SodaRateLimited || error instanceof SodaUnavailable;
        if (!retryable || n >= maxAttempts) throw error;
        let wait = Math.min(maxBackoffMs, backoffMs * 2 ** (n - 1));
        if (error instanceof SodaRateLimited && error.retryAfterMs !== null) {
          // Asked to wait longer than we ever would: give up now, the job tries again later.
          if (error.retryAfterMs > maxBackoffMs) throw error;
          wait = Math.max(wait, error.retryAfterMs);
        }
        await sleep(wait, signal);
      }
    }
  }

  /**
   * Reads the rows through the dataset's schema a slice at a time, letting the event loop run
   * between slices: a whole page at once kept a server's requests waiting for a tenth of a second.
   */
  async function readRows<Row>(dataset: Pick<SodaDataset<Row>, "id" | "row">, raw: unknown[], offset: number): Promise<Row[]> {
    const out: Row[] = [];
    for (let start = 0; start < raw.length; start += PARSE_SLICE) {
      if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      for (let i = start; i < Math.min(raw.length, start + PARSE_SLICE); i++) {
        const parsed = dataset.row.safeParse(raw[i]);
        if (parsed.success) {
          out.push(parsed.data);
          continue;
        }
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `field ${issue.path.join(".")}` : "the row";
        throw new SodaResponseError(`row ${offset + i + 1} of ${dataset.id} is malformed: ${where}: ${issue?.message ?? "unreadable"}`);
      }
    }
    return out;
  }

  async function rows<Row>(dataset: SodaDataset<Row>, query: SodaQuery, call: SodaCallOptions = {}): Promise<Row[]> {
    if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE_SIZE)
      throw new RangeError(`limit must be 1 to ${MAX_PAGE_SIZE}`);
    const offset = query.offset ?? 0;
    const raw = await request(dataset.id, queryUrl(baseUrl, dataset, query), call.signal);
    if (raw.length > query.limit) throw new SodaResponseError(`the City's open data answered ${dataset.id} with more rows than asked for`);
    return readRows(dataset, raw, offset);
  }

  async function groups<Row>(grouping: SodaGrouping<Row>, query: SodaQuery, call: SodaCallOptions = {}): Promise<Row[]> {
    if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE_SIZE)
      throw new RangeError(`limit must be 1 to ${MAX_PAGE_SIZE}`);
    const raw = await request(grouping.id, groupUrl(baseUrl, grouping, query), call.signal);
    if (raw.length >= query.limit)
      throw new SodaResponseError(`the City's open data answered ${grouping.id} with ${query.limit} groups or more`);
    return readRows({ id: grouping.id, row: grouping.row }, raw, query.offset ?? 0);
  }

  async function* pages<Row>(
    dataset: SodaDataset<Row>,
    opts: { where?: readonly Condition[]; pageSize?: number; fromOffset?: number } = {},
    call: SodaCallOptions = {},
  ): AsyncGenerator<SodaPage<Row>> {
    const pageSize = opts.pageSize ?? DEFAULT_PAGE_SIZE;
    let offset = opts.fromOffset ?? 0;
    for (;;) {
      const page = await rows(dataset, { where: opts.where, limit: pageSize, offset }, call);
      const last = page.length < pageSize;
      yield { rows: page, offset, nextOffset: offset + page.length, last };
      if (last) return;
      offset += page.length;
    }
  }

  return { rows, groups, pages };
}
