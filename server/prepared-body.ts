/**
 * A response body held in memory and answered before Express: the prerendered pages
 * (server/prerendered.ts) and the render cache (server/render-cache.ts). Its ETags are computed
 * once (one per coding), its brotli and gzip forms on the first request that asks for each (a
 * render's again, better, off the main thread, when it is asked for a second time), then kept.
 * Answering costs a lookup and a write: no rendering, no disk, no per-request compression.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

export interface PreparedBody {
  identity: Buffer;
  /** The body's hash: the same bytes give the same ETags on every server. */
  hash: string;
  compressed: { br?: Buffer; gzip?: Buffer };
  /**
   * How a form not made yet is made, on the request that asks for it: at the highest levels (a
   * build file, once per process), or quickly (a render, whose first answer must not wait for
   * more; `recompress` remakes it better once it is asked for again).
   */
  quick: boolean;
}

/** `quick`: a render the server keeps (server/render-cache.ts); else a file of the build. */
export function prepareBody(identity: Buffer, { quick = false }: { quick?: boolean } = {}): PreparedBody {
  return { identity, hash: createHash("sha256").update(identity).digest("base64url").slice(0, 27), compressed: {}, quick };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Brotli 10 rather than 11: a fifth of the time (about 18 ms for a listing page) for 2 % more
 * bytes, and 9 % fewer than the quick level 5. A listing page's answer then fits the first round
 * trip of a new connection (about 14.6 KB, ten TCP segments) with its headers, which a phone on a
 * slow network feels.
 */
const RECOMPRESS_BROTLI_QUALITY = 10;

/**
 * Remakes a quick body's compressed forms at high levels in libuv's thread pool, off the main
 * thread; answers use the quick forms until this is done. Called for a render that is asked for a
 * second time: a page a crawler asks for once never pays for it.
 */
export async function recompress(body: PreparedBody): Promise<void> {
  const [br, gz] = await Promise.all([
    brotliAsync(body.identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: RECOMPRESS_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.identity.length },
    }),
    gzipAsync(body.identity, { level: 9 }),
  ]);
  body.compressed = { br, gzip: gz };
  body.quick = false;
}

/**
 * A strong ETag for each coding of the body (a compressed form is other bytes, so another tag);
 * a client's If-None-Match naming any of them is answered 304, since they hold the same page.
 */
export function etagOf(body: Pick<PreparedBody, "hash">, encoding: "br" | "gzip" | "identity"): string {
  return encoding === "identity" ? `"${body.hash}"` : `"${body.hash}-${encoding}"`;
}

/** Does this If-None-Match (one tag, a list, weak or strong) name the body? */
export function namesBody(ifNoneMatch: string | undefined, body: Pick<PreparedBody, "hash">): boolean {
  return Boolean(ifNoneMatch && (ifNoneMatch.trim() === "*" || ifNoneMatch.includes(`"${body.hash}`)));
}

function bodyFor(body: PreparedBody, encoding: "br" | "gzip" | "identity"): Buffer {
  if (encoding === "identity") return body.identity;
  // Quick: the levels of on-the-fly compression (server/index.ts), about a millisecond for a page.
  body.compressed[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(body.identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: body.quick ? 5 : constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.identity.length,
          },
        })
      : gzipSync(body.identity, { level: body.quick ? 6 : 9 });
  return body.compressed[encoding];
}

/** The best encoding the client accepts (q=0 means "not acceptable"). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/** What a request says about the answer it can take. */
export interface Asking {
  method: string;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

export function askingOf(req: IncomingMessage): Asking {
  return { method: req.method ?? "GET", ifNoneMatch: req.headers["if-none-match"], acceptEncoding: req.headers["accept-encoding"] };
}

/**
 * The answer to a GET or HEAD with this body and `headers` (Cache-Control and the like; ETag,
 * Vary and the coding are set here): a 304 when the client's If-None-Match names the body.
 */
export function answerOf(
  asking: Asking,
  body: PreparedBody,
  headers: Iterable<readonly [string, string]>,
  status = 200,
): { status: number; headers: (readonly [string, string])[]; bytes: Buffer | undefined } {
  const encoding = pickEncoding(asking.acceptEncoding);
  const out: (readonly [string, string])[] = [...headers, ["ETag", etagOf(body, encoding)], ["Vary", "Accept-Encoding"]];
  if (status === 200 && namesBody(asking.ifNoneMatch, body)) return { status: 304, headers: out, bytes: undefined };
  const bytes = bodyFor(body, encoding);
  if (encoding !== "identity") out.push(["Content-Encoding", encoding]);
  out.push(["Content-Length", String(bytes.length)]);
  return { status, headers: out, bytes: asking.method === "HEAD" ? undefined : bytes };
}

/** Writes `answerOf` on a node:http response (the paths answered before Express). */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  body: PreparedBody,
  headers: Iterable<readonly [string, string]>,
): void {
  const answer = answerOf(askingOf(req), body, headers);
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.end(answer.bytes);
}
