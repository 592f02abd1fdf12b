import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_IMAGE_QUALITY, isStockPhotoUrl, optimizedImageUrl, stockSrcSet } from "./image-url";

const unsplash = "https://images.unsplash.com/photo-1568605114967-8130f3a36994?auto=format&fit=crop&w=1200&q=60";

describe("optimizedImageUrl", () => {
  it("asks the stock-photo CDN for WebP at the default quality 80", () => {
    const url = new URL(optimizedImageUrl(unsplash, { format: "webp" }));
    expect(url.hostname).toBe("images.unsplash.com");
    expect(url.pathname).toBe("/photo-1568605114967-8130f3a36994");
    expect(url.searchParams.get("fm")).toBe("webp");
    expect(url.searchParams.get("q")).toBe(String(DEFAULT_IMAGE_QUALITY));
    expect(DEFAULT_IMAGE_QUALITY).toBe(80);
  });

  it("asks for JPEG at a chosen quality and replaces existing parameters instead of duplicating them", () => {
    const url = new URL(optimizedImageUrl(unsplash, { format: "jpg", quality: 65, width: 640 }));
    expect(url.searchParams.getAll("fm")).toEqual(["jpg"]);
    expect(url.searchParams.getAll("q")).toEqual(["65"]);
    expect(url.searchParams.getAll("w")).toEqual(["640"]);
    expect(url.searchParams.get("fit")).toBe("crop");
  });

  it("drops auto=format, which would override the requested format, but keeps other auto values", () => {
    expect(new URL(optimizedImageUrl(unsplash, { format: "webp" })).searchParams.has("auto")).toBe(false);
    const mixed = "https://images.unsplash.com/photo-1?auto=format,compress";
    expect(new URL(optimizedImageUrl(mixed, { format: "webp" })).searchParams.get("auto")).toBe("compress");
  });

  it("clamps quality to 1-100", () => {
    expect(new URL(optimizedImageUrl(unsplash, { format: "webp", quality: 0 })).searchParams.get("q")).toBe("1");
    expect(new URL(optimizedImageUrl(unsplash, { format: "webp", quality: 400 })).searchParams.get("q")).toBe("100");
    expect(new URL(optimizedImageUrl(unsplash, { format: "webp", quality: Number.NaN })).searchParams.get("q")).toBe("80");
  });

  it("rejects a non-positive width", () => {
    expect(() => optimizedImageUrl(unsplash, { format: "webp", width: 0 })).toThrow(RangeError);
  });

  it("leaves the site's own images, other hosts, data: URIs and plain-http look-alikes untouched", () => {
    for (const src of [
      "/images/blog/screen-time-grayscale.webp",
      "images/x.jpg",
      "https://example.com/photo.jpg?q=10",
      "https://images.unsplash.com.evil.example/photo.jpg",
      "http://images.unsplash.com/photo-1",
      "data:image/webp;base64,AAAA",
      "",
    ]) {
      expect(optimizedImageUrl(src, { format: "webp", quality: 50 })).toBe(src);
    }
  });

  it("is idempotent and always yields exactly one fm and one q (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("webp" as const, "jpg" as const),
        fc.integer({ min: 1, max: 100 }),
        fc.webPath(),
        fc.dictionary(fc.constantFrom("fm", "q", "w", "fit", "crop", "ixlib"), fc.string({ maxLength: 8 })),
        (format, quality, path, params) => {
          const src = `https://images.unsplash.com${path}?${new URLSearchParams(params).toString()}`;
          const once = optimizedImageUrl(src, { format, quality });
          expect(optimizedImageUrl(once, { format, quality })).toBe(once);
          const url = new URL(once);
          expect(url.searchParams.getAll("fm")).toEqual([format]);
          expect(url.searchParams.getAll("q")).toEqual([String(quality)]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("stockSrcSet", () => {
  it("lists widths up to twice the display width, each in the requested format", () => {
    const set = stockSrcSet(unsplash, 600, "webp", 70);
    expect(set).toBeDefined();
    const entries = (set ?? "").split(", ");
    const widths = entries.map((e) => Number(e.split(" ")[1]?.replace("w", "")));
    expect(widths).toEqual([320, 480, 640, 768, 960, 1200]);
    for (const entry of entries) {
      const url = new URL(entry.split(" ")[0] ?? "");
      expect(url.searchParams.get("fm")).toBe("webp");
      expect(url.searchParams.get("q")).toBe("70");
    }
  });

  it("is undefined for images that cannot be resized", () => {
    expect(stockSrcSet("/images/blog/a.webp", 600, "webp")).toBeUndefined();
    expect(isStockPhotoUrl("/images/blog/a.webp")).toBe(false);
  });
});
