/**
 * Deferred hydration against the real build (issue 10): the pages React Router renders from this
 * build, before our rewrite, carry the markers deferHydration expects; the rewrite parks exactly
 * React Router's module script and drops only its preloads; and if an upgrade changed those
 * markers, the page would be sent as React Router rendered it (so it still hydrates), logged once.
 * The rewrite and its loader are the build's own (exported by its entry.server), as compiled by
 * the hydration-loader Vite plugin (decision 033).
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { RouterContextProvider, ServerRouter, type ServerBuild, createRequestHandler } from "react-router";
import type * as DeferredHydration from "../../app/lib/html/deferred-hydration";
import { DEFERRED_MODULE_TYPE } from "../../app/lib/html/deferred-hydration-contract";
import { expect, test, waitForHydration } from "./support";

const PAGES = ["/", "/about", "/mortgage-calculator", "/blog/quick-mortgage-guide-for-homebuyers", "/contact", "/welcome"];

async function builtServer(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.resolve(process.env.E2E_BUILD_DIR ?? "build", "server/index.js")).href)) as ServerBuild;
}

/** What the build's entry.server exports of the deferred-hydration rewrite (app/entry.server.tsx). */
type BuiltRewrite = Pick<typeof DeferredHydration, "deferHydration" | "DEFERRED_LOADER_HASH">;

/** The deferred-hydration rewrite and the loader's hash, as this build compiled them. */
async function builtRewrite(): Promise<BuiltRewrite> {
  const entry = (await builtServer()).entry.module as unknown as Partial<BuiltRewrite>;
  expect(typeof entry.deferHydration, "the build's entry.server exports deferHydration").toBe("function");
  expect(entry.DEFERRED_LOADER_HASH).toMatch(/^'sha256-[\w+/]+=*'$/);
  return entry as BuiltRewrite;
}

/** The built server, with an entry that renders exactly what React Router renders, nothing rewritten. */
async function renderAsReactRouterDoes(pathname: string): Promise<string> {
  const built = await builtServer();
  const build: ServerBuild = {
    ...built,
    entry: {
      module: {
        ...built.entry.module,
        default: (request, status, headers, context) =>
          new Response(`<!DOCTYPE html>${renderToString(createElement(ServerRouter, { context, url: request.url }))}`, { status, headers }),
      },
    },
  };
  // No server context: these pages render without one, as when prerendered.
  const context = new RouterContextProvider();
  const response = await createRequestHandler(build, "production")(new Request(`http://localhost${pathname}`), context);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g;

test.describe("deferred hydration on the built pages", () => {
  for (const pathname of PAGES) {
    test(`${pathname}: React Router's markers are there, and only they change`, async () => {
      const { deferHydration } = await builtRewrite();
      const raw = await renderAsReactRouterDoes(pathname);
      const scripts = [...raw.matchAll(MODULE_SCRIPT)];
      expect(scripts, "one module script that imports the routes").toHaveLength(1);
      expect(raw).toContain('rel="modulepreload"');

      const deferred = deferHydration(raw, { warn: () => {} });
      expect([...deferred.matchAll(MODULE_SCRIPT)], "no module script left to run before load").toHaveLength(0);
      expect(deferred).not.toContain('<link rel="modulepreload"');
      // The parked script holds React Router's own imports, word for word, and carries the
      // addresses of every module React Router preloaded, for the loader to preload at boot.
      const preloaded = [...raw.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
      expect(preloaded.length).toBeGreaterThan(3);
      expect(deferred).toContain(`<script type="${DEFERRED_MODULE_TYPE}" data-preload="${preloaded.join(" ")}">${scripts[0]![1]}</script>`);
      // Everything a visitor reads is untouched.
      const text = (html: string) => html.replace(/<script[\s\S]*?<\/script>|<link[^>]*>/g, "");
      expect(text(deferred)).toBe(text(raw));
    });
  }

  // Decision 027: React and React Router in one chunk, the shell in another, and no page left
  // with the few dozen chunks of a few hundred bytes Rollup's own split gave (37 on an article,
  // 16 now).
  for (const pathname of PAGES) {
    test(`${pathname}: the framework and the shell come as one chunk each, among at most 20 scripts`, async () => {
      const preloaded = [...(await renderAsReactRouterDoes(pathname)).matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
        (m) => m[1]!,
      );
      expect(
        preloaded.filter((href) => /^\/assets\/framework-[\w-]+\.js$/.test(href)),
        "framework",
      ).toHaveLength(1);
      expect(
        preloaded.filter((href) => /^\/assets\/shell-[\w-]+\.js$/.test(href)),
        "shell",
      ).toHaveLength(1);
      expect(preloaded.length, preloaded.join(" ")).toBeLessThanOrEqual(20);
    });
  }

  test("if an upgrade renamed the module script, every page is sent as React Router rendered it, and the server says so once", async () => {
    const { deferHydration } = await builtRewrite();
    const warnings: string[] = [];
    const log = { warn: (line: string) => warnings.push(line) };
    for (const pathname of PAGES) {
      const changed = (await renderAsReactRouterDoes(pathname)).replace('type="module"', 'type="module-v99"');
      expect(deferHydration(changed, log)).toBe(changed);
    }
    expect(warnings).toHaveLength(1);
  });
});

// Decision 033: the loader is compiled and hashed at build time. Every page carries that same
// text, and the policy allows it: by the build's hash on a prerendered page, by the response's
// nonce on a server-rendered one. Never by 'unsafe-inline'.
test.describe("every page carries the loader the build compiled, allowed by the CSP", () => {
  // The script element just before the parked one (its text cannot contain "</script>").
  const LOADER = /<script(?: nonce="([^"]*)")?>((?:(?!<\/script>)[\s\S])*)<\/script><script type="text\/x-deferred-module"/;
  for (const pathname of PAGES) {
    test(`${pathname}: the loader's text has the build's hash, and the policy allows it`, async ({ request }) => {
      const { DEFERRED_LOADER_HASH } = await builtRewrite();
      const response = await request.get(pathname);
      expect(response.status()).toBe(200);
      const csp = response.headers()["content-security-policy"] ?? "";
      const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      const loader = LOADER.exec(await response.text());
      expect(loader, "the loader, just before the parked module script").not.toBeNull();
      const [, nonce, text] = loader!;
      expect(`'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`).toBe(DEFERRED_LOADER_HASH);
      if (nonce) expect(scriptSrc.split(" ")).toContain(`'nonce-${nonce}'`);
      else expect(scriptSrc.split(" ")).toContain(DEFERRED_LOADER_HASH);
    });
  }

  test("public pages, prerendered or server-rendered, allow it by its hash; private ones by their nonce", async ({ request }) => {
    const { DEFERRED_LOADER_HASH } = await builtRewrite();
    // Public answers are the same bytes for everyone (a shared cache keeps them: decision 040), so they carry no nonce.
    for (const pathname of ["/", "/about", "/blog/quick-mortgage-guide-for-homebuyers", "/contact"]) {
      const csp = (await request.get(pathname)).headers()["content-security-policy"] ?? "";
      expect(csp, pathname).toContain(DEFERRED_LOADER_HASH);
      expect(csp, pathname).not.toContain("'nonce-");
    }
    const signIn = await request.get("/inbox/sign-in");
    const nonce = LOADER.exec(await signIn.text())?.[1];
    expect(nonce, "the inbox's sign-in page is private and rendered per request, its loader carries the nonce").toBeTruthy();
    expect(signIn.headers()["content-security-policy"]).toContain(`'nonce-${nonce}'`);
  });
});

test.describe("the loader fetches the whole module graph at once", () => {
  // A prerendered page and a server-rendered one (both CSP by hashes since decision 040): the preloads the
  // loader adds pass the CSP (the page fixture fails on any violation) and nothing is fetched twice.
  for (const pathname of ["/about", "/mortgage-calculator"]) {
    test(`${pathname}: every module React Router preloads is preloaded at boot, each fetched once`, async ({ page }) => {
      const fetched: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") fetched.push(new URL(request.url()).pathname);
      });
      // The parked script is gone once the loader has booted, so read the list from the page's HTML.
      const html = await (await page.request.get(pathname)).text();
      const listed = (/ data-preload="([^"]*)"/.exec(html)?.[1] ?? "").split(" ");
      expect(listed.length).toBeGreaterThan(3);
      // Hydration may re-render <head>, so note each preload link as the loader adds it.
      await page.addInitScript(() => {
        const seen: string[] = ((window as unknown as { __preloads: string[] }).__preloads = []);
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node instanceof HTMLLinkElement && node.rel === "modulepreload") seen.push(new URL(node.href).pathname);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(pathname);
      await waitForHydration(page);
      const preloaded = await page.evaluate(() => (window as unknown as { __preloads: string[] }).__preloads);
      expect(preloaded).toEqual(listed);
      for (const module of listed) expect(fetched, module).toContain(module);
      expect(fetched.length, "no module fetched twice").toBe(new Set(fetched).size);
    });
  }
});

test.describe("scripts wait for the page's first paint", () => {
  // Started before the first paint reached the screen, the scripts' download would count in the
  // paint's time on a phone (deferred-hydration.client.ts): a small page can fire `load` before
  // it paints.
  for (const pathname of PAGES) {
    test(`${pathname}: no script is requested before the load event and the first contentful paint`, async ({ page }) => {
      await page.goto(pathname);
      await waitForHydration(page);
      const times = await page.evaluate(() => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        const load = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart;
        const scripts = performance
          .getEntriesByType("resource")
          .filter((e) => new URL(e.name).pathname.startsWith("/assets/") && e.name.endsWith(".js"));
        return { fcp, load, firstScript: Math.min(...scripts.map((e) => e.startTime)) };
      });
      expect(times.fcp).toBeGreaterThan(0);
      expect(times.firstScript).toBeGreaterThanOrEqual(times.fcp);
      expect(times.firstScript).toBeGreaterThanOrEqual(times.load);
    });
  }
});

test.describe("pages hydrate in chunks, written in place", () => {
  // HydrationChunk (a Suspense boundary) splits hydration into short tasks. React would move a
  // large boundary to the end of the document behind an inline script; entry.server.tsx turns
  // that off, so every part of the page is where it belongs and shows without JavaScript.
  for (const pathname of PAGES) {
    test(`${pathname}: every chunk is in place, none deferred to a script`, async ({ request }) => {
      const response = await request.get(pathname);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html, "the page is cut into chunks").toContain("<!--$-->");
      expect(html).not.toMatch(/<template id="B:|hidden id="S:|\$RC\(|\$RV\(/);
    });
  }
});
