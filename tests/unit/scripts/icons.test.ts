import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCORE_BANDS } from '../../../lib/tabs/score-band';
import { readPngInfo, withPngText } from '../../../scripts/png-info';
import {
  ICON_SIZES,
  ICON_SOURCE,
  iconPath,
  SOURCE_HASH_KEYWORD,
  sourceHash,
} from '../../../scripts/render-icons';

const svg = readFileSync(ICON_SOURCE, 'utf8');

describe('the extension icons', () => {
  it.each(ICON_SIZES)('has a %i px PNG of that size, drawn from the current SVG', (size) => {
    expect(existsSync(iconPath(size))).toBe(true);
    const info = readPngInfo(readFileSync(iconPath(size)));
    expect({ width: info.width, height: info.height }).toEqual({ width: size, height: size });
    // A mismatch means scripts/assets/icon.svg changed: run `npm run render-icons`.
    expect(info.text[SOURCE_HASH_KEYWORD]).toBe(sourceHash(svg));
  });

  it.each(SCORE_BANDS)('draws the $id score band in the badge colour $color', ({ color }) => {
    expect(svg.toLowerCase()).toContain(`stroke="${color.toLowerCase()}"`);
  });
});

describe('the PNG reader and writer', () => {
  const png = readFileSync(iconPath(16));

  it('reads back a text chunk it wrote, and leaves the size alone', () => {
    const written = readPngInfo(withPngText(png, 'Comment', 'drawn for a test'));
    expect(written.text.Comment).toBe('drawn for a test');
    expect(written.width).toBe(16);
  });

  it('refuses a file that is not a PNG', () => {
    expect(() => readPngInfo(Buffer.from('<svg/>'))).toThrow(/Not a PNG/);
  });
});
