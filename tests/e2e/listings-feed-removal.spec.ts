/**
 * A listing that leaves the feed answers 410, against a DDF stand-in and a server of its own
 * (the shared stand-in never drops a listing while a run uses it).
 */
import { expect as baseExpect } from "@playwright/test";
import { generateListings } from "../fixtures/ddf/listings";
import { startDdfStandIn } from "../fixtures/ddf/stand-in";
import { type OwnServer, startOwnServer } from "./own-server";
import { expect, test } from "./support";

/**
 * Removing a listing changes what the feed serves, so this runs on its own DDF stand-in (in this
 * worker, where the test can call remove) and its own server of the same build, with its own
 * database: the shared stand-in and feed server stay as the tests above expect them. The sync is
 * the server's own worker at the shortest settings the configuration allows: a run every 10 s,
 * and the full check, the only run that notices a removal, a minute after the first load.
 */
test.describe("a listing that left the feed", () => {
  // Start-up (PGlite's first open runs initdb), the first load, then a minute until the full check.
  test.describe.configure({ timeout: 240_000 });

  const key = "29000102";
  let standIn: Awaited<ReturnType<typeof startDdfStandIn>>;
  let server: OwnServer | null = null;
  let origin = "";
  let logPath = "";

  test.beforeAll(async () => {
    standIn = await startDdfStandIn({
      listings: generateListings(3, { now: new Date("2026-11-01T00:00:00Z") }),
      clientId: "gone-client",
      clientSecret: "gone-secret",
    });
    // Beside the test's results, which outlive the data folder removed after the tests.
    logPath = test.info().outputPath("server.log");
    server = await startOwnServer(
      "gone",
      logPath,
      {
        DDF_CLIENT_ID: "gone-client",
        DDF_CLIENT_SECRET: "gone-secret",
        DDF_MEDIA_HOSTS: new URL(standIn.origin).host,
      },
      { ddfTokenUrl: standIn.tokenUrl, ddfApiUrl: standIn.apiUrl, ddfSyncIntervalMs: 10_000, ddfFullCheckMs: 60_000 },
    );
    origin = server.origin;
  });

  test.afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  test("answers 410 with the not-found page once the sync has removed it", async ({ page, request }) => {
    // Synced: a wrong slug moves to the listing's own page, which answers 200.
    let listingPath = "";
    await baseExpect
      .poll(
        async () => {
          const moved = await request.get(`${origin}/listings/${key}-x`, { maxRedirects: 0 }).catch(() => null);
          listingPath = moved?.headers()["location"] ?? "";
          return moved?.status() ?? 0;
        },
        {
          timeout: 90_000,
          intervals: [500, 1000],
          message: `the server started and synced the stand-in's listings (its output: ${logPath})`,
        },
      )
      .toBe(301);
    expect(listingPath).toMatch(new RegExp(`^/listings/${key}-`));
    expect((await request.get(`${origin}${listingPath}`)).status()).toBe(200);

    standIn.remove(key);
    await baseExpect
      .poll(async () => (await request.get(`${origin}${listingPath}`)).status(), {
        timeout: 120_000,
        intervals: [2000],
        message: "the worker's full check removed the listing",
      })
      .toBe(410);

    const response = await page.goto(`${origin}${listingPath}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! This property is no longer available." })).toBeVisible();
    await expect(
      page.getByText("It may have been sold or removed from the market. But don't worry — we've got more homes you'll love!"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Current Listings" })).toHaveAttribute("href", "/search");
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    // A page for visitors, not an error report: no stack frames, no source paths.
    const html = await response!.text();
    expect(html).not.toMatch(/\n\s+at \S|node_modules|server\.js:\d|\.tsx?:\d+:\d+/);
    expect(await page.locator("body").innerText()).not.toMatch(/\bat \S+ \(|Error:/);
    // The other listings are still served.
    expect((await request.get(`${origin}/listings/29000100-x`, { maxRedirects: 0 })).status()).toBe(301);
  });
});
