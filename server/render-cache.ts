/**
 * The server's own cache of its public renders (issue 29, decision 040): a listing, area or search
 * page is rendered once per sync generation and address, then answered from memory before
 * Express, as a prerendered page is, until the next sync run finishes. Without a CDN in front,
 * a crawler walking the listings or a listing gone viral costs the server a lookup and a write.
 *
 * - What is kept: a 200 to a GET that the root route's middleware marked shareable
 *   (app/lib/server/http/shared-cache.server.ts), under the request's own target (`/listings?beds=3`):
 *   one answer per spelling, each rendered by React Router first, so a hit answers exactly what
 *   the app would. Nothing about a visitor is in it (shareable answers read no cookie and carry no
 *   nonce: their inline scripts are allowed by hash, server/security-headers.ts).
 * - Generation: the listings sync's last finished run (`listing_sync.last_finished_at`), read by
 *   every server every 2 s (RenderGenerationJob); a render of an older one is stale. So is a render
 *   older than a minute, because a page also follows the day (days on the market, open houses).
 *   A render that began under the old generation is not kept.
 * - One render per stale page: the first request for it is rendered afresh while the others that
 *   arrive meanwhile (a few milliseconds) get the stale copy, as a CDN's stale-while-revalidate
 *   does; without it, a page wanted by many at the moment a sync finished would be rendered by
 *   each of them at once.
 * - Bounded by bytes, least recently used first out.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { type PreparedBody, answerOf, prepareBody, recompress, sendPrepared } from "./prepared-body";
import { type CspSources, publicCsp } from "./security-headers";
import type { RenderTicket } from "../app/lib/server/http/render-ticket.server";

/**
 * Memory for kept renders (a listing page is about 60 KB, and 25 KB more for its compressed forms):
 * about 400 listing pages. It was 96 MB; with the rest of a flood's cost it took the server past
 * 600 MB resident (issue 38, decision 043). The pages worth keeping are the few asked for again
 * and again (a listing gone viral, the area pages); a crawler asks for each page once.
 */
const MAX_BYTES = 32 * 1024 * 1024;
/**
 * Renders of a longer target are answered but not kept: the site's own addresses (a listings search
 * with every filter) are far shorter, and a flood of distinct long addresses would only push the
 * pages in demand out (issue 38).
 */
export const MAX_KEPT_TARGET_LENGTH = 512;
/** A kept render is rendered again after this, whatever the generation. */
const MAX_AGE_MS = 60_000;
/** A stale copy is given to others only while its fresh render is under way, and only this long. */
const REFRESH_WAIT_MS = 10_000;
/** Past this age a copy is too old to give even while it is rendered afresh: everyone waits for a render. */
const MAX_STALE_AGE_MS = 10 * 60_000;

interface Kept {
  body: PreparedBody;
  headers: [string, string][];
  generation: number | null;
  keptAt: number;
  /** Its better compressed forms are being made (prepared-body.ts `recompress`). */
  recompressing?: boolean;
}

export class RenderCache {
  private generation: number | null = null;
  private readonly kept: LRUCache<string, Kept>;
  /** A render's better compressed forms are being made (one at a time). */
  private recompressingOne = false;
  /** The stale renders being rendered afresh, with when that began. */
  private readonly refreshing = new Map<string, number>();

  /**
   * `baseHeaders`: the security headers every answer carries (Express adds them on the way out,
   * the fast path here must too). `sources`: the hosts of the pages' policy.
   */
  constructor(
    private readonly baseHeaders: readonly [string, string][],
    private readonly sources: CspSources,
    { maxBytes = MAX_BYTES }: { maxBytes?: number } = {},
  ) {
    this.kept = new LRUCache<string, Kept>({
      maxSize: maxBytes,
      // Its compressed forms are made later (counted ahead at about a fifth of it each); its key
      // (the request target, up to 2 KB: server/request-target.ts) and headers are counted too.
      sizeCalculation: (entry, key) =>
        Math.ceil(entry.body.identity.length * 1.45) +
        key.length +
        entry.headers.reduce((n, [name, value]) => n + name.length + value.length, 0) +
        512,
    });
  }

  /** The sync generation now; the renders of another are stale from now on. */
  setGeneration(generation: number): void {
    this.generation = generation;
  }

  get size(): number {
    return this.kept.size;
  }

  /** Whether a render of `target` is kept, and fresh (for the tests). */
  state(target: string): "fresh" | "stale" | "none" {
    const entry = this.kept.peek(target);
    return !entry ? "none" : this.isFresh(entry, Date.now()) ? "fresh" : "stale";
  }

  private isFresh(entry: Kept, now: number): boolean {
    return entry.generation === this.generation && now - entry.keptAt < MAX_AGE_MS;
  }

  /**
   * A node:http handler run before Express: answers a GET or HEAD with the render it holds, else
   * returns false (the app renders it). A stale render is answered only while another request is
   * rendering it afresh.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url) return false;
    const entry = this.kept.get(req.url);
    if (!entry) return false;
    const now = Date.now();
    if (!this.isFresh(entry, now)) {
      if (now - entry.keptAt > MAX_STALE_AGE_MS) return false;
      const since = this.refreshing.get(req.url);
      if (since === undefined || now - since > REFRESH_WAIT_MS) {
        // This request renders it; a render that never finished (the client left) is retried after REFRESH_WAIT_MS.
        this.refreshing.set(req.url, now);
        return false;
      }
    }
    if (entry.body.quick && !entry.recompressing && !this.recompressingOne) {
      // One at a time: on two cores, several at once (the first hits after a sync) would starve
      // the main thread. A render passed over is recompressed at a later hit.
      entry.recompressing = true;
      this.recompressingOne = true;
      recompress(entry.body)
        // A failure leaves the quick forms in use; nothing to tell anyone.
        .catch(() => undefined)
        .finally(() => (this.recompressingOne = false));
    }
    sendPrepared(req, res, entry.body, entry.headers);
    return true;
  }

  /** The ticket of a request whose target (`req.originalUrl`) is `target`, taken as it arrives. */
  ticket(target: string): RenderTicket {
    const generation = this.generation;
    return {
      finish: async (request, response, { keep, ownScripts }) => {
        if (request.method === "HEAD" || !response.body) {
          this.refreshing.delete(target);
          return response;
        }
        const body = prepareBody(Buffer.from(await response.arrayBuffer()), { quick: true });
        const headers: [string, string][] = [];
        for (const [name, value] of response.headers) {
          // Length and coding are the answer's own (answerOf); ETag and Vary too.
          if (!["content-length", "content-encoding", "etag", "vary"].includes(name)) headers.push([name, value]);
        }
        if (response.headers.get("Content-Type")?.startsWith("text/html")) {
          const policy = publicCsp(ownScripts ?? [], this.sources);
          const at = headers.findIndex(([name]) => name === "content-security-policy");
          if (at >= 0) headers.splice(at, 1);
          headers.push(["Content-Security-Policy", policy]);
        }
        if (
          keep &&
          response.status === 200 &&
          request.method === "GET" &&
          generation === this.generation &&
          target.length <= MAX_KEPT_TARGET_LENGTH
        ) {
          this.kept.set(target, { body, headers: [...this.baseHeaders, ...headers], generation, keptAt: Date.now() });
        } else {
          // A page that is now gone, or an error: its old copy must not be given out again.
          this.kept.delete(target);
        }
        this.refreshing.delete(target);
        const answer = answerOf(
          {
            method: request.method,
            ifNoneMatch: request.headers.get("If-None-Match") ?? undefined,
            acceptEncoding: request.headers.get("Accept-Encoding") ?? undefined,
          },
          body,
          headers,
          response.status,
        );
        return new Response(
          answer.bytes && new Uint8Array(answer.bytes.buffer as ArrayBuffer, answer.bytes.byteOffset, answer.bytes.length),
          { status: answer.status, headers: answer.headers as [string, string][] },
        );
      },
    };
  }
}
