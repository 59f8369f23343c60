/**
 * The built popup page carries its styles in the page (build/inline-popup-stylesheet.ts):
 * one file fewer to load before its script runs, and no stylesheet file left behind unused.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_DIRS } from './support/store-files';

describe.each(Object.entries(BUILD_DIRS))('the %s build', (_browser, buildDir) => {
  const popup = readFileSync(join(buildDir, 'popup.html'), 'utf8');

  it('writes the popup styles into popup.html instead of linking a stylesheet', () => {
    expect(popup).toMatch(/<style>[^<]*--bg:/);
    expect(popup).not.toMatch(/<link rel="stylesheet"/);
  });

  it('keeps every stylesheet file some page still links, and no other', () => {
    const pages = readdirSync(buildDir)
      .filter((name) => name.endsWith('.html'))
      .map((name) => readFileSync(join(buildDir, name), 'utf8'));
    const stylesheets = existsSync(join(buildDir, 'assets'))
      ? readdirSync(join(buildDir, 'assets')).filter((name) => name.endsWith('.css'))
      : [];
    for (const name of stylesheets) {
      expect(
        pages.some((html) => html.includes(`/assets/${name}`)),
        name,
      ).toBe(true);
    }
  });
});
