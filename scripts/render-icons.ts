/**
 * `npm run render-icons`: draws the toolbar and store icons from their one source,
 * scripts/assets/icon.svg, with the installed Chromium, into public/icon/<size>.png (where
 * WXT finds them for the manifest).
 *
 * Each PNG records the SHA-256 of the SVG it was drawn from (a tEXt chunk), so a test can
 * tell when the SVG changed and the PNGs were not drawn again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium';
import { withPngText } from './png-info';

/** Toolbar (16, 32), extensions page (48), Firefox's add-ons manager (96), store (128). */
export const ICON_SIZES = [16, 32, 48, 96, 128] as const;
export const ICON_SOURCE = resolve('scripts/assets/icon.svg');
export const ICON_DIR = resolve('public/icon');
/** The tEXt keyword under which each PNG records its source's hash. */
export const SOURCE_HASH_KEYWORD = 'Source-SHA256';

export const iconPath = (size: number) => join(ICON_DIR, `${size}.png`);

export function sourceHash(svg: Buffer | string): string {
  return createHash('sha256').update(svg).digest('hex');
}

async function renderIcons(): Promise<void> {
  const svg = readFileSync(ICON_SOURCE);
  const hash = sourceHash(svg);
  const dataUrl = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    mkdirSync(ICON_DIR, { recursive: true });
    for (const size of ICON_SIZES) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">` +
          `<img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      const png = await page.screenshot({
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      });
      writeFileSync(iconPath(size), withPngText(png, SOURCE_HASH_KEYWORD, hash));
      console.log(`public/icon/${size}.png`);
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await renderIcons();
}
