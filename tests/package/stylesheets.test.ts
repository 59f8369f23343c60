/**
 * Every stylesheet the build writes is one some page links: none is left behind unused.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_DIRS } from './support/store-files';

describe.each(Object.entries(BUILD_DIRS))('the %s build', (_browser, buildDir) => {
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
