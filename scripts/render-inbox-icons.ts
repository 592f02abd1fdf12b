/**
 * Renders the inbox app's icons (its web app manifest, routes/resources/inbox-manifest.ts, and its
 * notifications, app/lib/inbox-push.ts) from SVG with sharp: the site's house on the brand blue
 * (public/favicon.svg) over an inbox tray. Run once after changing the artwork:
 * `npx tsx scripts/render-inbox-icons.ts`. The outputs are committed under public/icons/.
 */
import { mkdirSync } from "node:fs";
import sharp from "sharp";

const BLUE = "#1e3a8a";
const AMBER = "#fbbf24";

/** The glyph on a 64-unit grid: a roof and walls with the amber door, standing in an inbox tray. */
const glyph = (stroke: string, door: string) =>
  `<path d="M18 27 32 15l14 12" fill="none" stroke="${stroke}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="M22 25v11h20V25" fill="none" stroke="${stroke}" stroke-width="4.5" stroke-linejoin="round"/>` +
  `<rect x="29" y="29" width="6" height="7" fill="${door}"/>` +
  `<path d="M10 38h11l3 5h16l3-5h11v9a5 5 0 0 1-5 5H15a5 5 0 0 1-5-5z" fill="none" stroke="${stroke}" stroke-width="4.5" stroke-linejoin="round"/>`;

/**
 * `radius` rounds the square as the favicon does (icons shown as they are); 0 for those the system
 * rounds or masks itself (iOS, maskable). `inset` shrinks the glyph into the maskable safe zone.
 */
const icon = (inset: number, radius: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${radius}" fill="${BLUE}"/>` +
  `<g transform="translate(${32 - 32 * inset} ${32 - 32 * inset}) scale(${inset})">${glyph("#fff", AMBER)}</g></svg>`;

/** Android's status-bar badge: only the alpha channel counts, so white on transparent. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${glyph("#fff", "#fff")}</svg>`;

async function render(svg: string, size: number, out: string) {
  await sharp(Buffer.from(svg), { density: 72 * Math.ceil(size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(out);
  console.log(`wrote ${out}`);
}

mkdirSync("public/icons", { recursive: true });
await render(icon(1, 0), 180, "public/icons/inbox-180.png");
await render(icon(1, 14), 192, "public/icons/inbox-192.png");
await render(icon(1, 14), 512, "public/icons/inbox-512.png");
// The maskable safe zone is the centred circle of 80% of the width: the glyph keeps within 70%.
await render(icon(0.7, 0), 512, "public/icons/inbox-maskable-512.png");
await render(badge, 96, "public/icons/inbox-badge-96.png");
