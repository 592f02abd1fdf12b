/**
 * Renders the site's raster brand images (share card, touch icon, agent portrait) from SVG with
 * sharp. Run once after changing the artwork: `npx tsx scripts/render-brand-images.ts`.
 * The outputs are committed under public/; nothing here runs at build or request time.
 */
import sharp from "sharp";
import { site } from "../app/content/site";

const shareCard = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <g fill="none" stroke="#fff" stroke-width="14" stroke-linejoin="round" stroke-linecap="round" opacity="0.95">
    <path d="M120 300 250 190l130 110"/><path d="M160 285v130h180V285"/></g>
  <rect x="230" y="340" width="40" height="75" fill="#fbbf24"/>
  <text x="450" y="265" font-family="DejaVu Sans, Arial, sans-serif" font-size="72" font-weight="700" fill="#fff">${site.agent.name}</text>
  <text x="450" y="340" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#dbeafe">Edmonton REALTOR®</text>
  <text x="450" y="420" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#fff">MLS® search · Home valuations · Buyer guides</text>
  <text x="450" y="480" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#fbbf24">${site.agent.phone}</text>
</svg>`;

const touchIcon = `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1e3a8a"/><path d="M14 34 32 18l18 16" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/><path d="M20 32v16h24V32" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/><rect x="28" y="38" width="8" height="10" fill="#fbbf24"/></svg>`;

// An illustrated portrait: the agent is fictional, so no photograph of a real person is used.
const portrait = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600" viewBox="0 0 480 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dbeafe"/><stop offset="1" stop-color="#93c5fd"/></linearGradient></defs>
  <rect width="480" height="600" fill="url(#bg)"/>
  <path d="M60 600c10-120 80-190 180-190s170 70 180 190z" fill="#1e3a8a"/>
  <path d="M200 410h80l-40 70z" fill="#fff"/>
  <rect x="205" y="330" width="70" height="90" rx="30" fill="#e0b393"/>
  <ellipse cx="240" cy="250" rx="92" ry="110" fill="#eac3a2"/>
  <path d="M148 240c-6-90 50-135 100-135 60 0 100 45 92 130-20-50-60-70-100-70-40 0-70 25-92 75z" fill="#4b3621"/>
  <circle cx="205" cy="255" r="9" fill="#2b2118"/><circle cx="275" cy="255" r="9" fill="#2b2118"/>
  <path d="M210 310q30 22 60 0" fill="none" stroke="#9a4a3a" stroke-width="7" stroke-linecap="round"/>
</svg>`;

/** The quality Chromium's canvas encoder was given before (0.82), for JPEG and WebP; PNG stays lossless. */
const QUALITY = 82;

async function render(svg: string, width: number, height: number, type: "png" | "webp" | "jpeg", out: string) {
  // Drawn at the density that makes the SVG at least the output's size, then scaled to it.
  const svgWidth = Number(/width="(\d+)"/.exec(svg)![1]);
  await sharp(Buffer.from(svg), { density: 72 * Math.max(1, Math.ceil(width / svgWidth)) })
    .resize(width, height)
    .toFormat(type, type === "png" ? {} : { quality: QUALITY })
    .toFile(out);
  console.log(`wrote ${out}`);
}

await render(shareCard, 1200, 630, "jpeg", "public/images/share-card.jpg");
await render(touchIcon, 180, 180, "png", "public/apple-touch-icon.png");
await render(touchIcon, 32, 32, "png", "public/favicon-32.png");
await render(portrait, 480, 600, "webp", "public/images/agent-portrait.webp");
