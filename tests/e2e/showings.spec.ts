/**
 * "Book a showing" end to end (issue 44), at 390 px in Chromium, on a server of the spec's own
 * (the DDF stand-in, an SMTP peer that parses every mail): the agent makes their calendar address;
 * a buyer books a slot from a listing page; the agent confirms it from the inbox; the buyer's mail
 * carries the invitation, read with ical.js; the subscription answers text/calendar with the
 * showing; the buyer's cancel link shows the showing on GET and cancels it on POST, and the
 * cancellation keeps the UID with a higher SEQUENCE.
 */
import { expect as baseExpect } from "@playwright/test";
import ICAL from "ical.js";
import { generateListings } from "../fixtures/ddf/listings";
import { startDdfStandIn } from "../fixtures/ddf/stand-in";
import { type OwnServer, createFirstAccount, startOwnServer } from "./own-server";
import { type ReceivedMail, SmtpPeer } from "./smtp-peer";
import { expect, expectNoA11yViolations, phoneViewport, test } from "./support";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ viewport: phoneViewport });

const agent = { name: "Jordan Avery", email: "jordan@averyhomes.example", password: "correct horse battery staple" };
const buyer = "buyer.showing@example.com";
let standIn: Awaited<ReturnType<typeof startDdfStandIn>>;
let smtp: SmtpPeer;
let server: OwnServer;
let origin = "";

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

/** The mail's invitation (its .ics file) read with ical.js. */
function invitationOf(mail: ReceivedMail) {
  const file = mail.parsed.attachments.find((a) => a.filename === "invitation.ics");
  expect(file, "the mail's invitation.ics").toBeTruthy();
  const cal = new ICAL.Component(ICAL.parse(file!.content.toString("utf8")));
  const event = cal.getFirstSubcomponent("vevent")!;
  return {
    method: cal.getFirstPropertyValue("method"),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    location: String(event.getFirstPropertyValue("location")),
    tzid: event.getFirstProperty("dtstart")!.getParameter("tzid"),
    hasTimezone: cal.getAllSubcomponents("vtimezone").length === 1,
  };
}

test.beforeAll(async () => {
  standIn = await startDdfStandIn({
    listings: generateListings(6, { seed: 44, now: new Date("2026-11-01T00:00:00Z") }),
    clientId: "showings-client",
    clientSecret: "showings-secret",
  });
  smtp = new SmtpPeer();
  await smtp.start();
  server = await startOwnServer(
    "showings",
    test.info().outputPath("server.log"),
    {
      DDF_CLIENT_ID: "showings-client",
      DDF_CLIENT_SECRET: "showings-secret",
      DDF_MEDIA_HOSTS: new URL(standIn.origin).host,
      SMTP_URL: smtp.url,
    },
    { ddfTokenUrl: standIn.tokenUrl, ddfApiUrl: standIn.apiUrl, outboxPollMs: 500 },
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

test("a buyer books a showing, the agent confirms it, the invitation and the calendar agree, the cancel link cancels it", async ({
  page,
  browser,
}) => {
  await createFirstAccount(page, server, agent);
  // The agent's calendar address, on the Account page.
  await page.getByRole("button", { name: "Make a calendar address" }).click();
  const webcal = await page.getByTestId("showings-feed-url").innerText();
  expect(webcal).toMatch(/^webcal:\/\/localhost:\d+\/calendar\/showings\/[\w-]+\.ics$/);

  // The buyer, in a browser of their own: the listing page, "Book a showing", the first free time.
  const home = [...standIn.listings.values()].find((p) => p.StandardStatus === "Active" && p.InternetEntireListingDisplayYN !== false)!;
  const buyerContext = await browser.newContext({ viewport: phoneViewport });
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`${origin}/listings/${home.ListingKey}-x`);
  await buyerPage.getByTestId("book-showing").click();
  await expect(buyerPage.getByRole("heading", { name: "Book a showing" })).toBeVisible();
  const firstSlot = buyerPage.locator("input[name=slot]").first();
  const slotValue = await firstSlot.getAttribute("value");
  await buyerPage.locator(`label:has(input[value="${slotValue}"])`).click();
  await expect(firstSlot).toBeChecked();
  await buyerPage.getByLabel("Full Name").fill("Robin Buyer");
  await buyerPage.getByLabel("Email Address").fill(buyer);
  await buyerPage.getByLabel("Phone Number").fill("780-555-0144");
  await buyerPage.getByLabel(/^Note/).fill("Is parking on the street?");
  await expectNoA11yViolations(buyerPage);
  await buyerPage.getByRole("button", { name: "Book this showing" }).click();
  await expect(buyerPage.getByTestId("showing-booked")).toBeVisible();
  // The time is held: the page no longer offers it.
  await buyerPage.goto(`${origin}/listings/${home.ListingKey}-x/showing`);
  await expect(buyerPage.locator(`input[name=slot][value="${slotValue}"]`)).toHaveCount(0);

  // The agent confirms it from the inbox.
  await page.goto(`${origin}/inbox/showings`);
  const card = page.locator("li", { hasText: "Robin Buyer" }).first();
  await expect(card).toContainText("Requested");
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("showing-result")).toContainText("Confirmed");
  await expectNoA11yViolations(page);
  // The answer links to the showing's day (none when it is the day shown, today): there it reads confirmed.
  const dayLink = page.getByTestId("showing-day-link");
  if (await dayLink.count()) {
    await dayLink.click();
    await expect(page).toHaveURL(/\/inbox\/showings\?day=\d{4}-\d{2}-\d{2}$/);
  }
  await expect(page.locator('section[aria-labelledby="day-heading"] li', { hasText: "Robin Buyer" })).toContainText("Confirmed");

  // The buyer's invitation, read as a calendar program reads it.
  const confirmation = await mailTo(buyer, /^Showing of /);
  const invitation = invitationOf(confirmation);
  expect(invitation).toMatchObject({ method: "REQUEST", sequence: 1, tzid: "America/Edmonton", hasTimezone: true });
  expect(invitation.location).toContain(home.City ?? "Edmonton");

  // The agent's subscription has the showing.
  const feed = await fetch(webcal.replace(/^webcal:/, "http:"));
  expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
  const feedEvents = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent");
  expect(feedEvents.map((e) => String(e.getFirstPropertyValue("uid")))).toContain(invitation.uid);

  // The cancel link: GET shows and changes nothing, POST cancels; the cancellation keeps the UID, one SEQUENCE up.
  const manage = [...String(confirmation.parsed.html).matchAll(/href="([^"]+\/showings\/[^"]+)"/g)].map((m) =>
    m[1]!.replace(/&amp;/g, "&"),
  )[0]!;
  expect(new URL(manage).origin).toBe(origin);
  await buyerPage.goto(manage);
  await expect(buyerPage.getByTestId("showing-when")).toContainText("(confirmed)");
  await buyerPage.getByRole("button", { name: "Cancel this showing" }).click();
  await expect(buyerPage.getByTestId("showing-acted")).toContainText("cancelled");
  const cancellation = invitationOf(await mailTo(buyer, /^Cancelled: showing of /));
  expect(cancellation).toMatchObject({ method: "CANCEL", uid: invitation.uid, sequence: 2 });
  // A forged link: 404, nobody's data.
  const forged = await buyerPage.goto(`${origin}/showings/${manage.split("/showings/")[1]!.slice(0, -3)}abc`);
  expect(forged?.status()).toBe(404);
  await expect(buyerPage.locator("body")).not.toContainText("Robin");
  await buyerContext.close();
});
