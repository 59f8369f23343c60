import { describe, expect, it } from 'vitest';
import { withInlineStylesheet } from '../../../build/inline-popup-stylesheet';

const page = (head: string) =>
  `<html><head><script type="module" crossorigin src="/chunks/popup-1.js"></script>${head}</head><body></body></html>`;
const OWN = '<link rel="stylesheet" crossorigin href="/assets/popup-a1.css">';
const SHARED = '<link rel="stylesheet" crossorigin href="/assets/shared-b2.css">';
const files: Record<string, string> = {
  'assets/popup-a1.css': 'body{margin:0}',
  'assets/shared-b2.css': 'a{color:red}',
};
const read = (path: string) => files[path] ?? '';

describe('withInlineStylesheet', () => {
  it("writes the popup's own stylesheet into the page and names the file it replaced", () => {
    const result = withInlineStylesheet(page(OWN), read, () => false);
    expect(result).toEqual({
      html: page('<style>body{margin:0}</style>'),
      moved: ['assets/popup-a1.css'],
    });
  });

  it('leaves a stylesheet another page links too', () => {
    const result = withInlineStylesheet(
      page(OWN + SHARED),
      read,
      (path) => path === 'assets/shared-b2.css',
    );
    expect(result?.html).toBe(page(`<style>body{margin:0}</style>${SHARED}`));
    expect(result?.moved).toEqual(['assets/popup-a1.css']);
  });

  it('leaves a stylesheet that would close the style element early', () => {
    const result = withInlineStylesheet(
      page(OWN),
      () => 'a::after{content:"</style>"}',
      () => false,
    );
    expect(result).toBeNull();
  });

  it('changes nothing in a page without a stylesheet', () => {
    expect(withInlineStylesheet(page(''), read, () => false)).toBeNull();
  });
});
