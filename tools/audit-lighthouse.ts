/**
 * npm run audit: Lighthouse 12 (mobile, default simulated throttling) against the production
 * server, printing per page the four category scores, LCP, TBT, CLS and the JavaScript
 * transferred. The site is built for the audit (into build-audit/) with the listings widget and
 * the form embeds pointed at the local stand-ins of tests/fixtures, exactly as the end-to-end
 * suite does: this machine cannot reach the real third-party hosts, and an unreachable script
 * would be audited as an error instead of as the page visitors get.
 *
 * Measured as PageSpeed Insights measures a phone: every run starts a new Chromium with an empty
 * profile (a reused browser keeps compiled code and caches and flatters the figures), each page is
 * run AUDIT_RUNS times (default 3), and the medians are printed. Targets (issue 13), as medians:
 * performance >= 0.98, TBT <= 50 ms, LCP <= 1.0 s, CLS 0, <= 130 KB of compressed script;
 * accessibility, best practices and SEO 1.00.
 *
 * A listing page needs the DDF® feed switched on, which also changes what the area pages serve, so
 * it is audited on a second server of the same build (port AUDIT_PORT + 2, its own database) with
 * the feed pointed at the DDF stand-in, as the end-to-end suite does: the server syncs the
 * stand-in's listings, and the first listing of its sitemap is audited, photos and all.
 *
 *   npm run audit                   # default page set, a listing page included
 *   npm run audit -- /about /blog   # chosen pages
 *   npm run audit -- listing        # a listing page only
 *   npm run audit -- feed:/neighbourhoods/oliver feed:/home-value/1027858
 *                                   # pages of the feed server, the City's assessment roll on
 *
 * The feed server also loads the assessment roll from the City stand-in (ASSESSMENTS=on), so the
 * pages that show it (a neighbourhood, a home's value) are audited as a visitor gets them.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readScriptConfig } from "../scripts/script-config";
import { testOnlyValue } from "../platform/config";
import { explainRun } from "./lighthouse-explain";
import { SERVER_NODE_OPTIONS } from "../server/node-options";

const config = readScriptConfig();

/** Stands for "a listing page of the feed server" in the page list. */
const LISTING_PAGE = "listing";

const DEFAULT_PAGES = [
  "/",
  "/edmonton-listings",
  "/about",
  "/marketing-strategy",
  "/mortgage-calculator",
  "/contact",
  "/welcome",
  "/blog",
  "/blog/hidden-costs-buying-home-alberta",
  "/blog/quick-mortgage-guide-for-homebuyers",
  LISTING_PAGE,
];

const port = config.AUDIT_PORT;
const fixturePort = config.AUDIT_FIXTURE_PORT;
const origin = `http://localhost:${port}`;
const fixtureOrigin = `http://127.0.0.1:${fixturePort}`;
/** A page of the feed server ("feed:/path"): the listings and the assessment roll on. */
const FEED_PREFIX = "feed:";
const pages = process.argv.slice(2).filter((a) => a.startsWith("/") || a === LISTING_PAGE || a.startsWith(`${FEED_PREFIX}/`));
const chosenPages = pages.length ? pages : DEFAULT_PAGES;
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  SITE_URL: origin,
  BUILD_DIR: "build-audit",
  LISTINGS_WIDGET_SCRIPT_URL: `${fixtureOrigin}/realtyvis/js/embed.js`,
  FORM_EMBED_SCRIPT_URL: `${fixtureOrigin}/forms/js/form_embed.js`,
  FORM_EMBED_ORIGIN: fixtureOrigin,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "audit-data-")),
};

execFileSync("npm", ["run", "build"], { env, stdio: ["ignore", "ignore", "inherit"] });
const fixtures = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/server.ts"], {
  env: { ...env, PORT: String(fixturePort) },
  stdio: "ignore",
});

async function waitForServer(url: string, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok || res.status === 404) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not start`);
}

const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join(env.BUILD_DIR, "server.js")], {
  env,
  stdio: ["ignore", "ignore", "inherit"],
});

const feedOrigin = `http://localhost:${port + 2}`;
const feedServer = chosenPages.some((p) => p === LISTING_PAGE || p.startsWith(FEED_PREFIX))
  ? spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join(env.BUILD_DIR, "server.js")], {
      env: {
        ...env,
        PORT: String(port + 2),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "audit-feed-data-")),
        DDF_CLIENT_ID: "e2e-ddf-client",
        DDF_CLIENT_SECRET: "e2e-ddf-secret",
        DDF_MEDIA_HOSTS: new URL(fixtureOrigin).host,
        ASSESSMENTS: "on",
        ASSESSMENTS_URL: `${fixtureOrigin}/city`,
        // The stand-in's endpoints and plain-HTTP photos: test-only switches (decision 052).
        TEST_ONLY: testOnlyValue({
          ddfTokenUrl: `${fixtureOrigin}/ddf/connect/token`,
          ddfApiUrl: `${fixtureOrigin}/ddf/odata/v1`,
          mediaHttp: true,
        }),
      },
      stdio: ["ignore", "ignore", "inherit"],
    })
  : undefined;

/** The feed server's first listing page, once its first sync has stored the stand-in's listings. */
async function firstListingUrl(timeoutMs = 120_000): Promise<string> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const sitemap = await (await fetch(`${feedOrigin}/sitemap-listings.xml`)).text();
      // The sitemap starts with the /listings search page; a listing's own page is /listings/{key}-{slug}.
      const loc = /<loc>([^<]+\/listings\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
      if (loc) return `${feedOrigin}${new URL(loc).pathname}`;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the feed server stored no listing in time");
}

/** A feed server's page once it answers 200: the first sync and the roll's import take a moment. */
async function feedPageUrl(pathname: string, timeoutMs = 180_000): Promise<string> {
  await firstListingUrl();
  const url = `${feedOrigin}${pathname}`;
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if ((await fetch(url).catch(() => null))?.ok) return url;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${pathname} did not answer 200 on the feed server in time`);
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The median of the runs that produced the figure (Lighthouse leaves a metric NaN when a run fails to measure it). */
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One Lighthouse run in a Chromium of its own (chrome-launcher gives each a new, empty profile). */
async function auditOnce(url: string) {
  const chrome = await launch({ chromePath: config.CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (config.AUDIT_VERBOSE) console.log([`${new URL(url).pathname}:`, ...(await explainRun(result))].join("\n"));
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * Asks the server once for the page and the files it names (stylesheet, scripts, fonts, images)
 * before the audited runs. The server renders a route and reads a file for the first time once per
 * process, which no visitor of a running site meets; Lighthouse's simulator applies the slowest
 * answers of an origin to all its requests, so the first run of a page after start-up came out
 * 300 ms slower (a cold stylesheet took 77 ms here, a warm one 2 ms). Listing photos are left cold:
 * a photo nobody has asked for in the last day is what a visitor from a search engine often gets.
 */
async function warmUp(url: string) {
  const html = await (await fetch(url)).text();
  const files = new Set([...html.matchAll(/(?<=["\s])(\/(?:assets|images|fonts)\/[^"\s]+|\/favicon[^"\s]*)/g)].map((m) => m[1]!));
  for (const file of files) await fetch(new URL(file, url)).then((res) => res.arrayBuffer());
}

/**
 * Chromium now and then records a trace Lighthouse cannot read (NO_NAVSTART, NO_FCP): that run
 * measured nothing, and leaving it out would make the page's median one of two runs. It is run
 * again, at most twice, and the retry is printed.
 */
const TRACE_FAILURES = new Set(["NO_NAVSTART", "NO_FCP", "NO_LCP", "NO_TRACING_STARTED", "NO_RESOURCE_REQUEST"]);
async function auditWithRetry(url: string, page: string, run: number) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await auditOnce(url);
    const code = lhr.runtimeError?.code;
    if (!code || !TRACE_FAILURES.has(code) || attempt === 3) return lhr;
    console.log(`${page} run ${run + 1}: Lighthouse could not read the trace (${code}); running it again`);
  }
}

interface Row {
  page: string;
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  tbt: number;
  /** Lighthouse's simulated time to interactive: not scored, but what a held first tap waits for. */
  tti: number;
  cls: number;
  jsKb: number;
}

const rows: Row[] = [];
/**
 * Lighthouse's CPU benchmark of the machine, per run. Its simulated phone is this machine slowed
 * 4×, so on a host slower than Lighthouse assumes (it warns below 1000) the task lengths, and TBT
 * with them, come out longer than PageSpeed Insights' hosts would measure for the same page.
 */
const benchmarkIndexes: number[] = [];
const runWarnings = new Set<string>();
let failed = false;
try {
  await waitForServer(`${origin}/healthz`);
  await waitForServer(`${fixtureOrigin}/healthz`);
  for (const chosen of chosenPages) {
    const url =
      chosen === LISTING_PAGE
        ? await firstListingUrl()
        : chosen.startsWith(FEED_PREFIX)
          ? await feedPageUrl(chosen.slice(FEED_PREFIX.length))
          : `${origin}${chosen}`;
    const page = chosen === LISTING_PAGE ? new URL(url).pathname : chosen;
    const runs: Row[] = [];
    await warmUp(url);
    for (let run = 0; run < config.AUDIT_RUNS; run++) {
      const lhr = await auditWithRetry(url, page, run);
      const { categories, audits } = lhr;
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      for (const warning of lhr.runWarnings) runWarnings.add(String(warning));
      const items =
        (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      const jsBytes = items.filter((i) => i.resourceType === "Script").reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
      // A category has no score when one of its audits could not run: that run is left out of
      // the category's median (it is not a score of 0), and why is printed.
      const errors = Object.values(audits)
        .filter((a) => a.errorMessage)
        .map((a) => `${a.id}: ${a.errorMessage}`);
      if (lhr.runtimeError || errors.length)
        console.log(`${page} run ${run + 1}: ${[lhr.runtimeError?.message, ...errors].filter(Boolean).join("; ")}`);
      runs.push({
        page,
        perf: categories.performance?.score ?? NaN,
        a11y: categories.accessibility?.score ?? NaN,
        bp: categories["best-practices"]?.score ?? NaN,
        seo: categories.seo?.score ?? NaN,
        lcp: audits["largest-contentful-paint"]?.numericValue ?? NaN,
        tbt: audits["total-blocking-time"]?.numericValue ?? NaN,
        tti: audits.interactive?.numericValue ?? NaN,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
        jsKb: jsBytes / 1024,
      });
      const failing = Object.values(categories)
        .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => audits[r.id]))
        .filter(
          (a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable",
        )
        .map((a) => `${a!.id} (${a!.score})`);
      if (failing.length && config.AUDIT_VERBOSE) console.log(`${page} run ${run + 1}: ${failing.join(", ")}`);
    }
    const m = (key: Exclude<keyof Row, "page">) => median(runs.map((r) => r[key]));
    rows.push({
      page,
      perf: m("perf"),
      a11y: m("a11y"),
      bp: m("bp"),
      seo: m("seo"),
      lcp: m("lcp"),
      tbt: m("tbt"),
      tti: m("tti"),
      cls: m("cls"),
      jsKb: m("jsKb"),
    });
    if (config.AUDIT_VERBOSE)
      console.log(
        `${page}: TBT of each run ${runs.map((r) => r.tbt.toFixed(0)).join(", ")} ms; LCP ${runs.map((r) => r.lcp.toFixed(0)).join(", ")} ms`,
      );
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  server.kill("SIGTERM");
  feedServer?.kill("SIGTERM");
  fixtures.kill("SIGTERM");
}

const pad = (s: string, n: number) => s.padEnd(n);
console.log(`\nMedians of ${config.AUDIT_RUNS} runs per page, each in a new browser:`);
console.log(`${pad("page", 48)} perf  a11y  bp    seo   LCP(ms) TBT(ms) TTI(ms) CLS    JS(KB gz)`);
for (const r of rows) {
  console.log(
    `${pad(r.page, 48)} ${r.perf.toFixed(2)}  ${r.a11y.toFixed(2)}  ${r.bp.toFixed(2)}  ${r.seo.toFixed(2)}  ${r.lcp.toFixed(0).padStart(7)} ${r.tbt.toFixed(0).padStart(7)} ${r.tti.toFixed(0).padStart(7)} ${r.cls.toFixed(3)}  ${r.jsKb.toFixed(1)}`,
  );
}
if (benchmarkIndexes.length)
  console.log(
    `\nLighthouse's CPU benchmark of this machine (benchmarkIndex), median of ${benchmarkIndexes.length} runs: ${median(benchmarkIndexes).toFixed(0)}`,
  );
for (const warning of runWarnings) console.log(`Lighthouse warned: ${warning}`);
const misses = rows.filter(
  (r) =>
    [r.perf, r.a11y, r.bp, r.seo].some((score) => !Number.isFinite(score)) ||
    r.perf < 0.98 ||
    r.a11y < 1 ||
    r.bp < 1 ||
    r.seo < 1 ||
    r.cls > 0 ||
    r.jsKb > 130 ||
    r.lcp > 1000 ||
    r.tbt > 50,
);
console.log(
  `\nTargets (medians): perf >= 0.98, a11y/bp/seo 1.00, CLS 0, JS <= 130 KB, LCP <= 1000 ms, TBT <= 50 ms. Pages missing a target: ${misses.length ? misses.map((r) => r.page).join(", ") : "none"}`,
);
process.exit(failed ? 1 : 0);
