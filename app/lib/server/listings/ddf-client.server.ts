/**
 * The DDF® Web API, as CREA documents it: an OAuth 2.0 client-credentials token, then OData v4
 * over the Property, Office and OpenHouse resources (pages of at most 100, `@odata.nextLink` to
 * the next one) and the PropertyReplication and OfficeReplication functions (every key with its
 * ModificationTimestamp). Only fields CREA's published description names are ever asked for.
 *
 * Failures come out as the three kinds the sync treats differently: DdfRateLimited (wait as long
 * as the feed asks), DdfUnavailable (the feed is down or slow: back off and try again) and
 * DdfAuthError (the credentials are wrong: nothing changes until the configuration does). No
 * message ever carries the client secret or a token: they end up in logs and in the inbox.
 */
import buildQuery from "odata-query";
import { type DdfOffice, type DdfOpenHouse, type DdfProperty, OFFICE_FIELDS, OPEN_HOUSE_FIELDS, PROPERTY_FIELDS } from "./property.server";

/** Anything the feed did wrong; the message is safe to log and to show in the inbox. */
export class DdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** 429: the feed asks us to slow down, for `retryAfterMs` when it says so (null otherwise). */
export class DdfRateLimited extends DdfError {
  constructor(readonly retryAfterMs: number | null) {
    super(`the DDF feed is rate limiting requests${retryAfterMs === null ? "" : ` (retry after ${Math.ceil(retryAfterMs / 1000)} s)`}`);
  }
}

/** A 5xx, a timeout or a network failure (status null): temporary, worth trying again later. */
export class DdfUnavailable extends DdfError {
  constructor(
    readonly status: number | null,
    detail: string,
  ) {
    super(`the DDF feed is unavailable (${status === null ? detail : `HTTP ${status}${detail ? `: ${detail}` : ""}`})`);
  }
}

/** The credentials were refused: permanent until DDF_CLIENT_ID / DDF_CLIENT_SECRET change. */
export class DdfAuthError extends DdfError {}

/** Any other refusal or an answer that is not what the documentation describes. */
export class DdfResponseError extends DdfError {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`the DDF feed answered HTTP ${status}${detail ? `: ${detail}` : ""}`);
  }
}

/** One record of a replication function: the record's key and its ModificationTimestamp. */
export interface ReplicationEntry {
  key: string;
  ModificationTimestamp: string;
}

/** The resources the site replicates, each with its key field, the fields it reads and its replication function. */
export const DDF_RESOURCES = {
  Property: { key: "ListingKey", fields: PROPERTY_FIELDS, replication: "PropertyReplication()" },
  Office: { key: "OfficeKey", fields: OFFICE_FIELDS, replication: "OfficeReplication()" },
} as const;
export type ReplicatedResource = keyof typeof DDF_RESOURCES;
interface RecordOf {
  Property: DdfProperty;
  Office: DdfOffice;
}

export interface PropertyQuery {
  filter?: Record<string, unknown> | string;
  /** At most 100 (the feed's limit). */
  top?: number;
  skip?: number;
  /** "ModificationTimestamp asc", or several terms in order. */
  orderBy?: string | string[];
  select?: readonly string[];
}

/**
 * Per call: `signal` abandons the call's request in flight at once (and any token request it
 * started) and makes no other; the call then rejects with the signal's reason, not a DdfError.
 * A request also ends on its own after the client's `timeoutMs`.
 */
export interface DdfCallOptions {
  signal?: AbortSignal;
}

export interface DdfClient {
  /** The pages of a query on a replicated resource, following `@odata.nextLink` until the last one. */
  records<R extends ReplicatedResource>(resource: R, query: PropertyQuery, call?: DdfCallOptions): AsyncGenerator<RecordOf[R][]>;
  /** The records with these keys (asked 100 at a time); keys the feed no longer has are simply absent. */
  recordsByKeys<R extends ReplicatedResource>(resource: R, keys: readonly string[], call?: DdfCallOptions): Promise<RecordOf[R][]>;
  /** Keys changed after `since`; without it, every key currently in the feed. */
  replication(resource: ReplicatedResource, since?: Date, call?: DdfCallOptions): Promise<ReplicationEntry[]>;
  /** Every open house from `from` (a date, Edmonton's day) on; the resource has no replication function. */
  openHouses(from: string, call?: DdfCallOptions): Promise<DdfOpenHouse[]>;
  /** Where the API is (origin only), for the start-up line. */
  readonly origin: string;
}

export interface DdfClientOptions {
  tokenUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** Per request (default 30 s): the feed has no SLA, and a hung request must not hold the lease. */
  timeoutMs?: number;
}

export const DDF_PAGE_SIZE = 100;
/** A token is renewed this long before it expires, so no request goes out with one about to lapse. */
const TOKEN_MARGIN_MS = 60_000;

export function createDdfClient(options: DdfClientOptions): DdfClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const apiBase = options.apiUrl.replace(/\/+$/, "");
  const apiOrigin = new URL(apiBase).origin;
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  /** Removes the secret and the token from text the feed sent back, in case it echoes them. */
  const scrub = (text: string) => {
    let out = text.slice(0, 300);
    for (const hidden of [options.clientSecret, token?.value]) if (hidden) out = out.split(hidden).join("[hidden]");
    return out;
  };

  /** One request, ended by the client's timeout or the caller's signal, whichever comes first. */
  async function send(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await doFetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      signal?.throwIfAborted();
      throw networkFailure(error, timeoutMs);
    }
  }

  async function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      signal?.throwIfAborted();
      if (isTimeout(error)) throw networkFailure(error, timeoutMs);
      throw new DdfResponseError(response.status, "the body is not JSON");
    }
  }

  async function fetchToken(signal: AbortSignal | undefined): Promise<string> {
    const body = new URLSearchParams({ grant_type: "client_credentials", client_id: options.clientId, client_secret: options.clientSecret, scope: "DDFApi_Read" });
    const response = await send(options.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
    }, signal);
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new DdfAuthError(`the DDF identity server refused the client credentials (HTTP ${response.status}); check DDF_CLIENT_ID and DDF_CLIENT_SECRET`);
    }
    if (!response.ok) throw await failureOf(response);
    const json = (await readJson(response, signal)) as { access_token?: unknown; expires_in?: unknown };
    if (typeof json.access_token !== "string" || !json.access_token) throw new DdfResponseError(response.status, "the token answer has no access_token");
    const lifetimeMs = (typeof json.expires_in === "number" && json.expires_in > 0 ? json.expires_in : 3600) * 1000;
    // A very short lifetime still gets used once rather than renewed before every request.
    token = { value: json.access_token, expiresAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return token.value;
  }

  /**
   * The cached token, or a new one; concurrent callers share one request for it (carrying the
   * signal of the call that started it: the sync makes one call at a time).
   */
  function accessToken(renew: boolean, signal: AbortSignal | undefined): Promise<string> {
    if (!renew && token && Date.now() < token.expiresAt) return Promise.resolve(token.value);
    if (renew) token = null;
    pendingToken ??= fetchToken(signal).finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** A GET on the API with the bearer token; a 401 gets a new token and one more try. */
  async function get(url: string, signal: AbortSignal | undefined): Promise<unknown> {
    // The token goes only to the API's own origin, whatever a nextLink says.
    if (new URL(url).origin !== apiOrigin) throw new DdfResponseError(200, "a next page link points outside the API");
    for (let attempt = 1; ; attempt++) {
      const bearer = await accessToken(attempt > 1, signal);
      const response = await send(url, { headers: { authorization: `Bearer ${bearer}`, accept: "application/json" } }, signal);
      if (response.status === 401 && attempt === 1) {
        await response.body?.cancel();
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new DdfAuthError(`the DDF feed refused a fresh access token (HTTP ${response.status}); check the feed's permissions for DDF_CLIENT_ID`);
      }
      if (!response.ok) {
        const failure = await failureOf(response);
        signal?.throwIfAborted();
        throw failure;
      }
      return readJson(response, signal);
    }
  }

  async function failureOf(response: Response): Promise<DdfError> {
    if (response.status === 429) {
      await response.body?.cancel();
      return new DdfRateLimited(retryAfterMsOf(response.headers.get("retry-after")));
    }
    const detail = scrub(await envelopeMessage(response));
    return response.status >= 500 ? new DdfUnavailable(response.status, detail) : new DdfResponseError(response.status, detail);
  }

  /** Every page of a collection answer, following nextLink. */
  async function* pages<T>(firstUrl: string, signal: AbortSignal | undefined): AsyncGenerator<T[]> {
    let url: string | undefined = firstUrl;
    while (url) {
      const json = (await get(url, signal)) as { value?: unknown; "@odata.nextLink"?: unknown };
      if (!Array.isArray(json.value)) throw new DdfResponseError(200, "the answer has no value list");
      yield json.value as T[];
      const next = json["@odata.nextLink"];
      url = typeof next === "string" && next ? new URL(next, `${apiBase}/`).toString() : undefined;
    }
  }

  async function all<T>(firstUrl: string, signal: AbortSignal | undefined): Promise<T[]> {
    const out: T[] = [];
    for await (const page of pages<T>(firstUrl, signal)) out.push(...page);
    return out;
  }

  return {
    origin: apiOrigin,
    records<R extends ReplicatedResource>(resource: R, query: PropertyQuery, call?: DdfCallOptions) {
      const qs = buildQuery({
        select: [...(query.select ?? DDF_RESOURCES[resource].fields)],
        filter: query.filter,
        orderBy: Array.isArray(query.orderBy) ? query.orderBy.join(",") : query.orderBy,
        top: Math.min(query.top ?? DDF_PAGE_SIZE, DDF_PAGE_SIZE),
        skip: query.skip,
      });
      return pages<RecordOf[R]>(`${apiBase}/${resource}${qs}`, call?.signal);
    },
    async recordsByKeys<R extends ReplicatedResource>(resource: R, keys: readonly string[], call?: DdfCallOptions) {
      const { key, fields } = DDF_RESOURCES[resource];
      const out: RecordOf[R][] = [];
      for (let i = 0; i < keys.length; i += DDF_PAGE_SIZE) {
        const batch = keys.slice(i, i + DDF_PAGE_SIZE);
        const qs = buildQuery({ select: [...fields], filter: { [key]: { in: batch } }, top: DDF_PAGE_SIZE });
        out.push(...(await all<RecordOf[R]>(`${apiBase}/${resource}${qs}`, call?.signal)));
      }
      return out;
    },
    async replication(resource, since, call) {
      const { key, replication } = DDF_RESOURCES[resource];
      const qs = since ? buildQuery({ filter: { ModificationTimestamp: { gt: since } } }) : "";
      const entries = await all<Record<string, unknown>>(`${apiBase}/${resource}/${replication}${qs}`, call?.signal);
      return entries.flatMap((e) =>
        typeof e?.[key] === "string" && typeof e.ModificationTimestamp === "string" ? [{ key: e[key], ModificationTimestamp: e.ModificationTimestamp }] : [],
      );
    },
    openHouses(from, call) {
      // OpenHouseDate is declared a date-time: compared with the day's start, as OData expects.
      const qs = buildQuery({
        select: [...OPEN_HOUSE_FIELDS],
        filter: `OpenHouseDate ge ${from}T00:00:00Z`,
        orderBy: "OpenHouseKey asc",
        top: DDF_PAGE_SIZE,
      });
      return all<DdfOpenHouse>(`${apiBase}/OpenHouse${qs}`, call?.signal);
    },
  };
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMsOf(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The documented error envelope's code and message, or nothing. */
async function envelopeMessage(response: Response): Promise<string> {
  try {
    const json = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    const code = typeof json.error?.code === "string" || typeof json.error?.code === "number" ? String(json.error.code) : "";
    const message = typeof json.error?.message === "string" ? json.error.message : "";
    return [code, message].filter(Boolean).join(" ");
  } catch {
    return "";
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** A fetch that never got an answer; only the error's code is kept (its cause may describe the request). */
function networkFailure(error: unknown, timeoutMs: number): DdfUnavailable {
  if (isTimeout(error)) return new DdfUnavailable(null, `no answer within ${Math.round(timeoutMs / 1000)} s`);
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === "string" ? cause.code : "network error";
  return new DdfUnavailable(null, code);
}
