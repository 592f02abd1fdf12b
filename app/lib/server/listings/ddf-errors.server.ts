/**
 * The failures of the DDF® Web API, as the three kinds the sync treats differently: DdfRateLimited
 * (wait as long as the feed asks), DdfUnavailable (the feed is down or slow: back off and try
 * again) and DdfAuthError (the credentials are wrong: nothing changes until the configuration
 * does); DdfResponseError for any other refusal. No message ever carries the client secret or a
 * token: they end up in logs and in the inbox.
 */

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

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMsOf(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
