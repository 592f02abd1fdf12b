/**
 * Draws the blog's illustrations (SVG, below) and writes them as WebP under public/images/blog/,
 * rendered with sharp. The site serves its own images: nothing is fetched.
 *
 *   npx tsx scripts/blog-images.ts
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const outDir = path.resolve(import.meta.dirname, "../public/images/blog");

const font = `font-family="DejaVu Sans, Arial, sans-serif"`;

/** A phone outline with a 4x5 grid of app tiles in the given colours. */
function phone(x: number, y: number, colours: readonly string[], caption: string, captionColour: string): string {
  const tiles: string[] = [];
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 4; c++) {
      const colour = colours[(r * 4 + c) % colours.length];
      tiles.push(`<rect x="${x + 34 + c * 62}" y="${y + 92 + r * 74}" width="44" height="44" rx="12" fill="${colour}"/>`);
    }
  }
  return `
    <g>
      <rect x="${x}" y="${y}" width="300" height="560" rx="42" fill="#111827"/>
      <rect x="${x + 12}" y="${y + 12}" width="276" height="536" rx="32" fill="#f8fafc"/>
      <rect x="${x + 115}" y="${y + 24}" width="70" height="14" rx="7" fill="#111827"/>
      <text x="${x + 150}" y="${y + 72}" text-anchor="middle" ${font} font-size="22" fill="#334155">9:41</text>
      ${tiles.join("")}
      <rect x="${x + 100}" y="${y + 520}" width="100" height="6" rx="3" fill="#94a3b8"/>
      <text x="${x + 150}" y="${y + 610}" text-anchor="middle" ${font} font-size="28" font-weight="bold" fill="${captionColour}">${caption}</text>
    </g>`;
}

const vivid = ["#ef4444", "#f97316", "#eab308", "#22c55e", "#06b6d4", "#3b82f6", "#8b5cf6", "#ec4899", "#14b8a6", "#f43f5e"];
const greys = ["#1f2937", "#6b7280", "#9ca3af", "#4b5563", "#d1d5db", "#374151", "#6b7280", "#9ca3af", "#4b5563", "#374151"];

const images: { name: string; width: number; height: number; quality: number; svg: string }[] = [
  {
    name: "screen-time-grayscale",
    width: 1200,
    height: 800,
    quality: 0.8,
    svg: `
      <rect width="1200" height="800" fill="#eef2ff"/>
      <circle cx="1080" cy="120" r="220" fill="#e0e7ff"/>
      <circle cx="90" cy="720" r="180" fill="#e0e7ff"/>
      ${phone(190, 80, vivid, "Before: full colour", "#4338ca")}
      <g transform="translate(600 360)">
        <circle r="54" fill="#4338ca"/>
        <path d="M-22 0 H18 M4 -16 L20 0 L4 16" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
      </g>
      ${phone(710, 80, greys, "After: greyscale", "#1f2937")}`,
  },
  {
    name: "screen-time-evening",
    width: 1200,
    height: 800,
    quality: 0.8,
    svg: `
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#4338ca"/>
        </linearGradient>
      </defs>
      <rect width="1200" height="800" fill="url(#sky)"/>
      <circle cx="960" cy="170" r="80" fill="#fde68a"/>
      <circle cx="995" cy="145" r="78" fill="#27246b"/>
      ${[
        [140, 120],
        [300, 210],
        [520, 90],
        [720, 180],
        [1100, 330],
        [860, 300],
        [420, 260],
      ]
        .map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="4" fill="#e0e7ff"/>`)
        .join("")}
      <rect x="0" y="560" width="1200" height="240" fill="#7c5a3a"/>
      <rect x="0" y="545" width="1200" height="24" fill="#9a7350"/>
      <g transform="translate(250 470) rotate(-8)">
        <rect width="320" height="150" rx="30" fill="#111827"/>
        <rect x="12" y="12" width="296" height="126" rx="22" fill="#1f2937"/>
        <circle cx="160" cy="75" r="30" fill="none" stroke="#6b7280" stroke-width="6"/>
        <path d="M160 55 V75 L175 85" stroke="#6b7280" stroke-width="6" fill="none" stroke-linecap="round"/>
      </g>
      <g transform="translate(720 360)">
        <rect width="150" height="200" rx="12" fill="#f59e0b"/>
        <rect x="10" y="10" width="130" height="180" rx="8" fill="#fef3c7"/>
        <rect x="28" y="40" width="94" height="8" rx="4" fill="#d97706"/>
        <rect x="28" y="64" width="80" height="8" rx="4" fill="#d97706"/>
        <rect x="28" y="88" width="90" height="8" rx="4" fill="#d97706"/>
        <rect x="160" y="60" width="90" height="140" rx="14" fill="#e0f2fe"/>
        <path d="M180 90 q25 -20 50 0 v80 q-25 15 -50 0z" fill="#38bdf8"/>
      </g>
      <text x="600" y="720" text-anchor="middle" ${font} font-size="40" font-weight="bold" fill="#fef3c7">Phone down, evening back</text>`,
  },
  {
    name: "free-online-resources",
    width: 1200,
    height: 630,
    quality: 0.8,
    svg: `
      <rect width="1200" height="630" fill="#ecfeff"/>
      <circle cx="1120" cy="40" r="200" fill="#cffafe"/>
      <circle cx="60" cy="600" r="160" fill="#cffafe"/>
      <g transform="translate(250 90)">
        <rect width="600" height="380" rx="24" fill="#0f172a"/>
        <rect x="18" y="18" width="564" height="344" rx="12" fill="#f0fdf4"/>
        <path d="M18 250 C120 210 180 300 290 260 S470 190 582 230 V362 H18 Z" fill="#bbf7d0"/>
        <path d="M18 140 C140 170 230 110 330 150 S500 200 582 160" stroke="#38bdf8" stroke-width="16" fill="none"/>
        <path d="M120 18 V362 M300 18 V362 M460 18 V362 M18 90 H582 M18 300 H582" stroke="#cbd5e1" stroke-width="5"/>
        <g transform="translate(300 200)">
          <path d="M0 -70 C-38 -70 -58 -42 -58 -16 C-58 22 0 70 0 70 C0 70 58 22 58 -16 C58 -42 38 -70 0 -70Z" fill="#dc2626"/>
          <circle cy="-18" r="22" fill="#fff"/>
        </g>
        <path d="M-60 380 H660 L620 420 H-20 Z" fill="#334155"/>
      </g>
      <g transform="translate(920 250)">
        <rect width="170" height="240" rx="20" fill="#0e7490"/>
        <rect x="18" y="18" width="134" height="56" rx="8" fill="#ecfeff"/>
        <text x="140" y="58" text-anchor="end" ${font} font-size="30" font-weight="bold" fill="#0e7490">$</text>
        ${[0, 1, 2]
          .map((r) =>
            [0, 1, 2].map((c) => `<rect x="${18 + c * 47}" y="${92 + r * 46}" width="38" height="36" rx="8" fill="#67e8f9"/>`).join(""),
          )
          .join("")}
      </g>
      <g transform="translate(70 260)">
        <path d="M0 90 L90 10 L180 90 V220 H0 Z" fill="#f97316"/>
        <path d="M-16 96 L90 0 L196 96" stroke="#9a3412" stroke-width="18" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
        <rect x="70" y="140" width="44" height="80" rx="4" fill="#7c2d12"/>
        <rect x="22" y="110" width="36" height="36" rx="4" fill="#fff7ed"/>
        <rect x="126" y="110" width="36" height="36" rx="4" fill="#fff7ed"/>
      </g>
      <g transform="translate(870 60) rotate(8)">
        <rect width="150" height="180" rx="10" fill="#ffffff" stroke="#94a3b8" stroke-width="4"/>
        <rect x="22" y="30" width="106" height="10" rx="5" fill="#64748b"/>
        <rect x="22" y="60" width="90" height="8" rx="4" fill="#cbd5e1"/>
        <rect x="22" y="82" width="100" height="8" rx="4" fill="#cbd5e1"/>
        <rect x="22" y="104" width="80" height="8" rx="4" fill="#cbd5e1"/>
        <circle cx="112" cy="146" r="18" fill="#16a34a"/>
        <path d="M103 146 l7 7 l12 -14" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>
      </g>`,
  },
];

mkdirSync(outDir, { recursive: true });
for (const image of images) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}" viewBox="0 0 ${image.width} ${image.height}">${image.svg}</svg>`;
  const file = path.join(outDir, `${image.name}.webp`);
  const { size } = await sharp(Buffer.from(svg))
    .webp({ quality: Math.round(image.quality * 100) })
    .toFile(file);
  console.log(`${path.relative(process.cwd(), file)}: ${image.width}x${image.height}, ${(size / 1024).toFixed(1)} KB`);
}
