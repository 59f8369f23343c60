import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { withoutRawHtml } from '../../../build/preact-text-only';

const preactRenderer = readFileSync(createRequire(import.meta.url).resolve('preact'), 'utf8');
/** An assignment to innerHTML (not a comparison with it). */
const INNER_HTML_ASSIGNMENT = /\.innerHTML\s*=(?!=)/;

describe('the build plugin that keeps raw HTML out of Preact', () => {
  it('finds the one raw HTML assignment in the installed Preact', () => {
    expect(preactRenderer).toMatch(INNER_HTML_ASSIGNMENT);
  });

  it('leaves no innerHTML assignment and writes dangerouslySetInnerHTML as text', () => {
    const rewritten = withoutRawHtml(preactRenderer);
    expect(rewritten).not.toMatch(INNER_HTML_ASSIGNMENT);
    expect(rewritten).toMatch(/\.textContent=[\w$]+\.__html/);
    expect(rewritten.length).toBe(
      preactRenderer.length + 'textContent'.length - 'innerHTML'.length,
    );
  });

  it.each([
    ['no assignment', 'a.textContent=b'],
    ['two assignments', 'a.innerHTML=b.__html;c.innerHTML=d.__html'],
  ])('fails the build on a renderer with %s', (_name, code) => {
    expect(() => withoutRawHtml(code)).toThrow(/update build\/preact-text-only\.ts/);
  });
});
