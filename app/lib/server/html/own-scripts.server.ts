/**
 * The inline scripts a public page may run: only those the site itself wrote (issue 38).
 *
 * A public page carries no per-request nonce (it is the same bytes for everyone, decision 040), so
 * its policy allows its inline scripts by hash. Hashing every inline script found in the finished
 * HTML would allow an injected one too, should a page ever let markup through. Instead the page is
 * rendered with a marker in the nonce attribute of every script the site writes (React Router's
 * context, data and module scripts, the scroll restoration, the deferred-hydration loader and its
 * parked module, React's own: all take the render's nonce), and only scripts carrying that marker
 * are hashed; the marker is then removed. Page content never knows the marker: it is made afresh
 * for each render at the server, and at random for each build for the prerendered pages (whose
 * files keep it until the server reads them, server/prerendered.ts).
 */
import { createHash, randomBytes } from "node:crypto";

/** A marker for one render: unguessable, and safe in an attribute as it is. */
export function newScriptMarker(): string {
  return randomBytes(18).toString("base64url");
}

/** Every script element with its attributes and its text (a script's text cannot contain "</script"). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** Types a browser runs: classic, module, and the parked module the loader turns back into one. */
const RUNS = new Set(["", "text/javascript", "module", "text/x-deferred-module"]);

export interface OwnScripts {
  /** The page without the marker. */
  html: string;
  /** The CSP sources (`'sha256-…'`) of the marked scripts a browser runs, each once. */
  hashes: string[];
}

/** The hashes of the scripts marked with `marker` in `html`, and the page with the marker removed. */
export function ownScripts(html: string, marker: string): OwnScripts {
  const attribute = ` nonce="${marker}"`;
  const hashes = new Set<string>();
  for (const [, attrs = "", text = ""] of html.matchAll(SCRIPT)) {
    if (!attrs.includes(attribute) || /\ssrc=/i.test(attrs)) continue;
    const type = /\stype="([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase() ?? "";
    if (!RUNS.has(type)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}
