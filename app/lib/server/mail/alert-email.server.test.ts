import { describe, expect, it } from "vitest";
import { formatAddress, site } from "~/content/site";
import { type AlertItem, type AlertPayload, buildAlertEmail, changeOf } from "./alert-email.server";
import { emailOf } from "./email-of.server";
import { MalformedPayloadError } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";
import { AGENT, ORIGIN, UNSAFE_HTML, deliveredMail } from "../../../../tests/support/parsed-mail";

const unsubscribeUrl = `${ORIGIN}/alerts/unsubscribe/m4n4ge.t0ken`;
const item = (over: Partial<AlertItem> = {}): AlertItem => ({
  kind: "new",
  address: "123 Main St NW",
  city: "Edmonton",
  price: 480_000,
  oldPrice: null,
  status: "active",
  beds: 3,
  baths: 2,
  brokerage: "Example Realty",
  photoUrl: `${ORIGIN}/listings/photos/X1/0`,
  pageUrl: `${ORIGIN}/alerts/open/0pen.t0ken/X1`,
  subscriptionLabel: "Houses in Edmonton, 3+ bedrooms",
  ...over,
});
const payload = (over: Partial<AlertPayload> = {}): AlertPayload => ({
  name: "Robin Buyer",
  items: [item()],
  total: 1,
  allLinks: [{ label: "Houses in Edmonton, 3+ bedrooms", url: `${ORIGIN}/listings?city=Edmonton&type=house&minBeds=3` }],
  manageUrl: `${ORIGIN}/alerts/manage/m4n4ge.t0ken`,
  unsubscribeUrl,
  ...over,
});
const row = (p: unknown, recipient: string | null = "robin@example.com"): OutboxNotification => ({
  id: 31,
  kind: "alert",
  source: "listing_alerts",
  payload: p,
  message_id: "<alert-7-1@averyhomes.example>",
  attempts: 1,
  created_at: new Date("2026-11-28T14:00:00Z"),
  recipient,
  person_id: 7,
});

const drop = item({
  kind: "price",
  address: "9 Elm Close",
  price: 465_000,
  oldPrice: 480_000,
  pageUrl: `${ORIGIN}/alerts/open/0pen.t0ken/X2`,
});

describe("the listing alert", () => {
  it("is a two-part mail from the agent to the buyer, with the one-click unsubscribe headers and no Auto-Submitted", async () => {
    const mail = await deliveredMail(row(payload({ items: [item(), drop], total: 2 })));
    // The address alone: no display name, whoever typed it (decision 042).
    expect(mail.parsed.to).toMatchObject({ value: [{ name: "", address: "robin@example.com" }] });
    expect(mail.parsed.replyTo?.value[0]).toMatchObject({ name: site.agent.name, address: site.agent.email });
    expect(mail.parsed.subject).toBe("2 updates from your listing alerts");
    expect(mail.parsed.subject).not.toMatch(/confirm/i);
    expect(mail.parsed.messageId).toBe("<alert-7-1@averyhomes.example>");
    expect(mail.text).toBeTruthy();
    expect(mail.html).toMatch(/^<!doctype html>/);
    // mailparser files the List-* headers under "list"; the lines themselves are what a mail program reads.
    const lines = Object.fromEntries(mail.parsed.headerLines.map((h) => [h.key, h.line.replace(/^[^:]+:\s*/, "").replace(/\s+/g, " ")]));
    expect(lines["list-unsubscribe"]).toBe(`<${unsubscribeUrl}>`);
    expect(lines["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.parsed.headers.get("list")).toEqual({
      unsubscribe: { url: unsubscribeUrl },
      "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
    });
    expect(lines["auto-submitted"]).toBeUndefined();
  });

  it("shows each home with its photo, price, address, beds, baths, brokerage and link, in both parts", async () => {
    const mail = await deliveredMail(row(payload({ items: [item(), drop], total: 2 })));
    for (const part of [mail.text, mail.html]) {
      for (const expected of [
        "123 Main St NW, Edmonton",
        "9 Elm Close, Edmonton",
        "$480,000",
        "$465,000",
        "3 beds",
        "2 baths",
        "Listing brokerage: Example Realty",
      ])
        expect(part).toContain(expected);
      for (const headline of ["new listing", "price drop"]) expect(part.toLowerCase()).toContain(headline);
    }
    expect(mail.text).toContain(
      "PRICE DROP: $465,000 (was $480,000)\n9 Elm Close, Edmonton\n3 beds · 2 baths\nListing brokerage: Example Realty\nhttps://www.averyhomes.example/alerts/open/0pen.t0ken/X2\n",
    );
    // The old price struck through on a drop.
    expect(mail.html).toMatch(/<s style="text-decoration:line-through[^"]*">\$480,000<\/s>/);
    expect(mail.html).toContain(
      `<img src="${ORIGIN}/listings/photos/X1/0" width="550" height="367" alt="Photo of 123 Main St NW, Edmonton"`,
    );
    expect(mail.links).toContain(`${ORIGIN}/alerts/open/0pen.t0ken/X2`);
  });

  it("renders where mail programs render: presentation tables with widths, inline styles, a preheader, no classes or scripts", async () => {
    const { html } = await deliveredMail(row(payload({ items: [item(), drop], total: 2 })));
    expect(html).not.toMatch(UNSAFE_HTML);
    expect(html).not.toMatch(/<style|<link/i);
    const tables = html.match(/<table[^>]*>/g)!;
    expect(tables.length).toBeGreaterThan(2);
    for (const t of tables) expect(t).toMatch(/role="presentation".*width="/);
    for (const img of html.match(/<img[^>]*>/g)!) expect(img).toMatch(/ width="\d+" height="\d+" alt="[^"]+"/);
    expect(html).toMatch(/<div style="display:none;[^"]*mso-hide:all[^"]*">New listing: 1 · Price drop: 1<\/div>/);
  });

  it("names the sender, their mailing address and why the mail comes, and links to manage and unsubscribe, in both parts", async () => {
    const mail = await deliveredMail(row(payload()));
    for (const part of [mail.text, mail.html.replace(/&#39;/g, "'")]) {
      for (const expected of [
        site.agent.name,
        site.brokerage.name,
        formatAddress(),
        "You receive this e-mail because you signed up for listing alerts",
        "Houses in Edmonton, 3+ bedrooms",
      ])
        expect(part).toContain(expected);
    }
    expect(mail.text).toContain(`Manage your alerts: ${ORIGIN}/alerts/manage/m4n4ge.t0ken\nUnsubscribe: ${unsubscribeUrl}\n`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/alerts/manage/m4n4ge.t0ken" style="color:#1d4ed8">Manage your alerts</a>`);
    expect(mail.html).toContain(`<a href="${unsubscribeUrl}" style="color:#1d4ed8">Unsubscribe</a>`);
  });

  it("links only to absolute addresses on the site", async () => {
    const mail = await deliveredMail(row(payload({ items: [item(), drop], total: 14 })));
    expect(mail.links.length).toBeGreaterThan(6);
    for (const link of mail.links) expect(new URL(link).origin, link).toBe(ORIGIN);
    for (const link of mail.text.match(/https?:\/\/\S+/g)!) expect(new URL(link).origin, link).toBe(ORIGIN);
  });

  it("shows at most 10 homes, and links to all of them when there are more", async () => {
    const many = Array.from({ length: 12 }, (_, i) => item({ address: `${i + 1} Oak St`, pageUrl: `${ORIGIN}/alerts/open/t/K${i}` }));
    const mail = await deliveredMail(row(payload({ items: many, total: 14 })));
    expect(mail.text).toContain("10 Oak St");
    expect(mail.text).not.toContain("11 Oak St");
    expect(mail.html.match(/<img /g)).toHaveLength(10);
    expect(mail.text).toContain(
      `These are the 10 newest of 14 updates.\nSee all the homes:\nHouses in Edmonton, 3+ bedrooms: ${ORIGIN}/listings?city=Edmonton&type=house&minBeds=3\n`,
    );
    expect(mail.links).toContain(`${ORIGIN}/listings?city=Edmonton&type=house&minBeds=3`);
    expect(mail.parsed.subject).toBe("14 updates from your listing alerts");
  });

  it("says what happened to a watched home: sold, off the market, back, a price either way", async () => {
    expect(changeOf(item({ kind: "removed", status: "Closed" })).headline).toBe("Sold");
    expect(changeOf(item({ kind: "removed", status: "Expired" })).headline).toBe("No longer on the market");
    expect(changeOf(item({ kind: "removed", status: null })).headline).toBe("No longer on the market");
    expect(changeOf(item({ kind: "status", status: "pending" })).headline).toBe("Sale pending");
    expect(changeOf(item({ kind: "status", status: "under-contract" })).headline).toBe("Conditionally sold");
    expect(changeOf(item({ kind: "status", status: "active" })).headline).toBe("Back on the market");
    expect(changeOf(item({ kind: "price", price: 500_000, oldPrice: 480_000 }))).toEqual({ headline: "Price increase", drop: false });
    const gone = buildAlertEmail(
      row(
        payload({
          items: [
            item({
              kind: "removed",
              status: "Closed",
              address: "",
              photoUrl: null,
              price: null,
              beds: null,
              baths: null,
              brokerage: null,
              subscriptionLabel: "77 Birch Rd",
            }),
          ],
        }),
      ),
    );
    expect(gone.subject).toBe("Sold: 77 Birch Rd");
    expect(gone.text).toContain("SOLD: Price on request\n77 Birch Rd, Edmonton\nListing brokerage: not provided by the listing\n");
    expect(gone.html).not.toContain("<img");
    const up = buildAlertEmail(row(payload({ items: [item({ kind: "price", price: 500_000, oldPrice: 480_000 })] })));
    expect(up.text).toContain("PRICE INCREASE: $500,000 (was $480,000)");
    expect(up.html).not.toContain("<s ");
  });

  it("shows what a visitor typed as text, never as markup, and keeps headers on one line", async () => {
    const mail = await deliveredMail(row(payload({ name: "<script>alert(1)</script><b>Robin</b>\r\nBcc: victim@example.com" })));
    expect(mail.text).toContain("Hi <script>alert(1)</script><b>Robin</b> Bcc: victim@example.com,");
    expect(mail.html).not.toContain("<b>Robin</b>");
    expect(mail.html).not.toMatch(UNSAFE_HTML);
    expect(mail.html).toContain("Hi &lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;Robin&lt;/b&gt; Bcc: victim@example.com,");
    expect(mail.parsed.to).toMatchObject({ value: [{ address: "robin@example.com" }] });
    expect(mail.raw).not.toMatch(/^Bcc:/im);
  });

  it("goes without a name to the bare address", async () => {
    const mail = await deliveredMail(row(payload({ name: null })));
    expect(mail.parsed.to).toMatchObject({ value: [{ name: "", address: "robin@example.com" }] });
    expect(mail.text).toMatch(/^Hi there,/);
  });

  it("refuses a malformed payload with its reason, never a half-written mail", () => {
    const refused = (p: unknown, recipient?: string | null) => () => emailOf(row(p, recipient), AGENT);
    expect(refused(null)).toThrow(MalformedPayloadError);
    expect(refused("x")).toThrow(/not an object/);
    expect(refused(payload(), null)).toThrow(/no valid address/);
    expect(refused(payload(), "a@example.com, b@example.com")).toThrow(/no valid address/);
    expect(refused({ ...payload(), unsubscribeUrl: "" })).toThrow(/no unsubscribe link/);
    expect(refused({ ...payload(), manageUrl: "https://evil.example/alerts/manage/x" })).toThrow(
      /manage link is not a link on https:\/\/www\.averyhomes\.example/,
    );
    expect(refused({ ...payload(), items: [] })).toThrow(/no homes/);
    expect(refused({ ...payload(), items: "many" })).toThrow(/no homes/);
    expect(refused({ ...payload(), items: [null] })).toThrow(/home 1 is not an object/);
    expect(refused({ ...payload(), items: [{ ...item(), kind: "bogus" }] })).toThrow(/unknown kind "bogus"/);
    expect(refused({ ...payload(), items: [item({ pageUrl: "javascript:alert(1)" })] })).toThrow(/home 1's link is not a link/);
    expect(refused({ ...payload(), allLinks: [{ label: "x", url: "/listings" }] })).toThrow(/"see all" link 1/);
    // A photo from elsewhere is left out, not fetched.
    expect(buildAlertEmail(row(payload({ items: [item({ photoUrl: "https://tracker.example/p.gif" })] }))).html).not.toContain(
      "tracker.example",
    );
  });
});
