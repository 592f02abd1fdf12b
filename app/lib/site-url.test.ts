import { afterEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module: the address is kept per module instance. */
const load = async () => {
  vi.resetModules();
  return import("./site-url");
};

/** The little of a browser's document and window the module reads. */
function stubBrowser(attributes: Record<string, string>, locationOrigin: string) {
  vi.stubGlobal("document", {
    querySelector: (selector: string) => {
      const value = attributes[selector];
      return value === undefined ? null : { getAttribute: () => value };
    },
  });
  vi.stubGlobal("window", { location: { origin: locationOrigin } });
}

afterEach(() => vi.unstubAllGlobals());

describe("the site's address (decision 032)", () => {
  it("is the build's placeholder on a server that set none (prerendering), then the address it sets", async () => {
    const { BUILD_SITE_URL, absoluteUrl, setSiteUrl, siteUrl } = await load();
    expect(siteUrl()).toBe(BUILD_SITE_URL);
    expect(new URL(BUILD_SITE_URL).origin).toBe(BUILD_SITE_URL);
    expect(new URL(BUILD_SITE_URL).hostname).toMatch(/\.invalid$/);
    setSiteUrl("https://www.averyhomes.example/");
    expect(siteUrl()).toBe("https://www.averyhomes.example");
    expect(absoluteUrl("/blog?x=1#top")).toBe("https://www.averyhomes.example/blog");
    expect(absoluteUrl("about")).toBe("https://www.averyhomes.example/about");
    expect(absoluteUrl("https://elsewhere.example/x")).toBe("https://elsewhere.example/x");
  });

  it("in the browser, is the origin of the page's canonical link, whatever the location bar says", async () => {
    stubBrowser({ 'link[rel="canonical"]': "https://www.averyhomes.example/blog/a" }, "http://10.0.0.5:3000");
    const { absoluteUrl } = await load();
    expect(absoluteUrl("/about")).toBe("https://www.averyhomes.example/about");
  });

  it("in the browser, falls back to og:url, then to the location bar", async () => {
    stubBrowser({ 'meta[property="og:url"]': "https://og.example/x" }, "http://10.0.0.5:3000");
    expect((await load()).siteUrl()).toBe("https://og.example");
    stubBrowser({ 'link[rel="canonical"]': "/relative" }, "http://10.0.0.5:3000");
    expect((await load()).siteUrl()).toBe("http://10.0.0.5:3000");
    stubBrowser({}, "http://10.0.0.5:3000");
    expect((await load()).siteUrl()).toBe("http://10.0.0.5:3000");
  });

  it("in the browser, is read once: a later navigation's head does not change it", async () => {
    const head: Record<string, string> = { 'link[rel="canonical"]': "https://www.averyhomes.example/" };
    stubBrowser(head, "http://10.0.0.5:3000");
    const { siteUrl } = await load();
    expect(siteUrl()).toBe("https://www.averyhomes.example");
    head['link[rel="canonical"]'] = "https://other.example/";
    expect(siteUrl()).toBe("https://www.averyhomes.example");
  });
});
