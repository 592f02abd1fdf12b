/**
 * What shared-cache.spec.ts asks of every answer (issue 29): the contract's Cache-Control values,
 * a plain client's GET, the headers of a shareable answer, the documents a browser received, and a
 * new visitor on a phone.
 */
import type { Browser, BrowserContext, Response as PageResponse } from "@playwright/test";
import { expect, phoneViewport } from "./support";

/** The contract's values (app/lib/http/cache-policy.ts), spelled out: the test is the contract, not a copy of the module. */
export const LIVE = "public, max-age=0, s-maxage=20, stale-while-revalidate=30, stale-if-error=86400";
export const BUILD = "public, max-age=0, s-maxage=600, stale-while-revalidate=600, stale-if-error=86400";
export const PRIVATE = "private, no-store";

export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** A GET as a plain client makes it (gzip, the coding a CDN asks its origin for), redirects not followed. */
export async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers: { "accept-encoding": "gzip", ...headers }, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The headers every shareable answer carries, of its kind's Cache-Control. */
export function expectShareable(label: string, answer: Answer, cacheControl: string) {
  expect(answer.status, label).toBe(200);
  expect(answer.headers.get("cache-control"), `${label}: Cache-Control`).toBe(cacheControl);
  expect(answer.headers.get("etag"), `${label}: a strong ETag`).toMatch(/^"[^"]+"$/);
  expect(answer.headers.get("vary"), `${label}: Vary`).toBe("Accept-Encoding");
  expect(answer.headers.getSetCookie(), `${label}: no Set-Cookie`).toEqual([]);
}

export interface SeenDocument {
  url: string;
  method: string;
  xCache: string | undefined;
  cacheControl: string | undefined;
}

/** The documents (redirects included) a context receives from `origin` from now on. */
export function recordDocuments(context: BrowserContext, origin: string): SeenDocument[] {
  const seen: SeenDocument[] = [];
  context.on("response", (response: PageResponse) => {
    if (!response.url().startsWith(origin) || response.request().resourceType() !== "document") return;
    const headers = response.headers();
    seen.push({
      url: response.url(),
      method: response.request().method(),
      xCache: headers["x-cache"],
      cacheControl: headers["cache-control"],
    });
  });
  return seen;
}

/**
 * A new visitor (a context of its own) on a 390 px phone opens `url` and waits until React has
 * hydrated the page (root.tsx's markHydrated): the document's headers and the Content-Security-
 * Policy violations the browser reported, in the console or as events.
 */
export async function visitOnPhone(browser: Browser, url: string): Promise<{ headers: Record<string, string>; violations: string[] }> {
  const context = await browser.newContext({ viewport: phoneViewport });
  try {
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const store = window as unknown as { cspViolations?: string[] };
        (store.cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 30_000 });
    violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])));
    return { headers: await response!.allHeaders(), violations };
  } finally {
    await context.close();
  }
}
