/**
 * The inbox as an installable app with pushes, in Chromium at phone size: the manifest and the
 * service worker are served to anyone and linked from the inbox only; the Account page's button
 * registers /inbox/sw.js (scope /inbox) and subscribes, the device is listed, and a push delivered
 * through the DevTools protocol shows a notification that opens the inbox. Public pages never
 * download the worker, register one, or link the manifest.
 *
 * Chromium's real push service is outside this machine, so the page's PushManager is stubbed
 * (addInitScript): it answers with a subscription at PUSH_STANDIN_ORIGIN/push/e2e with the keys of
 * tests/fixtures/push-e2e-subscription.ts. The worker itself is real; pushes reach it through CDP.
 *
 * SERVER SIDE (marked below): the Account page's `push` loader data and its push-* intents, the
 * VAPID keys, and PUSH_STANDIN_ORIGIN (the push stand-in of tests/fixtures/push-service.ts,
 * accepting /push/e2e with the fixture's keys) are not part of this change.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_PUSH_SUBSCRIPTION } from "../fixtures/push-e2e-subscription";
import { expect, phoneViewport, test, waitForHydration } from "./support";
import { uniqueClientIp } from "./lead-support";

test.describe.configure({ mode: "serial" });
test.use({ viewport: phoneViewport });

// The account inbox.spec.ts creates from the server's set-up link (the only way to one in e2e).
const agent = { email: "jordan@averyhomes.example", password: "correct horse battery staple" };

/** Waits until inbox.spec.ts has used the set-up link (it then answers 410), so the account exists. */
async function waitForAccount(page: Page) {
  const log = path.join(process.env.E2E_DATA_DIR!, "server.log");
  await expect
    .poll(
      async () => {
        const match = (existsSync(log) ? readFileSync(log, "utf8") : "").match(
          /\[inbox\] No account yet\. .*?: (http\S+\/inbox\/setup\/\S+)/,
        );
        return match ? (await page.request.get(new URL(match[1]!).pathname, { maxRedirects: 0 })).status() : 0;
      },
      { timeout: 120_000, intervals: [1_000, 2_000] },
    )
    .toBe(410);
}

async function signIn(page: Page) {
  await waitForAccount(page);
  // Its own address: the sign-in throttle counts per address, and other specs fail sign-ins on purpose.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
  await page.goto("/inbox/sign-in");
  await page.getByLabel("E-mail").fill(agent.email);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/inbox$/);
}

/** Replaces the page's PushManager with one that subscribes at once to `endpoint`, recording the options it was given. */
async function stubPushManager(page: Page, endpoint: string) {
  await page.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const bytes = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4)), (c) => c.charCodeAt(0));
      const log: { userVisibleOnly: boolean; key: number[] }[] = [];
      (window as unknown as { __pushSubscribeCalls: typeof log }).__pushSubscribeCalls = log;
      let current: object | null = null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options!.applicationServerKey as Uint8Array).slice();
        log.push({ userVisibleOnly: Boolean(options?.userVisibleOnly), key: [...key] });
        const subscription = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: key.buffer },
          getKey: (name: string) => bytes(name === "p256dh" ? p256dh : auth).buffer,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        current = subscription;
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
    },
    { endpoint, p256dh: E2E_PUSH_SUBSCRIPTION.p256dh, auth: E2E_PUSH_SUBSCRIPTION.auth },
  );
}

/** The service worker registrations Chromium knows, through the DevTools protocol. */
async function watchRegistrations(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
    for (const r of updated) {
      if (r.isDeleted) registrations.delete(r.scopeURL);
      else registrations.set(r.scopeURL, r.registrationId);
    }
  });
  await cdp.send("ServiceWorker.enable");
  return { cdp, registrations };
}

/** The notifications the inbox's worker is showing, read in the page. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/inbox");
    const shown = registration ? await registration.getNotifications() : [];
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
      icon: n.icon,
      badge: n.badge,
    }));
  });

test("the manifest and the worker load without a session, with the worker's headers", async ({ playwright, baseURL }) => {
  // A fresh request context: no cookie, as browsers fetch a manifest.
  const request = await playwright.request.newContext({ baseURL });
  const manifest = await request.get("/inbox/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  expect(await manifest.json()).toMatchObject({ short_name: "Inbox", start_url: "/inbox", scope: "/inbox", display: "standalone" });
  for (const icon of (await manifest.json()).icons as { src: string }[])
    expect((await request.get(icon.src)).headers()["content-type"], icon.src).toBe("image/png");

  const worker = await request.get("/inbox/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(worker.headers()["service-worker-allowed"]).toBe("/inbox");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(await worker.text()).toContain("showNotification");
  await request.dispose();
});

for (const pagePath of ["/", "/contact"]) {
  test(`${pagePath} never downloads or registers the inbox's worker and does not link its manifest`, async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(pagePath);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(requested.filter((p) => p.startsWith("/inbox"))).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveCount(0);
    await expect(page.locator('link[href^="/icons/inbox-"]')).toHaveCount(0);
  });
}

test("the inbox's pages link the manifest and the Home Screen icon, and do not register the worker by themselves", async ({ page }) => {
  await page.goto("/inbox/sign-in");
  await waitForHydration(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/inbox/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"][sizes="180x180"]')).toHaveAttribute("href", "/icons/inbox-180.png");
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});

// SERVER SIDE: from here on, the Account page's `push` data and push-* intents, and PUSH_STANDIN_ORIGIN.
test("on a phone, the Account page turns notifications on; a push shows a notification that opens the inbox", async ({
  page,
  context,
  baseURL,
}) => {
  const standIn = process.env.PUSH_STANDIN_ORIGIN;
  if (!standIn)
    throw new Error("PUSH_STANDIN_ORIGIN is not set: start the push stand-in (tests/fixtures/push-service.ts) and name its origin");
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(["notifications"], { origin });
  await stubPushManager(page, `${standIn}${E2E_PUSH_SUBSCRIPTION.path}`);
  await signIn(page);
  await page.goto("/inbox/account");
  await waitForHydration(page);
  const { cdp, registrations } = await watchRegistrations(context, page);

  const section = page.locator("section", { has: page.getByRole("heading", { name: "Notifications on this device" }) });
  await section.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(section.getByTestId("push-devices").getByRole("listitem")).toHaveCount(1);
  await expect(section.getByTestId("push-devices")).toContainText("never");
  await expect(section.getByRole("alert")).toHaveCount(0);

  // The subscription was asked for with the server's VAPID key (an uncompressed P-256 point), visible pushes only.
  const calls = await page.evaluate(
    () => (window as unknown as { __pushSubscribeCalls: { userVisibleOnly: boolean; key: number[] }[] }).__pushSubscribeCalls,
  );
  expect(calls).toHaveLength(1);
  expect(calls[0]!.userVisibleOnly).toBe(true);
  expect(calls[0]!.key).toHaveLength(65);
  expect(calls[0]!.key[0]).toBe(4);

  // The worker is /inbox/sw.js, controlling /inbox itself (Service-Worker-Allowed).
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { scope: r.scope, script: r.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${origin}/inbox`, script: `${origin}/inbox/sw.js` });
  await expect.poll(() => registrations.get(`${origin}/inbox`)).toBeTruthy();
  const registrationId = registrations.get(`${origin}/inbox`)!;

  // A push is delivered to the worker by the DevTools protocol; on a busy machine the worker may
  // still be starting and the first delivery can be lost, so it is sent again until it shows (the
  // same tag replaces, so a repeat never makes a second notification).
  type Shown = Awaited<ReturnType<typeof shownNotifications>>[number];
  const deliverUntilShown = async (data: string, isIt: (n: Shown) => boolean): Promise<Shown> => {
    let found: Shown | undefined;
    await expect(async () => {
      await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data });
      await expect.poll(async () => (found = (await shownNotifications(page)).find(isIt)), { timeout: 3_000 }).toBeTruthy();
    }).toPass({ timeout: 30_000 });
    return found!;
  };

  // A lead's push: its title, body and tag, opening the person's page.
  const lead = { title: "Ana Lopez: buying", body: "3 beds in Glenora", url: "/inbox/people/1", tag: "e2e-lead" };
  expect(await deliverUntilShown(JSON.stringify(lead), (n) => n.tag === lead.tag)).toMatchObject({
    title: lead.title,
    body: lead.body,
    url: lead.url,
  });
  const shown = (await shownNotifications(page)).find((n) => n.tag === lead.tag)!;
  expect(shown.icon).toBe(`${origin}/icons/inbox-192.png`);
  expect(shown.badge).toBe(`${origin}/icons/inbox-badge-96.png`);

  // What a tap opens is data.url (the worker's notificationclick focuses the inbox there, or opens it).
  await page.goto(shown.url!);
  await expect(page).toHaveURL(/\/inbox\/people\/1$/);

  // A push that is not the inbox's JSON, or points elsewhere, gives "New lead" opening /inbox.
  expect((await deliverUntilShown("not json", (n) => n.title === "New lead")).url).toBe("/inbox");
  const elsewhere = JSON.stringify({ title: "Elsewhere", body: "x", url: "https://evil.example/", tag: "e2e-evil" });
  expect((await deliverUntilShown(elsewhere, (n) => n.tag === "e2e-evil")).url).toBe("/inbox");
});

test("a device gets a test push, the lock-screen setting is kept, and the device is removed; without JavaScript", async ({
  browser,
  baseURL,
}) => {
  // SERVER SIDE: the device the previous test added; "Send a test" goes through the job to the stand-in.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phoneViewport, baseURL });
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/inbox/account");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Notifications on this device" }) });
  const devices = section.getByTestId("push-devices").getByRole("listitem");
  await expect(devices).toHaveCount(1);

  await devices
    .first()
    .getByRole("button", { name: /^Send a test/ })
    .click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.goto("/inbox/account");
        return section.getByTestId("push-devices").textContent();
      },
      { timeout: 20_000 },
    )
    .toContain("last notified");

  const hide = section.getByRole("checkbox", { name: /Hide lead details on the lock screen/ });
  await expect(hide).not.toBeChecked();
  await hide.check();
  await section.getByRole("button", { name: "Save" }).click();
  await page.goto("/inbox/account");
  await expect(hide).toBeChecked();
  await hide.uncheck();
  await section.getByRole("button", { name: "Save" }).click();
  await page.goto("/inbox/account");
  await expect(hide).not.toBeChecked();

  await devices
    .first()
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(section.getByTestId("push-devices")).toHaveCount(0);
  await expect(section.getByText("None yet.")).toBeVisible();
  await context.close();
});

test("where notifications are refused, the button says how to allow them", async ({ page, context, baseURL }) => {
  // SERVER SIDE: the Account page's `push` data. Permission is not granted in this context, so Chromium refuses or dismisses the question.
  await context.clearPermissions();
  await stubPushManager(page, `${process.env.PUSH_STANDIN_ORIGIN ?? new URL(baseURL!).origin}${E2E_PUSH_SUBSCRIPTION.path}`);
  await signIn(page);
  await page.goto("/inbox/account");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(page.getByRole("alert")).toContainText(/blocked for this site|closed without an answer/);
  expect(await page.evaluate(() => (window as unknown as { __pushSubscribeCalls: unknown[] }).__pushSubscribeCalls)).toHaveLength(0);
});
