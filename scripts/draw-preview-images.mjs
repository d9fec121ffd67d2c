// Draws the link-preview image (1200×630) and the home-screen icon (180×180) into static/, with
// Debian's Chromium (or Playwright's own browser elsewhere): `node scripts/draw-preview-images.mjs`.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const mark = (size) => `
  <svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true">
    <circle cx="16" cy="16" r="15" fill="#c2410c"/>
    <ellipse cx="16" cy="17" rx="6.5" ry="8.5" fill="#fed7aa"/>
    <circle cx="16" cy="18" r="2.7" fill="#1f2937"/>
  </svg>`;

const preview = `
  <body style="margin:0;width:1200px;height:630px;background:#ffedd5;font-family:'DejaVu Sans',system-ui,sans-serif;color:#1f2937;display:flex;align-items:center">
    <div style="padding:0 96px">
      <div style="display:flex;align-items:center;gap:28px">${mark(120)}<span style="font-size:96px;font-weight:700">Papaya</span></div>
      <p style="font-size:52px;line-height:1.25;margin:48px 0 0;max-width:980px">Pay your bill securely by card or with the Papaya app.</p>
    </div>
    <div style="position:absolute;left:0;right:0;bottom:0;height:24px;background:#c2410c"></div>
  </body>`;

const icon = `<body style="margin:0;width:180px;height:180px;background:#ffedd5;display:flex;align-items:center;justify-content:center">${mark(148)}</body>`;

const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
for (const [html, width, height, path] of [
  [preview, 1200, 630, 'static/images/preview.png'],
  [icon, 180, 180, 'static/apple-touch-icon.png'],
]) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html);
  await page.screenshot({ path, type: 'png' });
  await page.close();
}
await browser.close();
