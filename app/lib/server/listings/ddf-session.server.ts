/**
 * The token and paging part of the DDF® client: an OAuth 2.0 client-credentials token, cached
 * and renewed before it lapses, sent only to the API's own origin; GETs that end on the client's
 * timeout or the caller's signal and turn every failure into a DdfError; and the pages of an
 * OData collection, followed by `@odata.nextLink`. Text the feed sends back is scrubbed of the
 * secret and the token before it goes into a message.
 */
import { DdfAuthError, type DdfError, DdfRateLimited, DdfResponseError, DdfUnavailable, retryAfterMsOf } from "./ddf-errors.server";

export interface DdfClientOptions {
  tokenUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** Per request (default 30 s): the feed has no SLA, and a hung request must not hold the lease. */
  timeoutMs?: number;
}

/** A token is renewed this long before it expires, so no request goes out with one about to lapse. */
const TOKEN_MARGIN_MS = 60_000;

/** Requests to the API with a valid token; `signal` as in DdfCallOptions. */
export interface DdfSession {
  /** The API's URL, without a trailing slash. */
  readonly apiBase: string;
  readonly origin: string;
  /** Every page of a collection answer, following nextLink. */
  pages<T>(firstUrl: string, signal: AbortSignal | undefined): AsyncGenerator<T[]>;
  /** Every record of a collection answer, all pages. */
  all<T>(firstUrl: string, signal: AbortSignal | undefined): Promise<T[]>;
}

export function openDdfSession(options: DdfClientOptions): DdfSession {
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
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: options.clientId,
      client_secret: options.clientSecret,
      scope: "DDFApi_Read",
    });
    const response = await send(
      options.tokenUrl,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body,
      },
      signal,
    );
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new DdfAuthError(
        `the DDF identity server refused the client credentials (HTTP ${response.status}); check DDF_CLIENT_ID and DDF_CLIENT_SECRET`,
      );
    }
    if (!response.ok) throw await failureOf(response);
    const json = (await readJson(response, signal)) as { access_token?: unknown; expires_in?: unknown };
    if (typeof json.access_token !== "string" || !json.access_token)
      throw new DdfResponseError(response.status, "the token answer has no access_token");
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
        throw new DdfAuthError(
          `the DDF feed refused a fresh access token (HTTP ${response.status}); check the feed's permissions for DDF_CLIENT_ID`,
        );
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

  return { apiBase, origin: apiOrigin, pages, all };
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
