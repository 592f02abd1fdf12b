/**
 * Listing alerts end to end (issue 32), on a server of the spec's own: its own DDF stand-in (the
 * test changes a price in it), an SMTP peer in this worker that parses every mail with a real MIME
 * parser, the sync every 10 s and the alerts job every second. A buyer on a phone saves a search
 * without JavaScript and watches a home with it, confirms from the mail, receives the alert of a
 * price drop, opens the home from it (the agent's inbox shows that), unsubscribes with the one-click
 * POST a mail program sends, and nothing more arrives.
 */
import { expect as baseExpect } from "@playwright/test";
import type { DdfProperty } from "../../app/lib/server/listings/property.server";
import { generateListings } from "../fixtures/ddf/listings";
import { startDdfStandIn } from "../fixtures/ddf/stand-in";
import { formatCurrency } from "../../app/lib/format";
import { type OwnServer, createFirstAccount, signIn, startOwnServer } from "./own-server";
import { type ReceivedMail, SmtpPeer } from "./smtp-peer";
import { expect, expectNoA11yViolations, phoneViewport, test } from "./support";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const agent = { name: "Jordan Avery", email: "jordan@averyhomes.example", password: "correct horse battery staple" };
const buyer = "buyer.alerts@example.com";
let standIn: Awaited<ReturnType<typeof startDdfStandIn>>;
let smtp: SmtpPeer;
let server: OwnServer;
let origin = "";

/** The first mail to `to` whose subject matches, waiting for it. */
async function mailTo(to: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  await baseExpect
    .poll(() => smtp.to(to, subject).length, {
      timeout: 60_000,
      intervals: [250, 500, 1000],
      message: `a mail to ${to} with subject ${subject}`,
    })
    .toBeGreaterThanOrEqual(count);
  return smtp.to(to, subject)[count - 1]!;
}

/** The links of a mail's HTML part. */
function linksOf(mail: ReceivedMail): string[] {
  return [...String(mail.parsed.html || "").matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

function activeListing(): DdfProperty {
  return [...standIn.listings.values()].find(
    (p) => p.StandardStatus === "Active" && (p.ListPrice ?? 0) > 100_000 && p.InternetEntireListingDisplayYN !== false,
  )!;
}

test.beforeAll(async () => {
  standIn = await startDdfStandIn({
    listings: generateListings(12, { seed: 32, now: new Date("2026-11-01T00:00:00Z") }),
    clientId: "alerts-client",
    clientSecret: "alerts-secret",
  });
  smtp = new SmtpPeer();
  await smtp.start();
  server = await startOwnServer(
    "alerts",
    test.info().outputPath("server.log"),
    {
      DDF_CLIENT_ID: "alerts-client",
      DDF_CLIENT_SECRET: "alerts-secret",
      DDF_MEDIA_HOSTS: new URL(standIn.origin).host,
      SMTP_URL: smtp.url,
    },
    { ddfTokenUrl: standIn.tokenUrl, ddfApiUrl: standIn.apiUrl, ddfSyncIntervalMs: 10_000, alertsPollMs: 1000, outboxPollMs: 500 },
  );
  origin = server.origin;
  await baseExpect
    .poll(
      async () =>
        ((await (await fetch(`${origin}/listings`).catch(() => null))?.text()) ?? "").match(/href="\/listings\/\d+-[^"]+"/g)?.length ?? 0,
      {
        timeout: 90_000,
        intervals: [500, 1000],
        message: `the server started and synced the stand-in's listings (its output: ${server.logPath})`,
      },
    )
    .toBeGreaterThan(0);
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await standIn?.close();
});

test("the agent's account (set-up link from the server's output)", async ({ page }) => {
  await createFirstAccount(page, server, agent);
});

test.describe("on a phone without JavaScript", () => {
  test.use({ viewport: phoneViewport, javaScriptEnabled: false });

  test("saves a search: the unticked consent box is required, then the confirmation mail's page confirms it with a POST", async ({
    page,
  }) => {
    await page.goto(`${origin}/listings`);
    const form = page.locator("form[action='/alerts']").first();
    await form
      .locator("summary, button")
      .filter({ hasText: /save this search/i })
      .first()
      .click();
    await form.getByRole("textbox", { name: /e-mail/i }).fill(buyer);
    await form.getByRole("textbox", { name: /name/i }).fill("<b>Robin</b> Buyer");
    await form.getByLabel("As they happen").check();
    const consent = form.getByRole("checkbox");
    await expect(consent).not.toBeChecked();
    await expect(form).toContainText("Jordan Avery, Northgate Realty Group");
    await expect(form).toContainText("withdraw my consent at any time");
    // Without the box: a clear message, nothing stored, the typed address kept.
    await form.getByRole("button", { name: /save|send|sign up|alert/i }).click();
    await expect(page.getByText(/consent|tick/i).first()).toBeVisible();
    expect(smtp.to(buyer, /./)).toHaveLength(0);
    const again = page.locator("form[action='/alerts']").first();
    await expect(again.getByRole("textbox", { name: /e-mail/i })).toHaveValue(buyer);
    await again.getByRole("checkbox").check();
    await again.getByRole("button", { name: /save|send|sign up|alert/i }).click();
    await expect(page.getByRole("heading", { name: /check your (e-)?mail/i })).toBeVisible();

    const confirmation = await mailTo(buyer, /confirm/i);
    // The typed name is kept with the sign-up, never written into a mail to a typed address (decision 042).
    expect(confirmation.parsed.text).toMatch(/^Hello,/);
    for (const part of [
      confirmation.parsed.text,
      String(confirmation.parsed.html),
      confirmation.parsed.to && !Array.isArray(confirmation.parsed.to) ? confirmation.parsed.to.text : "",
    ])
      expect(part).not.toContain("Robin");
    const confirmUrl = linksOf(confirmation).find((l) => l.includes("/alerts/confirm/"))!;
    expect(new URL(confirmUrl).origin).toBe(origin);
    // Opening the link changes nothing (scanners open links): the page asks for the button.
    await page.goto(confirmUrl);
    await expect(page.getByRole("button", { name: /confirm/i })).toBeVisible();
    await page.getByRole("button", { name: /confirm/i }).click();
    await expect(page.getByText(/confirmed|you're subscribed|you are subscribed/i).first()).toBeVisible();
    // A wrong token: a clear page, nobody's data.
    const wrong = await page.goto(`${origin}/alerts/manage/not-a-real-token`);
    expect(wrong?.status()).toBe(404);
    await expect(page.locator("body")).not.toContainText(buyer);
  });
});

test.describe("on a phone with JavaScript", () => {
  test.use({ viewport: phoneViewport });

  test("watches a home and confirms it", async ({ page }) => {
    const home = [...standIn.listings.values()].filter((p) => p.StandardStatus === "Active")[1]!;
    await page.goto(`${origin}/listings/${home.ListingKey}-x`);
    const form = page.locator("form[action='/alerts']").first();
    await form
      .locator("summary, button")
      .filter({ hasText: /watch this home/i })
      .first()
      .click();
    await expectNoA11yViolations(page);
    await form.getByRole("textbox", { name: /e-mail/i }).fill(buyer);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: /watch|save|send|sign up/i }).click();
    await expect(page.getByRole("heading", { name: /check your (e-)?mail/i })).toBeVisible();
    await expectNoA11yViolations(page);
    const confirmation = await mailTo(buyer, /confirm/i, 2);
    await page.goto(linksOf(confirmation).find((l) => l.includes("/alerts/confirm/"))!);
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: /confirm/i }).click();
    await expect(page.getByText(/confirmed|you're subscribed|you are subscribed/i).first()).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test("a price drop in the feed reaches the buyer as an alert; the home opened from it shows in the inbox; one-click unsubscribe stops everything", async ({
  page,
  request,
}) => {
  const home = activeListing();
  const oldPrice = home.ListPrice!;
  const newPrice = oldPrice - 15_000;
  standIn.upsert({ ...home, ListPrice: newPrice });

  // The alert is the buyer's first marketing mail: the one with List-Unsubscribe.
  const marketing = () => smtp.mails.filter((m) => m.to.includes(buyer) && m.parsed.headerLines.some((h) => h.key === "list-unsubscribe"));
  await baseExpect
    .poll(() => marketing().length, { timeout: 60_000, intervals: [500, 1000], message: "the alert of the price drop" })
    .toBeGreaterThan(0);
  const alert = marketing()[0]!;
  // RFC 8058 headers, the sender named, every link on the site.
  const header = (key: string) => alert.parsed.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, "") ?? "";
  expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  const unsubscribeUrl = header("list-unsubscribe").replace(/^<|>$/g, "");
  expect(new URL(unsubscribeUrl).origin).toBe(origin);
  expect(alert.parsed.text).toContain("Northgate Realty Group");
  expect(alert.parsed.text).toContain("10150 Jasper Avenue NW");
  const links = linksOf(alert);
  expect(links.length).toBeGreaterThan(2);
  for (const link of links) expect(new URL(link).origin, link).toBe(origin);
  const html = String(alert.parsed.html);
  expect(html).toMatch(/line-through|<s>|<del>/);

  // The buyer opens the home from the alert: an on-site redirect to its page.
  const openUrl = links.find((l) => l.includes("/alerts/open/") && l.includes(home.ListingKey))!;
  await page.goto(openUrl);
  await expect(page).toHaveURL(new RegExp(`/listings/${home.ListingKey}-`));
  await page.goto(openUrl);

  // The agent sees the searches, the alert, the opens and the ledger; the buyer is warming up.
  await signIn(page, origin, agent);
  await expect(page.getByText(/warming up/i).first()).toBeVisible();
  await page.getByRole("link", { name: /Robin/ }).first().click();
  await expect(page.getByText(/express/i).first()).toBeVisible();
  // The alert sent and the home opened from it (twice, on one day: one open recorded, issue 38).
  await expect(page.locator("section[aria-labelledby='alerts-sent-heading']")).toBeVisible();
  await expect(page.getByTestId("homes-opened")).toContainText("on one day");
  await expect(page.locator("body")).toContainText("withdraw my consent at any time");

  // One-click unsubscribe, as a mail program sends it: no cookies, no Origin.
  const sentBefore = smtp.mails.filter((m) => m.to.includes(buyer)).length;
  const answer = await request.post(unsubscribeUrl, { form: { "List-Unsubscribe": "One-Click" }, headers: { cookie: "" } });
  expect(answer.status()).toBe(200);
  // Another drop: nothing more arrives (two syncs and many alert runs later).
  const lastPrice = newPrice - 10_000;
  standIn.upsert({ ...standIn.listings.get(home.ListingKey)!, ListPrice: lastPrice });
  await baseExpect
    .poll(async () => (await request.get(`${origin}/listings/${home.ListingKey}-x`)).text(), {
      timeout: 60_000,
      intervals: [1000],
      message: "the sync stored the second price drop",
    })
    .toContain(formatCurrency(lastPrice));
  // The alerts job runs every second: a few runs later, still nothing for the buyer.
  await page.waitForTimeout(5_000);
  expect(smtp.mails.filter((m) => m.to.includes(buyer)).length).toBe(sentBefore);
  // The ledger shows the withdrawal.
  await page.reload();
  await expect(page.getByText(/withdrawal/i).first()).toBeVisible();
});
