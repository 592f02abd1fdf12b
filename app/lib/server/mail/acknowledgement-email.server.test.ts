import { describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { buildAcknowledgementEmail } from "../leads/forms.server";
import { CONTACT_REPLY_PROMISE, LEAD_REPLY_PROMISE } from "./acknowledgement-email.server";
import { isPlainAddress } from "./mail-text.server";

const base = { id: 41, message_id: "<acknowledgement-1@averyhomes.example>", created_at: new Date("2026-11-23T18:30:05Z") };
const contact = (payload: Record<string, unknown>, recipient: string | null = "jane@example.com") =>
  buildAcknowledgementEmail({
    ...base,
    source: "contact_form",
    recipient,
    payload: {
      name: "Jane Doe",
      email: "jane@example.com",
      phone: null,
      message: "Is the house still for sale?",
      submittedAt: "2026-11-23T18:30:00.000Z",
      contactId: 3,
      ...payload,
    },
  });
const lead = (payload: Record<string, unknown>) =>
  buildAcknowledgementEmail({
    ...base,
    source: "Welcome Page Form",
    recipient: "sam@example.com",
    payload: {
      fullName: "Sam Lee",
      email: "sam@example.com",
      phone: "780-555-0111",
      serviceType: "selling",
      comments: "Three bedrooms,\nnear a school.",
      submittedAt: "2026-03-08T17:00:00.000Z" /* the first day of MDT */,
      leadId: 9,
      ...payload,
    },
  });

/** Anything that would make the acknowledgement a commercial message needing consent. */
const PROMOTIONAL =
  /newsletter|subscribe|sign up|sign-up|listing alert|instant (property )?updates|home valuation|free |new listings|open house|special offer|follow (me|us)|facebook|instagram|youtube|linkedin/i;

describe("the visitor's acknowledgement", () => {
  it("thanks the visitor in the spec's words, from the agent, to their address alone, with Reply-To the agent", () => {
    const mail = contact({});
    expect(mail.to).toBe("jane@example.com");
    expect(mail.replyTo).toEqual({ name: site.agent.name, address: site.agent.email });
    expect(mail.subject).toBe(`We received your message: ${site.agent.name}, ${site.agent.title}`);
    expect(mail.text).toContain("Hello,\n\nThank you for contacting us. We'll get back to you within 24 hours.");
    expect(mail.html).toContain(`<p>${CONTACT_REPLY_PROMISE.replace("'", "&#39;")}</p>`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(site.agent.name);
      expect(part).toContain(site.agent.title);
      expect(part).toContain(site.brokerage.name);
      expect(part).toContain(site.agent.phone);
    }
    expect(mail.html).toContain(`href="${site.agent.phoneHref}"`);
    expect(mail.messageId).toBe(base.message_id);
    expect(mail.date).toEqual(base.created_at);
  });

  it("is marked as an automatic reply (RFC 3834)", () => {
    expect(contact({}).headers).toMatchObject({ "Auto-Submitted": "auto-replied", "X-Notification-Id": "41" });
    expect(lead({}).headers["Auto-Submitted"]).toBe("auto-replied");
  });

  it("says when the message was received, in Edmonton time, and quotes none of it", () => {
    const mail = contact({ message: "Line one\n\nLine two" });
    expect(mail.text).toContain("We received your message on November 23, 2026 at 11:30 a.m. (Edmonton time).");
    for (const part of [mail.text, mail.html]) expect(part).not.toContain("Line one");
  });

  it("names the home and links its page for a listing inquiry", () => {
    const listing = {
      key: "X1",
      address: "123 Main St NW, Edmonton",
      mlsNumber: "E4000001",
      path: "/listings/x1",
      url: "https://www.averyhomes.example/listings/x1",
    };
    const mail = contact({ listing });
    expect(mail.subject).toBe("Your question about 123 Main St NW, Edmonton");
    expect(mail.text).toContain("The home: 123 Main St NW, Edmonton (MLS® E4000001)\nhttps://www.averyhomes.example/listings/x1\n");
    expect(mail.html).toContain('<a href="https://www.averyhomes.example/listings/x1">123 Main St NW, Edmonton</a> (MLS® E4000001)');
  });

  it("links only a listing page of a site, never another address", () => {
    const mail = contact({
      listing: { key: "X1", address: "1 Elm St", mlsNumber: null, path: "/listings/x1", url: "javascript:alert(1)//listings/" },
    });
    expect(mail.html).not.toContain("javascript:");
    expect(mail.text).not.toContain("javascript:");
    expect(mail.text).toContain("The home: 1 Elm St\n");
  });

  it("reads the welcome form's snapshot: the service from the form's list, nothing typed", () => {
    const mail = lead({});
    expect(mail.to).toBe("sam@example.com");
    expect(mail.subject).toBe(`We received your information: ${site.agent.name}, ${site.agent.title}`);
    expect(mail.text).toContain(`Hello,\n\n${LEAD_REPLY_PROMISE}`);
    expect(mail.text).toContain("We received your information on March 8, 2026 at 11:00 a.m. (Edmonton time).\nService: I'm Selling\n");
    expect(mail.html).toContain("Service: I&#39;m Selling");
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("Sam Lee");
      expect(part).not.toContain("Three bedrooms");
    }
    // A service outside the form's list is something typed: left out.
    expect(lead({ serviceType: "Visit https://evil.example/win now" }).text).not.toContain("evil.example");
  });

  it("carries nothing of a stranger's typed name or message: not in To:, not as a greeting, not as a link", () => {
    const spam = "Visit https://evil.example/win now";
    for (const mail of [
      contact({ name: spam, message: `${spam} <a href="https://evil.example/">win</a> www.evil.example` }),
      lead({ fullName: spam, comments: spam }),
    ]) {
      expect(mail.to).toMatch(/^[^<>\s]+@example\.com$/);
      for (const part of [mail.text, mail.html, mail.subject]) {
        expect(part).not.toContain("evil.example");
        expect(part).not.toContain("Visit");
      }
      expect(mail.text).toMatch(/^Hello,\n/);
    }
  });

  it("promotes nothing: no listings, newsletter, sign-up or links but the home's own page", () => {
    for (const mail of [
      contact({}),
      lead({}),
      contact({
        listing: {
          key: "X1",
          address: "1 Elm St",
          mlsNumber: "E1",
          path: "/listings/x1",
          url: "https://www.averyhomes.example/listings/x1",
        },
      }),
    ]) {
      expect(mail.text).not.toMatch(PROMOTIONAL);
      expect(mail.html).not.toMatch(PROMOTIONAL);
      const links = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(links.every((href) => href === site.agent.phoneHref || href === "https://www.averyhomes.example/listings/x1")).toBe(true);
    }
  });

  it("keeps every header value on one line and escapes the home's address", () => {
    const listing = contact({
      listing: { key: "X", address: "1 Elm St <b>\r\nBcc: victim@example.com", mlsNumber: null, path: "/listings/x", url: "" },
    });
    expect(listing.subject).toBe("Your question about 1 Elm St <b> Bcc: victim@example.com");
    expect(listing.html).not.toContain("<b>");
    for (const value of [listing.subject, listing.to, ...Object.values(listing.headers)]) expect(value).not.toMatch(/[\r\n]/);
  });

  it("goes to the row's recipient, else the snapshot's address, and refuses anything but one plain address", () => {
    expect(contact({}, null).to).toBe("jane@example.com");
    expect(contact({}, "other@example.com").to).toBe("other@example.com");
    expect(() => contact({ email: "" }, null)).toThrow(/no valid address/);
    expect(() => contact({}, "a@example.com, victim@example.com")).toThrow(/no valid address/);
    expect(() => contact({}, "a@example.com\r\nBcc: victim@example.com")).toThrow(/no valid address/);
    expect(isPlainAddress("jane.doe+homes@example.co.uk")).toBe(true);
    expect(isPlainAddress("Jane <jane@example.com>")).toBe(false);
  });
});
