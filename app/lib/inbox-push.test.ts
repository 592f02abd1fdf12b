import { describe, expect, it } from "vitest";
import {
  GENERIC_BODY,
  GENERIC_TITLE,
  base64UrlToBytes,
  clickTarget,
  inboxUrl,
  notificationActions,
  parsePushPayload,
  pushSupport,
} from "./inbox-push";

const generic = { title: GENERIC_TITLE, body: GENERIC_BODY, url: "/inbox" };

describe("parsePushPayload", () => {
  it("reads title, body, url and tag", () => {
    const payload = JSON.stringify({ title: "Ana Lopez: buying", body: "3 beds in Glenora", url: "/inbox/people/12", tag: "person-12" });
    expect(parsePushPayload(payload)).toEqual({
      title: "Ana Lopez: buying",
      body: "3 beds in Glenora",
      url: "/inbox/people/12",
      tag: "person-12",
    });
  });

  it("leaves the tag out when there is none, and an absent body empty", () => {
    expect(parsePushPayload(JSON.stringify({ title: "New lead", url: "/inbox" }))).toEqual({ title: "New lead", body: "", url: "/inbox" });
  });

  it.each([
    null,
    undefined,
    "",
    "not json",
    "[1,2]",
    "null",
    "42",
    '"text"',
    JSON.stringify({ body: "no title" }),
    JSON.stringify({ title: "   " }),
    JSON.stringify({ title: 5 }),
  ])("gives the generic notice for %j", (payload) => {
    expect(parsePushPayload(payload)).toEqual(generic);
  });

  it("opens /inbox instead of any address outside the inbox", () => {
    for (const url of [
      "https://evil.example/inbox",
      "//evil.example/inbox",
      "/inboxes",
      "/contact",
      "javascript:alert(1)",
      "/inbox/../contact",
      "/inbox\\..\\x",
      7,
    ]) {
      expect(parsePushPayload(JSON.stringify({ title: "t", body: "b", url })).url).toBe("/inbox");
    }
  });

  it("cuts runaway text", () => {
    const notice = parsePushPayload(
      JSON.stringify({ title: "t".repeat(500), body: "b".repeat(5000), url: "/inbox", tag: "x".repeat(500) }),
    );
    expect(notice.title).toHaveLength(120);
    expect(notice.body).toHaveLength(400);
    expect(notice.tag).toHaveLength(64);
  });
});

describe("inboxUrl and clickTarget", () => {
  it("keeps inbox paths with a query or fragment", () => {
    for (const url of ["/inbox", "/inbox/", "/inbox/people/3", "/inbox?status=new", "/inbox/people/3#notes"])
      expect(inboxUrl(url)).toBe(url);
  });

  it("refuses tricks", () => {
    for (const url of ["/inbox//evil.example", "/inbox/./x", "/inbox/..", "/inbox/a\nb", "/INBOX/x", "", "/"])
      expect(inboxUrl(url)).toBe("/inbox");
  });

  it("reads the url a notification stored, else /inbox", () => {
    expect(clickTarget({ url: "/inbox/people/4" })).toBe("/inbox/people/4");
    expect(clickTarget({ url: "https://evil.example" })).toBe("/inbox");
    expect(clickTarget(null)).toBe("/inbox");
    expect(clickTarget("/inbox/people/4")).toBe("/inbox");
  });
});

describe("base64UrlToBytes", () => {
  it("decodes base64url without padding", () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const key = Buffer.from(bytes).toString("base64url");
    expect([...base64UrlToBytes(key)]).toEqual([...bytes]);
    expect([...base64UrlToBytes("-_8")]).toEqual([0xfb, 0xff]);
  });

  it("refuses what is not base64url", () => {
    expect(() => base64UrlToBytes("a b")).toThrow();
    expect(() => base64UrlToBytes("abcde")).toThrow();
  });
});

describe("pushSupport", () => {
  const iphone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
  const ipad = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
  it("is supported with a service worker and PushManager", () => {
    expect(pushSupport({ serviceWorker: true, pushManager: true, userAgent: iphone, standalone: true, maxTouchPoints: 5 })).toBe(
      "supported",
    );
  });
  it("asks an iPhone or iPad in a Safari tab to add the inbox to the Home Screen", () => {
    expect(pushSupport({ serviceWorker: true, pushManager: false, userAgent: iphone, standalone: false, maxTouchPoints: 5 })).toBe(
      "ios-home-screen",
    );
    expect(pushSupport({ serviceWorker: true, pushManager: false, userAgent: ipad, standalone: false, maxTouchPoints: 5 })).toBe(
      "ios-home-screen",
    );
  });
  it("says unsupported otherwise", () => {
    expect(pushSupport({ serviceWorker: true, pushManager: false, userAgent: ipad, standalone: false, maxTouchPoints: 0 })).toBe(
      "unsupported",
    );
    expect(pushSupport({ serviceWorker: true, pushManager: false, userAgent: iphone, standalone: true, maxTouchPoints: 5 })).toBe(
      "unsupported",
    );
    expect(pushSupport({ serviceWorker: false, pushManager: false, userAgent: "Firefox", standalone: false, maxTouchPoints: 0 })).toBe(
      "unsupported",
    );
  });
});

describe("notificationActions", () => {
  it("offers Confirm on a showing request's push only", () => {
    expect(notificationActions("/inbox/showings/7")).toEqual([{ action: "confirm", title: "Confirm" }]);
    expect(notificationActions("/inbox/people/7")).toEqual([]);
    expect(notificationActions("/inbox/showings")).toEqual([]);
  });
});
