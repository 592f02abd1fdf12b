import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";

/**
 * The share bar (spec/blog.md §7, §8) on the restaurants article, the compact share row on the
 * screen-time article, and accessibility of the three articles of the blog-local work.
 */

const restaurants = "/blog/best-restaurants-in-edmonton";
const screenTime = "/blog/easiest-way-to-decrease-your-screen-time";
const contacts = "/blog/essential-real-estate-contacts";

/** The share pages are on the public internet: answer them locally so the popup loads offline. */
async function stubShareSites(context: BrowserContext) {
  await context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|www\.linkedin\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Share</title><p>Share page stand-in</p>" }),
  );
}

/** Records every window.open call (and still opens the window) so the exact features can be checked. */
async function recordWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as unknown as { __openCalls: unknown[][] }).__openCalls = calls;
    const original = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      calls.push(args);
      return original(...args);
    };
  });
}

function shareBar(page: Page) {
  return page.getByRole("group", { name: "Share this list with a fellow foodie" });
}

test.describe("share bar on the restaurants article", () => {
  test("Facebook, X (Twitter) and LinkedIn each open a 600x400 window on the right share URL", async ({ page, context, baseURL }) => {
    await stubShareSites(context);
    await recordWindowOpen(page);
    await page.goto(restaurants);
    await waitForHydration(page);
    const pageUrl = `${baseURL}${restaurants}`;
    const encoded = encodeURIComponent(pageUrl);
    const title = encodeURIComponent("Best Restaurants in Edmonton");
    const expected = [
      { name: "Share on Facebook (opens a new window)", url: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
      { name: "Share on X (Twitter) (opens a new window)", url: `https://twitter.com/intent/tweet?url=${encoded}&text=${title}` },
      { name: "Share on LinkedIn (opens a new window)", url: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}` },
    ];
    for (const [i, { name, url }] of expected.entries()) {
      const link = shareBar(page).getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("href", url);
      const popupPromise = page.waitForEvent("popup");
      await link.click();
      const popup = await popupPromise;
      await popup.waitForLoadState();
      expect(popup.url()).toBe(url);
      expect(popup.viewportSize()).toEqual({ width: 600, height: 400 });
      expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 400]);
      // noopener: the share site cannot reach back into the article.
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      await popup.close();
      const calls = await page.evaluate(() => (window as unknown as { __openCalls: unknown[][] }).__openCalls);
      expect(calls).toHaveLength(i + 1);
      expect(calls[i]).toEqual([url, "_blank", "width=600,height=400,noopener,noreferrer"]);
    }
    // The article itself stayed put.
    expect(page.url()).toBe(pageUrl);
  });

  test("copy link puts the page URL in the clipboard and shows the share bar's toast", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto(restaurants);
    await waitForHydration(page);
    await shareBar(page).getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Link copied!")).toBeVisible();
    await expect(page.getByText("The link has been copied to your clipboard.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${restaurants}`);
  });

  test("WhatsApp and e-mail links carry the title, description and URL", async ({ page, baseURL }) => {
    await page.goto(restaurants);
    const pageUrl = `${baseURL}${restaurants}`;
    const whatsapp = shareBar(page).getByRole("link", { name: "Share on WhatsApp (opens in a new tab)" });
    await expect(whatsapp).toHaveAttribute("href", `https://wa.me/?text=${encodeURIComponent(`Best Restaurants in Edmonton ${pageUrl}`)}`);
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expect(whatsapp).toHaveAttribute("rel", "noopener noreferrer");
    const email = shareBar(page).getByRole("link", { name: "Share by E-mail" });
    const href = await email.getAttribute("href");
    expect(href?.startsWith("mailto:?")).toBe(true);
    const query = new URLSearchParams(href?.slice("mailto:?".length));
    expect(query.get("subject")).toBe("Best Restaurants in Edmonton");
    expect(query.get("body")).toContain(pageUrl);
    expect(query.get("body")).toContain("Nine local favourites");
  });

  test("the native share button appears only where the browser can share, and passes title, text and url", async ({ page, baseURL }) => {
    await page.goto(restaurants);
    await waitForHydration(page);
    await expect(shareBar(page).getByRole("button", { name: /^Share with an app/ })).toHaveCount(0);

    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { __shared: unknown[] }).__shared = shared;
      Object.defineProperty(navigator, "share", { configurable: true, value: async (data: unknown) => void shared.push(data) });
    });
    await page.goto(screenTime);
    await waitForHydration(page);
    const row = page.getByRole("group", { name: "Share this tip" });
    // The compact row: three networks and the native share sheet, nothing else.
    await expect(row.getByRole("link")).toHaveCount(3);
    await expect(row.getByRole("button")).toHaveCount(1);
    await row.getByRole("button", { name: "Share with an app on this device" }).click();
    const shared = await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared);
    expect(shared).toEqual([
      {
        title: "The Easiest Way to Decrease Your Screen Time",
        text: "What happened when I changed two settings on my phone, and how you can do the same.",
        url: `${baseURL}${screenTime}`,
      },
    ]);
  });

  test("every share control works from the keyboard", async ({ page, context }) => {
    await stubShareSites(context);
    await page.goto(restaurants);
    await waitForHydration(page);
    const facebook = shareBar(page).getByRole("link", { name: /Facebook/ });
    await facebook.focus();
    const popupPromise = page.waitForEvent("popup");
    await page.keyboard.press("Enter");
    const popup = await popupPromise;
    expect(popup.viewportSize()).toEqual({ width: 600, height: 400 });
    await popup.close();
    await page.keyboard.press("Tab");
    await expect(shareBar(page).getByRole("link", { name: /X \(Twitter\)/ })).toBeFocused();
  });
});

test.describe("the three articles", () => {
  test("the screen-time article has an absolute canonical link", async ({ page, baseURL }) => {
    await page.goto(screenTime);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${screenTime}`);
  });

  test("the restaurants article shows nine restaurant cards and links to search and contact", async ({ page }) => {
    await page.goto(restaurants);
    await expect(page.getByRole("heading", { level: 1, name: "Best Restaurants in Edmonton" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(9);
    await expect(page.locator('main a[href="/search"]').first()).toBeVisible();
    await expect(page.locator('main a[href="/contact"]').first()).toBeVisible();
  });

  test("the contacts directory says its entries are samples and links back to the blog", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto(contacts);
    await waitForHydration(page);
    await expect(page.getByText(/are\s+samples, not real businesses/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    await page.getByRole("button", { name: "Share Contact List" }).click();
    await expect(page.getByText("The blog post link has been copied to your clipboard.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${contacts}`);
  });

  test("the share bar hydrates without a mismatch (the page URL and native share are read after hydration)", async ({ page }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat|did not match|server rendered/i.test(message.text())) problems.push(message.text());
    });
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { configurable: true, value: async () => {} });
    });
    for (const path of [restaurants, screenTime]) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("button", { name: "Share with an app on this device" })).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  for (const path of [restaurants, screenTime, contacts]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`axe finds no violations on ${path} (${colorScheme}, desktop and phone)`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await waitForHydration(page);
        await expectNoA11yViolations(page);
        await page.setViewportSize(phoneViewport);
        await expectNoA11yViolations(page);
      });
    }
  }
});
