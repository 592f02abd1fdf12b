/**
 * The agent's inbox in Chromium, as the agent uses it: the set-up link from the server's output,
 * a password and a passkey (Chromium's virtual authenticator), a lead from the public site
 * arriving in the open inbox, status and note, the CSV, sign-out, and everything refusing
 * afterwards. Serial: the steps share the one account the set-up link creates.
 */
import { type BrowserContext, type Page } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";
import { uniqueClientIp, uniqueEmail, useOwnClientIp } from "./lead-support";

test.describe.configure({ mode: "serial" });

const agent = { name: "Jordan Avery", email: "jordan@averyhomes.example", password: "correct horse battery staple" };

function setUpLinkFromServerOutput(): string {
  const log = path.join(process.env.E2E_DATA_DIR!, "server.log");
  const text = existsSync(log) ? readFileSync(log, "utf8") : "";
  const match = text.match(/\[inbox\] No account yet\. .*?: (http\S+\/inbox\/setup\/\S+)/);
  if (!match) throw new Error(`no set-up link in ${log}`);
  return new URL(match[1]!).pathname;
}

async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function signInWithPassword(page: Page) {
  await page.goto("/inbox/sign-in");
  await page.getByLabel("E-mail").fill(agent.email);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/inbox$/);
}

async function sendWelcomeLead(page: Page, email: string, name: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
  await page.goto("/welcome");
  await waitForHydration(page);
  await page.getByRole("button", { name: "I'm Buying", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "I'm Buying" });
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Email Address").fill(email);
  await dialog.getByLabel("Phone Number").fill("780-555-0123");
  await dialog.getByRole("textbox", { name: "Comments (optional)" }).fill('=HYPERLINK("http://evil.example") <b>3 beds</b> in Glenora');
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Thank you!" })).toBeVisible();
}

test("a used or unknown set-up link says so (410), and the inbox sends a visitor without a session to sign-in", async ({ page }) => {
  const response = await page.goto("/inbox/setup/not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaaa");
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto("/inbox/people/1");
  await expect(page).toHaveURL(/\/inbox\/sign-in\?next=%2Finbox%2Fpeople%2F1$/);
  await expect(page.getByRole("heading", { name: "Sign in to the inbox" })).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
  await expectNoA11yViolations(page);
});

test("the agent sets up the account from the server's link on a phone and adds a passkey", async ({ page, context }) => {
  await page.setViewportSize(phoneViewport);
  const link = setUpLinkFromServerOutput();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set up your inbox account" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Your name").fill(agent.name);
  await page.getByLabel("E-mail").fill(agent.email);
  await page.getByLabel("Password").fill("too short");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText("Use at least 12 characters.")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue(agent.name);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/inbox\/account\?welcome$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${agent.name}` })).toBeVisible();

  await waitForHydration(page);
  await addVirtualAuthenticator(context, page);
  await page.getByRole("button", { name: "Add a passkey on this device" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible();
  await expect(page.getByText(/^Passkey 1, added/)).toBeVisible();
  await expectNoA11yViolations(page);

  // The link worked once.
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
});

test("signs out and in again with the password; repeated wrong passwords are throttled", async ({ page }) => {
  await signInWithPassword(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/inbox\/sign-in\?signed-out$/);
  await expect(page.getByText("You are signed out.")).toBeVisible();

  // Throttling: an address guessing at one account gets 429 and a clear message.
  const ip = await useOwnClientIp(page);
  let last = 0;
  for (let i = 0; i < 11; i++) {
    const r = await page.request.post("/inbox/sign-in", {
      form: { email: "nobody@example.com", password: `wrong password ${i}` },
      headers: { Origin: new URL(page.url()).origin, "X-Forwarded-For": ip },
    });
    last = r.status();
    if (i < 10) expect(last).toBe(401);
  }
  expect(last).toBe(429);
  await page.goto("/inbox/sign-in");
  await page.getByLabel("E-mail").fill("nobody@example.com");
  await page.getByLabel("Password").fill("yet another wrong one");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Too many failed sign-ins");
  // The real agent, from another address, is not locked out.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "192.0.2.250" });
  await signInWithPassword(page);
  await page.goto("/inbox/account");
  // Attempts that reached the check are listed apart from sign-ins; throttled ones only counted.
  await expect(page.getByTestId("failed-sign-ins")).toContainText("Failed (password)");
  await expect(page.getByTestId("throttled-counts")).toContainText("Refused without a check");
  await expect(page.getByTestId("sign-ins")).not.toContainText("Failed");
});

test("a passkey made on one browser signs in on the sign-in page", async ({ page, context }) => {
  await signInWithPassword(page);
  await page.goto("/inbox/account");
  await waitForHydration(page);
  await addVirtualAuthenticator(context, page);
  await page.getByRole("button", { name: /Add a passkey/ }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/signed-out/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole("heading", { name: "People" })).toBeVisible();
});

test("a lead sent on the public site appears in the open inbox without a reload; status and note survive a reload; the CSV holds it", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(phoneViewport);
  await signInWithPassword(page);
  await waitForHydration(page);
  const email = uniqueEmail("inbox");
  const name = `Casey ${Date.now().toString(36)}`;

  const visitor = await browser.newPage();
  await sendWelcomeLead(visitor, email, name);
  await visitor.close();

  const row = page.getByRole("link", { name: new RegExp(name) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle(/^\(\d+ new\) People · Inbox$/);
  await expect(row).toContainText(/Reply within (23|24) h/);
  await expectNoA11yViolations(page);

  await row.click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText('=HYPERLINK("http://evil.example") <b>3 beds</b> in Glenora')).toBeVisible();
  await expect(page.locator("b", { hasText: "3 beds" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Call", exact: true })).toHaveAttribute("href", "tel:+17805550123");
  await expect(page.getByRole("link", { name: "Text", exact: true })).toHaveAttribute("href", /^sms:\+17805550123\?&body=Hi%20/);
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute("href", new RegExp(`^mailto:${email}\\?subject=`));
  await page.getByText(/Consent given/).click();
  await expect(page.getByText("Reply HELP for help or STOP to stop receiving texts.")).toBeVisible();
  await expectNoA11yViolations(page);

  // A note typed while a status change is being saved stays in its box: only saving a note empties it.
  let releaseStatus = () => {};
  const statusHeld = new Promise<void>((resolve) => (releaseStatus = resolve));
  await page.route("**/inbox/people/**", async (route) => {
    if (route.request().method() === "POST") await statusHeld;
    await route.continue();
  });
  await page.getByRole("button", { name: "Appointment set" }).click();
  const note = page.getByRole("textbox", { name: "Note" });
  await note.fill("Showing booked for Saturday 10 am");
  releaseStatus();
  await expect(page.getByRole("button", { name: "Appointment set" })).toHaveAttribute("aria-pressed", "true");
  await page.unrouteAll();
  await expect(page.getByTestId("timeline")).toContainText("Status: New → Appointment set");
  await expect(note).toHaveValue("Showing booked for Saturday 10 am");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByTestId("timeline")).toContainText("Showing booked for Saturday 10 am");
  await expect(note).toHaveValue("");
  await page.reload();
  await expect(page.getByTestId("timeline")).toContainText("Status: New → Appointment set");
  await expect(page.getByTestId("timeline")).toContainText(`Showing booked for Saturday 10 am`);
  await expect(page.getByTestId("reply-clock")).toHaveCount(0);

  const csv = await page.request.get("/inbox/export/submissions.csv");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const body = await csv.body();
  expect(body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = body.toString("utf8");
  expect(text).toContain(email);
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"") <b>3 beds</b> in Glenora"`);
});

test("on a desktop, filters and search narrow the list, and after sign-out every inbox page and action refuses", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithPassword(page);
  await page.getByRole("link", { name: /^Appointment set/ }).click();
  await expect(page).toHaveURL(/status=appointment/);
  await expect(page.getByTestId("people-list").getByRole("listitem")).not.toHaveCount(0);
  await page.getByLabel("Search").fill("no such person anywhere");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Nobody matches these filters.")).toBeVisible();
  await expectNoA11yViolations(page);
  // Dark, like the site: contrast holds in the dark palette too.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/inbox");
  await expectNoA11yViolations(page);
  await page.getByTestId("people-list").getByRole("link").first().click();
  await expect(page.getByTestId("timeline")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: "light" });

  const origin = new URL(page.url()).origin;
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/signed-out/);
  for (const path of ["/inbox", "/inbox/account", "/inbox/people/1"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/inbox\/sign-in/);
  }
  for (const path of ["/inbox/export/people.csv", "/inbox/export/submissions.csv", "/inbox/pulse"])
    expect((await page.request.get(path)).status()).toBe(401);
  for (const [path, form] of [
    ["/inbox/people/1", { intent: "status", status: "spam" }],
    ["/inbox/people/1", { intent: "note", note: "x" }],
    ["/inbox/account", { intent: "invite" }],
  ] as const) {
    expect((await page.request.post(path, { form, headers: { Origin: origin } })).status()).toBe(401);
  }
  expect((await page.request.post("/inbox/passkey", { data: { intent: "register-options" }, headers: { Origin: origin } })).status()).toBe(
    401,
  );
  // A forged cookie is no session, and another site's form is refused before anything runs.
  await page.context().addCookies([{ name: "inbox_session", value: "A".repeat(43), url: origin }]);
  await page.goto("/inbox");
  await expect(page).toHaveURL(/\/inbox\/sign-in/);
  // A foreign Origin on a document POST is refused by React Router's own check (400) before the
  // inbox guard's (403, for a missing Origin): either way nothing runs.
  expect(
    (
      await page.request.post("/inbox/sign-in", {
        form: { email: agent.email, password: agent.password },
        headers: { Origin: "https://evil.example" },
      })
    ).status(),
  ).toBe(400);
  expect(
    (
      await page.request.post("/inbox/sign-in", { form: { email: agent.email, password: agent.password }, headers: { Origin: "" } })
    ).status(),
  ).toBe(403);
});
