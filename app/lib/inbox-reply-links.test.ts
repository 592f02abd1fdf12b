import { describe, expect, it } from "vitest";
import { dialable, emailSubject, greeting, mailtoHref, quoted, replyLinks, smsHref } from "./inbox-reply-links";

const by = { agentName: "Jordan Avery", brokerage: "Northgate Realty Group" };
const latest = (text: string, listingAddress: string | null = null) => ({ text, when: "Nov 22, 2026, 9:51 p.m.", listingAddress });

/** The query of a link as the phone's app reads it: every parameter, decoded. */
function paramsOf(href: string): [string, string][] {
  return [...new URL(href).searchParams.entries()];
}

describe("dialable", () => {
  it("writes North American numbers in E.164, however they were typed", () => {
    for (const typed of ["780-555-0199", "(780) 555-0199", "780.555.0199", "1 780 555 0199", "+1 (780) 555-0199", " 7805550199 "])
      expect(dialable(typed)).toBe("+17805550199");
  });
  it("leaves an extension off, keeps an international number's country code, and gives nothing for nothing", () => {
    expect(dialable("780-555-0199 ext. 12")).toBe("+17805550199");
    expect(dialable("780 555 0199 x12")).toBe("+17805550199");
    expect(dialable("+44 20 7946 0958")).toBe("+442079460958");
    expect(dialable("555-0199")).toBe("5550199");
    expect(dialable("call me")).toBeNull();
    expect(dialable("")).toBeNull();
    expect(dialable(null)).toBeNull();
  });
});

describe("the text message", () => {
  it("greets by first name and names the agent and brokerage", () => {
    expect(greeting("  Ana  Émile ", by)).toBe(
      "Hi Ana, this is Jordan Avery from Northgate Realty Group. Thanks for reaching out through my website.",
    );
    expect(greeting("", by)).toMatch(/^Hi, this is Jordan Avery/);
  });
  it("is one body parameter, encoded for both phones (?&body=), with non-ASCII names intact", () => {
    const href = smsHref("+17805550199", greeting("Zoë-José", by));
    expect(href.startsWith("sms:+17805550199?&body=Hi%20Zo%C3%AB-Jos%C3%A9%2C%20")).toBe(true);
    expect(paramsOf(href)).toEqual([
      ["body", "Hi Zoë-José, this is Jordan Avery from Northgate Realty Group. Thanks for reaching out through my website."],
    ]);
    const tricky = smsHref("+17805550199", "R&D #1\nnext=line?body=x");
    expect(tricky).not.toMatch(/[ #\n]|&(?!body=)/);
    expect(paramsOf(tricky)).toEqual([["body", "R&D #1\nnext=line?body=x"]]);
  });
});

describe("the e-mail", () => {
  it("answers the message, or the home for a listing inquiry, on one subject line", () => {
    expect(emailSubject("Jordan Avery", null)).toBe("Re: your message to Jordan Avery");
    expect(emailSubject("Jordan Avery", latest("Hi"))).toBe("Re: your message to Jordan Avery");
    expect(emailSubject("Jordan Avery", latest("Hi", "10234 102 Ave NW,\r\nEdmonton"))).toBe("Re: 10234 102 Ave NW, Edmonton");
  });
  it("quotes every line of their message with '> '", () => {
    expect(quoted(latest("First line\r\n\r\nThird & #4"))).toBe("On Nov 22, 2026, 9:51 p.m., you wrote:\n> First line\n>\n> Third & #4");
    expect([...quoted(latest("é".repeat(5000)))].length).toBeLessThan(1300);
  });
  it("keeps whatever they typed inside subject and body: no extra parameter, no fragment, CRLF line breaks", () => {
    const message = "Price?&cc=evil@example.com#top\nbcc=x&subject=hijack\n100% sure + ready";
    const href = mailtoHref("ana@example.com", "Re: 1 & 2 #3", `Hi Ana,\n\n${message}`);
    expect(href.startsWith("mailto:ana@example.com?subject=")).toBe(true);
    expect(href).not.toContain("#");
    expect(href).toContain("%0D%0A");
    const url = new URL(href);
    expect(url.hash).toBe("");
    expect(url.pathname).toBe("ana@example.com");
    expect(paramsOf(href)).toEqual([
      ["subject", "Re: 1 & 2 #3"],
      ["body", `Hi Ana,\r\n\r\n${message.replace(/\n/g, "\r\n")}`],
    ]);
  });
  it("encodes an address that is not a plain one, so it cannot add parameters either", () => {
    const href = mailtoHref("a?cc=b@example.com#x", "s", "b");
    expect(paramsOf(href).map(([k]) => k)).toEqual(["subject", "body"]);
    expect(decodeURIComponent(new URL(href).pathname)).toBe("a?cc=b@example.com#x");
    expect(mailtoHref("ana+homes@example.com", "s", "b")).toMatch(/^mailto:ana\+homes@example\.com\?subject=s&body=b$/);
  });
});

describe("replyLinks", () => {
  it("has Call and Text only with a phone, and the e-mail quotes their latest message", () => {
    const links = replyLinks(
      { name: "Ana Émile", email: "ana@example.com", phone: "(780) 555-0199" },
      latest("Is it still for sale?", "10234 102 Ave NW"),
      by,
    );
    expect(links.call).toBe("tel:+17805550199");
    expect(links.text).toMatch(/^sms:\+17805550199\?&body=Hi%20Ana%2C/);
    const body = new URL(links.email).searchParams.get("body")!;
    expect(body).toMatch(/^Hi Ana,\r\n/);
    expect(body).toContain(
      "Jordan Avery\r\nNorthgate Realty Group\r\n\r\nOn Nov 22, 2026, 9:51 p.m., you wrote:\r\n> Is it still for sale?",
    );
    expect(new URL(links.email).searchParams.get("subject")).toBe("Re: 10234 102 Ave NW");

    const noPhone = replyLinks({ name: "", email: "x@example.com", phone: null }, null, by);
    expect(noPhone).toMatchObject({ call: null, text: null });
    expect(new URL(noPhone.email).searchParams.get("body")).not.toContain("wrote:");
  });
});
