import { afterEach, describe, expect, it, vi } from "vitest";
import { SHARE_WINDOW, SHARE_WINDOW_FEATURES, openShareWindow, shareLinks } from "./share";

const input = {
  url: "https://www.averyhomes.example/blog/best-restaurants-in-edmonton",
  title: "Best Restaurants in Edmonton: Nine Local Favourites & More?",
  description: "Date nights, brunch #goals and 100% local food.",
};
const encodedUrl = "https%3A%2F%2Fwww.averyhomes.example%2Fblog%2Fbest-restaurants-in-edmonton";

describe("shareLinks", () => {
  const links = shareLinks(input);

  it("builds the Facebook sharer link with the encoded page URL", () => {
    expect(links.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`);
  });

  it("builds the Twitter (X) intent with the encoded URL and title", () => {
    expect(links.twitter).toBe(
      `https://twitter.com/intent/tweet?url=${encodedUrl}&text=Best%20Restaurants%20in%20Edmonton%3A%20Nine%20Local%20Favourites%20%26%20More%3F`,
    );
  });

  it("builds the LinkedIn share-offsite link with the encoded URL", () => {
    expect(links.linkedin).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`);
  });

  it("puts the title and the URL in the WhatsApp text", () => {
    expect(links.whatsapp.startsWith("https://wa.me/?text=")).toBe(true);
    const text = new URL(links.whatsapp).searchParams.get("text");
    expect(text).toBe(`${input.title} ${input.url}`);
  });

  it("builds a mailto: link with a subject and a body holding the description and the URL", () => {
    expect(links.email.startsWith("mailto:?subject=")).toBe(true);
    // Spaces are %20, never "+", which mail apps would show literally.
    expect(links.email).not.toContain("+");
    const query = new URLSearchParams(links.email.slice("mailto:?".length));
    expect(query.get("subject")).toBe(input.title);
    expect(query.get("body")).toBe(`${input.description}\n\n${input.url}`);
  });

  it("keeps characters that would break a query string from leaking into any link", () => {
    const tricky = shareLinks({ url: "https://example.com/a?b=1&c=2#d", title: "A & B = C #1", description: "x&y" });
    for (const href of Object.values(tricky)) {
      const query = href.slice(href.indexOf("?") + 1);
      expect(query).not.toMatch(/[#\s]/);
      expect(query.split("&").length).toBeLessThanOrEqual(2);
    }
    expect(new URL(tricky.facebook).searchParams.get("u")).toBe("https://example.com/a?b=1&c=2#d");
    expect(new URL(tricky.twitter).searchParams.get("text")).toBe("A & B = C #1");
  });

  it("encodes non-ASCII titles as UTF-8", () => {
    const links = shareLinks({ url: "https://example.com/", title: "Café – crème brûlée", description: "" });
    expect(links.twitter).toContain("text=Caf%C3%A9%20%E2%80%93%20cr%C3%A8me%20br%C3%BBl%C3%A9e");
  });
});

describe("share window", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is 600x400, without opener or referrer", () => {
    expect(SHARE_WINDOW).toEqual({ width: 600, height: 400 });
    expect(SHARE_WINDOW_FEATURES).toBe("width=600,height=400,noopener,noreferrer");
  });

  it("openShareWindow calls window.open with the share URL, a new window and the 600x400 features", () => {
    const open = vi.fn(() => null);
    vi.stubGlobal("window", { open });
    openShareWindow("https://www.facebook.com/sharer/sharer.php?u=x");
    expect(open).toHaveBeenCalledWith(
      "https://www.facebook.com/sharer/sharer.php?u=x",
      "_blank",
      "width=600,height=400,noopener,noreferrer",
    );
  });
});
