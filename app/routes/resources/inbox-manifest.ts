/**
 * /inbox/manifest.webmanifest: the inbox as an installable app (Add to Home Screen), linked from
 * the inbox's pages only (routes/inbox/layout.tsx). A route outside the inbox's layout, not a
 * static file, so the name follows app/content/site.ts; outside the layout because browsers fetch
 * a manifest without cookies, and it holds nothing private anyway.
 */
import { site } from "~/content/site";
import { INBOX_PATH } from "~/lib/inbox-push";

const inboxManifest = {
  id: INBOX_PATH,
  name: `${site.agent.name} Inbox`,
  short_name: "Inbox",
  description: `Leads and messages for ${site.agent.name}.`,
  start_url: INBOX_PATH,
  scope: INBOX_PATH,
  display: "standalone",
  orientation: "any",
  // The brand-strong blue (app/app.css) of the icons and of the theme-color every page carries (root.tsx).
  theme_color: "#1e3a8a",
  background_color: "#ffffff",
  icons: [
    { src: "/icons/inbox-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/inbox-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/inbox-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

export function loader() {
  return new Response(JSON.stringify(inboxManifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
