/**
 * The server's own cache of its public renders (issue 29, decision 040): a listing, area or search
 * page is rendered once per sync generation and address, then answered from memory before
 * Express, as a prerendered page is, until the next sync run finishes. Without a CDN in front,
 * a crawler walking the listings or a listing gone viral costs the server a lookup and a write.
 *
 * - What is kept: a 200 to a GET that the root route's middleware marked shareable
 *   (app/lib/http/shared-cache.server.ts), under the request's own target (`/listings?beds=3`):
 *   one answer per spelling, each rendered by React Router first, so a hit answers exactly what
 *   the app would. Nothing about a visitor is in it (shareable answers read no cookie and carry no
 *   nonce: their inline scripts are allowed by hash, server/security-headers.ts).
 * - Generation: the listings sync's last finished run (`listing_sync.last_finished_at`), read by
 *   every server every 2 s (RenderGenerationJob); a new one empties the cache. A render that began
 *   under the old generation is not kept.
 * - Bounded: by bytes (least recently used first out) and by age, a minute, because a page also
 *   follows the day (days on the market, open-house dates).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { type PreparedBody, answerOf, prepareBody, sendPrepared } from "./prepared-body";
import { type CspSources, prerenderedCsp } from "./security-headers";

/** Memory for kept renders (a listing page is about 100 KB, plus its compressed forms once asked for). */
const MAX_BYTES = 96 * 1024 * 1024;
/** A kept render is rendered again after this, whatever the generation. */
const MAX_AGE_MS = 60_000;

interface Kept {
  body: PreparedBody;
  headers: [string, string][];
}

/** One request's view of the cache: where its answer would be kept, and under which generation. */
export interface RenderTicket {
  /**
   * The answer of a shareable render: its inline scripts allowed by hash when it is HTML, its ETag
   * and coding set, a 304 when the client already holds it; kept when it is a 200 to a GET.
   */
  finish(request: Request, response: Response, options: { keep: boolean }): Promise<Response>;
}

export class RenderCache {
  private generation: number | null = null;
  private readonly kept: LRUCache<string, Kept>;

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
      // The compressed forms are made later, on demand: counted ahead at about a third.
      sizeCalculation: (entry) => Math.ceil(entry.body.identity.length * 1.35) + 512,
      ttl: MAX_AGE_MS,
    });
  }

  /** The sync generation now; a new one drops every kept render. */
  setGeneration(generation: number): void {
    if (generation === this.generation) return;
    this.generation = generation;
    this.kept.clear();
  }

  get size(): number {
    return this.kept.size;
  }

  /** A node:http handler run before Express: answers a GET or HEAD it holds, else returns false. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url) return false;
    const entry = this.kept.get(req.url);
    if (!entry) return false;
    sendPrepared(req, res, entry.body, entry.headers);
    return true;
  }

  /** The ticket of a request whose target (`req.originalUrl`) is `target`, taken as it arrives. */
  ticket(target: string): RenderTicket {
    const generation = this.generation;
    return {
      finish: async (request, response, { keep }) => {
        if (request.method === "HEAD" || !response.body) return response;
        const body = prepareBody(Buffer.from(await response.arrayBuffer()), "moderate");
        const headers: [string, string][] = [];
        for (const [name, value] of response.headers) {
          // Length and coding are the answer's own (answerOf); ETag and Vary too.
          if (!["content-length", "content-encoding", "etag", "vary"].includes(name)) headers.push([name, value]);
        }
        if (response.headers.get("Content-Type")?.startsWith("text/html")) {
          const policy = prerenderedCsp(body.identity.toString("utf8"), this.sources);
          const at = headers.findIndex(([name]) => name === "content-security-policy");
          if (at >= 0) headers.splice(at, 1);
          headers.push(["Content-Security-Policy", policy]);
        }
        if (keep && response.status === 200 && request.method === "GET" && generation === this.generation) {
          this.kept.set(target, { body, headers: [...this.baseHeaders, ...headers] });
        }
        const answer = answerOf({ method: request.method, ifNoneMatch: request.headers.get("If-None-Match") ?? undefined, acceptEncoding: request.headers.get("Accept-Encoding") ?? undefined }, body, headers, response.status);
        return new Response(answer.bytes && new Uint8Array(answer.bytes.buffer as ArrayBuffer, answer.bytes.byteOffset, answer.bytes.length), { status: answer.status, headers: answer.headers as [string, string][] });
      },
    };
  }
}
