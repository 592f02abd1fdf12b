/** The inbox's web app manifest: installable from /inbox only, with icons that exist at their stated sizes. */
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { NOTIFICATION_BADGE, NOTIFICATION_ICON } from "~/lib/inbox-push";
import { loader } from "./inbox-manifest";

const publicFile = (url: string) => path.join(process.cwd(), "public", url);

describe("/inbox/manifest.webmanifest", () => {
  it("is a manifest for the inbox alone, cacheable and readable without a session", async () => {
    const response = loader();
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json; charset=utf-8");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: `${site.agent.name} Inbox`,
      short_name: "Inbox",
      start_url: "/inbox",
      scope: "/inbox",
      display: "standalone",
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("names PNG icons of 192 and 512 pixels and a maskable one, all in public/ at their sizes", async () => {
    const { icons } = (await loader().json()) as { icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of icons) {
      const { width, height, format } = await sharp(publicFile(icon.src)).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe("png");
    }
  });

  it("has the notifications' icon and badge, and the Home Screen icon, in public/", () => {
    for (const url of [NOTIFICATION_ICON, NOTIFICATION_BADGE, "/icons/inbox-180.png"]) expect(existsSync(publicFile(url)), url).toBe(true);
  });
});
