// Draws the app icons (SVG → PNG through headless Chromium) into pwa/public/icons/.
// Usage: node pwa/scripts/generate-icons.mjs   (needs /usr/bin/chromium)
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../public/icons');
const BRAND_DARK = '#2a38a1';
const BRAND = '#3b4cca';
const BRAND_LIGHT = '#6a77df';

/** A donut chart mark on the brand gradient; `inset` shrinks the mark for the maskable safe zone. */
function svg({ size, rounded, inset }) {
  const r = rounded ? size * 0.22 : 0;
  const c = size / 2;
  const ring = size * (0.25 * inset);
  const stroke = size * (0.095 * inset);
  const circ = 2 * Math.PI * ring;
  const seg = (fraction, offset, color) =>
    `<circle cx="${c}" cy="${c}" r="${ring}" fill="none" stroke="${color}" stroke-width="${stroke}"
      stroke-dasharray="${circ * fraction - stroke * 0.55} ${circ}" stroke-dashoffset="${-circ * offset}"
      stroke-linecap="round" transform="rotate(-90 ${c} ${c})"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${BRAND_LIGHT}"/><stop offset="0.55" stop-color="${BRAND}"/><stop offset="1" stop-color="${BRAND_DARK}"/>
  </linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${r}" fill="url(#g)"/>
  ${seg(0.55, 0, '#ffffff')}
  ${seg(0.28, 0.55, '#c7ccf5')}
  ${seg(0.17, 0.83, '#8fe3c9')}
  <circle cx="${c}" cy="${c}" r="${ring * 0.38}" fill="#ffffff" opacity="0.95"/>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 1 },
  { file: 'maskable-512.png', size: 512, rounded: false, inset: 0.78 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.9 },
];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    await writeFile(path.join(outDir, icon.file), png);
    console.log(`wrote ${icon.file}`);
  }
  await writeFile(
    path.resolve(here, '../public/favicon.svg'),
    svg({ size: 64, rounded: true, inset: 1 }),
  );
  console.log('wrote favicon.svg');
} finally {
  await browser.close();
}
