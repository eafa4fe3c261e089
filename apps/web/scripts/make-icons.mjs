#!/usr/bin/env node
// Draws the PNG icons and the share image in apps/web/public from the favicon's
// shape, with Debian Chromium (Playwright). Run by hand after a design change:
//   node apps/web/scripts/make-icons.mjs
// The PNGs are committed; the build only copies them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const PUBLIC = path.resolve(import.meta.dirname, '../public');
const MARK = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8').replace('<svg ', '<svg width="100%" height="100%" ');

const page = (body, background = 'transparent') =>
  `<!doctype html><html><body style="margin:0;background:${background};font-family:system-ui,'DejaVu Sans',sans-serif">${body}</body></html>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, html: page(MARK) },
  { file: 'icon-512.png', size: 512, html: page(MARK) },
  // Maskable: the mark inside the central safe zone, the rest filled with the brand colour.
  {
    file: 'icon-maskable-512.png',
    size: 512,
    html: page(`<div style="padding:20%;width:60%;height:60%">${MARK}</div>`, '#0f766e'),
  },
  // iOS draws its own rounded corners: a full square with a little margin.
  {
    file: 'apple-touch-icon.png',
    size: 180,
    html: page(`<div style="padding:12%;width:76%;height:76%">${MARK}</div>`, '#0f766e'),
  },
];

const SHARE = page(
  `<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px 90px;display:flex;flex-direction:column;justify-content:space-between;color:#fff;background:linear-gradient(135deg,#0f766e,#134e4a)">
    <div style="display:flex;align-items:center;gap:28px"><div style="width:110px;height:110px">${MARK}</div><div style="font-size:84px;font-weight:700">Keel</div></div>
    <div><div style="font-size:62px;font-weight:700;line-height:1.15">Your Money, Your Control,<br>Your Returns</div>
    <div style="margin-top:26px;font-size:32px;color:#ccfbf1">Non-custodial USDC savings vaults on Base. Yields are targets, not guarantees.</div></div>
  </div>`,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const icon of ICONS) {
    const context = await browser.newContext({ viewport: { width: icon.size, height: icon.size } });
    const tab = await context.newPage();
    await tab.setContent(icon.html.replace('<body style="', `<body style="width:${icon.size}px;height:${icon.size}px;`));
    await tab.screenshot({ path: path.join(PUBLIC, icon.file), omitBackground: true });
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 1200, height: 630 } });
  const tab = await context.newPage();
  await tab.setContent(SHARE);
  await tab.screenshot({ path: path.join(PUBLIC, 'og-image.png') });
  await context.close();
} finally {
  await browser.close();
}
console.log('icons and share image written to apps/web/public');
