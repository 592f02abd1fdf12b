import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_SIZES, LazyImage } from "./lazy-image";

describe("LazyImage server rendering", () => {
  it("renders a plain, visible <img> for the site's own file: lazy, sized, with the default sizes hint", () => {
    const html = renderToString(<LazyImage src="/images/blog/screen-time-grayscale.webp" alt="Two phones" width={1200} height={800} />);
    expect(html).toContain('src="/images/blog/screen-time-grayscale.webp"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('width="1200"');
    expect(html).toContain('height="800"');
    expect(html).toContain(`sizes="${DEFAULT_SIZES}"`);
    expect(DEFAULT_SIZES).toBe("(max-width: 768px) 100vw, (max-width: 1200px) 50vw, 33vw");
    expect(html).toContain('alt="Two phones"');
    expect(html).toContain("aspect-ratio:1200 / 800");
    // Visible before scripts run; no <picture> for a file that cannot be re-encoded.
    expect(html).toContain("opacity-100");
    expect(html).not.toContain("<picture");
  });

  it("asks a stock-photo service for WebP with a JPEG fallback, at quality 80 by default", () => {
    const html = renderToString(
      <LazyImage src="https://images.unsplash.com/photo-1?w=2000" alt="A house" width={600} height={400} loading="eager" />,
    );
    expect(html).toContain("<picture>");
    expect(html).toMatch(/<source type="image\/webp" srcSet="[^"]*fm=webp[^"]*q=80/);
    expect(html).toMatch(/<img[^>]*src="https:\/\/images\.unsplash\.com\/photo-1\?w=600&amp;fm=jpg&amp;q=80"/);
    expect(html).toContain('loading="eager"');
  });

  it("uses a colour or a preview image as the placeholder", () => {
    expect(renderToString(<LazyImage src="/a.webp" alt="" width={10} height={10} placeholder="#e2e8f0" />)).toContain(
      "background-color:#e2e8f0",
    );
    expect(renderToString(<LazyImage src="/a.webp" alt="" width={10} height={10} placeholder="data:image/webp;base64,AAAA" />)).toContain(
      "background-image:url(&quot;data:image/webp;base64,AAAA&quot;)",
    );
  });
});
