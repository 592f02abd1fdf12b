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
 *
 * Each page is measured beside itself without scripts (AUDIT_NOSCRIPT=off skips it): the same
 * server through a loopback proxy that removes them (tools/noscript-reference.ts), its runs
 * alternating with the page's, so the noise of a shared machine falls on both alike. The verdict
 * "floor" says whether the scripts cost the phone anything visible: the page's median LCP within
 * max(50 ms, 5 %) of the no-script median, TBT at most 50 ms, the same CLS (issues 42, 43, 45).
 * A page that asks not to be indexed (robots meta or X-Robots-Tag noindex, as a home's value
 * does) fails Lighthouse's "is-crawlable" audit by design: its SEO score is printed with the
 * audits below 1 beside it, and that one audit alone is not counted as a miss.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { readScriptConfig } from "../scripts/script-config";
import { testOnlyValue } from "../platform/config";
import { explainRun } from "./lighthouse-explain";
import { floorMisses, robotsNoindex, startNoScriptProxy, type NoScriptProxy } from "./noscript-reference";
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
async function warmUp(url: string): Promise<{ noindex: boolean }> {
  const res = await fetch(url);
  const html = await res.text();
  const files = new Set([...html.matchAll(/(?<=["\s])(\/(?:assets|images|fonts)\/[^"\s]+|\/favicon[^"\s]*)/g)].map((m) => m[1]!));
  for (const file of files) await fetch(new URL(file, url)).then((res) => res.arrayBuffer());
  return { noindex: robotsNoindex(html, res.headers.get("x-robots-tag")) };
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

/** A page's medians, the SEO audits below 1 in any run, and its no-script medians when measured. */
interface PageResult extends Row {
  seoBelow: string[];
  noindex: boolean;
  noScript?: Row;
}

/** One run's figures, and the SEO audits it scored below 1 (their ids). */
function figuresOf(lhr: Awaited<ReturnType<typeof auditOnce>>, page: string, run: number): { row: Row; seoBelow: string[] } {
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
  const failing = Object.values(categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => audits[r.id]))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
    .map((a) => `${a!.id} (${a!.score})`);
  if (failing.length && config.AUDIT_VERBOSE) console.log(`${page} run ${run + 1}: ${failing.join(", ")}`);
  const seoBelow = (categories.seo?.auditRefs ?? [])
    .filter((r) => r.weight > 0)
    .map((r) => audits[r.id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => a!.id);
  return {
    row: {
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
    },
    seoBelow,
  };
}

/** The medians of a page's runs. */
function medians(page: string, runs: Row[]): Row {
  const m = (key: Exclude<keyof Row, "page">) => median(runs.map((r) => r[key]));
  return {
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
  };
}

const rows: PageResult[] = [];
/**
 * Lighthouse's CPU benchmark of the machine, per run. Its simulated phone is this machine slowed
 * 4×, so on a host slower than Lighthouse assumes (it warns below 1000) the task lengths, and TBT
 * with them, come out longer than PageSpeed Insights' hosts would measure for the same page.
 */
const benchmarkIndexes: number[] = [];
const runWarnings = new Set<string>();
/** The no-script proxies, one per server audited. */
const proxies = new Map<string, NoScriptProxy>();
/** The machine's load (1, 5, 15 minutes) when the runs start and end: it is shared. */
const loadAtStart = loadavg();
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
    const { noindex } = await warmUp(url);
    const target = new URL(url);
    let noScriptUrl: string | undefined;
    if (config.AUDIT_NOSCRIPT) {
      let proxy = proxies.get(target.origin);
      if (!proxy) proxies.set(target.origin, (proxy = await startNoScriptProxy(target.origin)));
      noScriptUrl = `${proxy.origin}${target.pathname}${target.search}`;
      await warmUp(noScriptUrl);
    }
    const runs: Row[] = [];
    const noScriptRuns: Row[] = [];
    const seoBelow = new Set<string>();
    for (let run = 0; run < config.AUDIT_RUNS; run++) {
      const measured = figuresOf(await auditWithRetry(url, page, run), page, run);
      runs.push(measured.row);
      for (const id of measured.seoBelow) seoBelow.add(id);
      if (noScriptUrl) {
        const label = `${page} (no scripts)`;
        noScriptRuns.push(figuresOf(await auditWithRetry(noScriptUrl, label, run), label, run).row);
      }
    }
    rows.push({
      ...medians(page, runs),
      seoBelow: [...seoBelow],
      noindex,
      noScript: noScriptUrl ? medians(page, noScriptRuns) : undefined,
    });
    if (config.AUDIT_VERBOSE) {
      const perRun = (label: string, list: Row[]) =>
        console.log(
          `${label}: TBT of each run ${list.map((r) => r.tbt.toFixed(0)).join(", ")} ms; LCP ${list.map((r) => r.lcp.toFixed(0)).join(", ")} ms`,
        );
      perRun(page, runs);
      if (noScriptRuns.length) perRun(`${page} (no scripts)`, noScriptRuns);
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const proxy of proxies.values()) await proxy.close();
  server.kill("SIGTERM");
  feedServer?.kill("SIGTERM");
  fixtures.kill("SIGTERM");
}

const pad = (s: string, n: number) => s.padEnd(n);
/** The page column: as wide as the longest page (a listing's address is longer than 48). */
const width = Math.max(48, ...rows.map((r) => r.page.length + 1));
const ms = (v: number) => v.toFixed(0).padStart(7);
/** The SEO audits a page scored below 1, beside its score; "is-crawlable" of a noindex page is by design. */
const seoNote = (r: PageResult) =>
  r.seo < 1 && r.seoBelow.length
    ? r.seoBelow.map((id) => (id === "is-crawlable" && r.noindex ? `${id} (noindex page)` : id)).join(", ")
    : "";
/** A noindex page's SEO is at target when "is-crawlable" is the only audit below 1. */
const seoMet = (r: PageResult) => r.seo >= 1 || (r.noindex && r.seoBelow.length > 0 && r.seoBelow.every((id) => id === "is-crawlable"));
console.log(`\nMedians of ${config.AUDIT_RUNS} runs per page, each in a new browser:`);
console.log(`${pad("page", width)} perf  a11y  bp    seo   LCP(ms) TBT(ms) TTI(ms) CLS    JS(KB gz)  SEO audits below 1`);
for (const r of rows) {
  console.log(
    `${pad(r.page, width)} ${r.perf.toFixed(2)}  ${r.a11y.toFixed(2)}  ${r.bp.toFixed(2)}  ${r.seo.toFixed(2)}  ${ms(r.lcp)} ${ms(r.tbt)} ${ms(r.tti)} ${r.cls.toFixed(3)}  ${r.jsKb.toFixed(1).padEnd(9)}  ${seoNote(r)}`.trimEnd(),
  );
}
const withReference = rows.filter((r) => r.noScript);
if (withReference.length) {
  console.log(
    `\nThe same pages without scripts (a loopback proxy removes them), medians of ${config.AUDIT_RUNS} runs alternating with the page's;` +
      `\nfloor: met when the page's LCP is within max(50 ms, 5 %) of the no-script LCP, its TBT <= 50 ms and its CLS the same:`,
  );
  console.log(`${pad("page", width)} perf  LCP(ms) TBT(ms) CLS   | no scripts: perf  LCP(ms) TBT(ms) CLS    JS(KB gz) | floor`);
  for (const r of withReference) {
    const n = r.noScript!;
    const missed = floorMisses(r, n);
    console.log(
      `${pad(r.page, width)} ${r.perf.toFixed(2)}  ${ms(r.lcp)} ${ms(r.tbt)} ${r.cls.toFixed(3)} |             ${n.perf.toFixed(2)}  ${ms(n.lcp)} ${ms(n.tbt)} ${n.cls.toFixed(3)}  ${n.jsKb.toFixed(1).padEnd(9)} | ${missed.length ? `missed: ${missed.join(", ")}` : "met"}`,
    );
  }
}
if (benchmarkIndexes.length)
  console.log(
    `\nLighthouse's CPU benchmark of this machine (benchmarkIndex), median of ${benchmarkIndexes.length} runs: ${median(benchmarkIndexes).toFixed(0)}`,
  );
const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(", ");
console.log(`Load average (1, 5, 15 min) at the start of the runs: ${load(loadAtStart)}; at the end: ${load(loadavg())}`);
for (const warning of runWarnings) console.log(`Lighthouse warned: ${warning}`);
const misses = rows.filter(
  (r) =>
    [r.perf, r.a11y, r.bp, r.seo].some((score) => !Number.isFinite(score)) ||
    r.perf < 0.98 ||
    r.a11y < 1 ||
    r.bp < 1 ||
    !seoMet(r) ||
    r.cls > 0 ||
    r.jsKb > 130 ||
    r.lcp > 1000 ||
    r.tbt > 50,
);
console.log(
  `\nTargets (medians): perf >= 0.98, a11y/bp/seo 1.00 (a noindex page's SEO: every audit but is-crawlable), CLS 0, JS <= 130 KB, LCP <= 1000 ms, TBT <= 50 ms. Pages missing a target: ${misses.length ? misses.map((r) => r.page).join(", ") : "none"}`,
);
if (withReference.length) {
  const offFloor = withReference.filter((r) => floorMisses(r, r.noScript!).length);
  console.log(`Pages not at their no-script floor: ${offFloor.length ? offFloor.map((r) => r.page).join(", ") : "none"}`);
}
process.exit(failed ? 1 : 0);
