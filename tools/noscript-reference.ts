/**
 * The no-script reference of `npm run audit` (issues 42, 43, 45: a page "at its no-script floor").
 *
 * Lighthouse's figures move with the machine (hosts differ up to four times in speed, and this one
 * is shared), so each page is given beside the same page without its scripts, measured in the same
 * audit on the same server: the difference is what the scripts cost a phone. The page reaches the
 * browser through a loopback proxy in the audit's process that forwards every request to the site
 * unchanged, except that HTML answers lose their script elements (module, inline, the
 * deferred-hydration loader and its parked module) and their modulepreload links. JSON-LD stays (it
 * is data, not a script), and so do styles, images and fonts, so the largest paint is the same
 * element loaded the same way. The page's policy then names the hashes of scripts that are absent,
 * which is harmless.
 *
 * A proxy rather than switching JavaScript off in the browser (Lighthouse 12 has no setting for
 * it; Chromium's `--blink-settings=scriptEnabled=false` is one): with scripting off a browser
 * renders `<noscript>` content (the listing photos' fallback, the form embeds' link), which would
 * be another page than the one a visitor's phone paints before the scripts run.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync, inflateSync, deflateSync } from "node:zlib";

/** Every script element, its attributes and its text (a script's text cannot contain "</script"). */
const SCRIPT = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const TYPE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const MODULEPRELOAD = /<link\b[^>]*\srel\s*=\s*(?:"modulepreload"|'modulepreload'|modulepreload(?=[\s/>]))[^>]*>/gi;

/** The page without its scripts and modulepreload links; JSON-LD and everything else kept byte for byte. */
export function stripScripts(html: string): string {
  return html
    .replace(SCRIPT, (element, attrs: string) => {
      const match = TYPE.exec(attrs);
      const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim().toLowerCase();
      return type === "application/ld+json" ? element : "";
    })
    .replace(MODULEPRELOAD, "");
}

/** Does the answer ask search engines not to index the page (robots meta or X-Robots-Tag)? */
export function robotsNoindex(html: string, xRobotsTag?: string | null): boolean {
  if (xRobotsTag && /\bnoindex\b/i.test(xRobotsTag)) return true;
  for (const [meta] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (/\sname\s*=\s*["']?robots["'\s/>]/i.test(meta) && /\scontent\s*=\s*["'][^"']*\bnoindex\b/i.test(meta)) return true;
  }
  return false;
}

/** A page's medians and its no-script medians, for the verdict. */
export interface FloorFigures {
  lcp: number;
  tbt: number;
  cls: number;
}

/** How far a page's LCP may be above its no-script LCP and still be at the floor: 50 ms or 5 %. */
export const lcpAllowance = (noScriptLcp: number) => Math.max(50, noScriptLcp * 0.05);

/**
 * "At its no-script floor": the median LCP within max(50 ms, 5 %) of the no-script median, TBT at
 * most 50 ms, and the same CLS (to the thousandth the table prints). Returns what is missed, empty
 * when the floor is met.
 */
export function floorMisses(page: FloorFigures, noScript: FloorFigures): string[] {
  const misses: string[] = [];
  if (![page.lcp, page.tbt, page.cls, noScript.lcp, noScript.cls].every(Number.isFinite)) return ["not measured"];
  const over = page.lcp - noScript.lcp;
  if (over > lcpAllowance(noScript.lcp)) misses.push(`LCP +${over.toFixed(0)} ms`);
  if (page.tbt > 50) misses.push(`TBT ${page.tbt.toFixed(0)} ms`);
  if (Math.abs(page.cls - noScript.cls) >= 0.0005) misses.push(`CLS ${page.cls.toFixed(3)} vs ${noScript.cls.toFixed(3)}`);
  return misses;
}

type Coding = "br" | "gzip" | "deflate" | "identity";

function decode(body: Buffer, coding: Coding): Buffer {
  if (coding === "br") return brotliDecompressSync(body);
  if (coding === "gzip") return gunzipSync(body);
  if (coding === "deflate") return inflateSync(body);
  return body;
}

/**
 * The stripped page is sent in the coding the site chose, at the levels of the site's kept renders
 * (brotli 10, gzip 9; server/prepared-body.ts): sent uncompressed it would be several times the
 * bytes, and Lighthouse's simulated 1.6 Mbit/s network would make the reference slower than the page.
 */
function encode(body: Buffer, coding: Coding): Buffer {
  if (coding === "br")
    return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (coding === "gzip") return gzipSync(body, { level: 9 });
  if (coding === "deflate") return deflateSync(body, { level: 9 });
  return body;
}

export interface NoScriptProxy {
  /** `http://localhost:{port}`: the same host name as the audited site, so the browser reaches both alike. */
  origin: string;
  close(): Promise<void>;
}

/** A loopback proxy to `target` (an origin) that strips the scripts from its HTML answers. */
export async function startNoScriptProxy(target: string): Promise<NoScriptProxy> {
  const site = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: site.hostname === "localhost" ? "127.0.0.1" : site.hostname,
        port: site.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: site.host },
        agent,
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (typeof headers.location === "string" && headers.location.startsWith(site.origin))
          headers.location = proxyOrigin + headers.location.slice(site.origin.length);
        const isHtml = /^text\/html\b/i.test(String(headers["content-type"] ?? ""));
        if (!isHtml || req.method === "HEAD" || answer.statusCode === 304) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          try {
            const coding = (String(headers["content-encoding"] ?? "identity")
              .trim()
              .toLowerCase() || "identity") as Coding;
            const html = stripScripts(decode(Buffer.concat(chunks), coding).toString("utf8"));
            const body = encode(Buffer.from(html, "utf8"), coding);
            // Other bytes than the site's: its validators no longer name them.
            delete headers.etag;
            delete headers["transfer-encoding"];
            headers["content-length"] = String(body.length);
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(body);
          } catch (error) {
            res.writeHead(502, { "content-type": "text/plain" });
            res.end(`no-script proxy: ${(error as Error).message}`);
          }
        });
      },
    );
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`no-script proxy: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxyOrigin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin: proxyOrigin,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
