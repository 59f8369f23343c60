/**
 * axe-core in a page of the extension. The source goes in through the DevTools protocol
 * (Playwright's evaluate), which the extension pages' Content-Security-Policy does not stop,
 * unlike a script tag. Every collapsed part is opened first, so issue details and
 * recommendations are checked too.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/** One line per violation: rule, impact, and the first offending element. */
export async function axeViolations(page: Page): Promise<string[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document);
    return results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.length} element(s), e.g. ${violation.nodes[0]?.target.join(' ')}`,
    );
  });
}

/**
 * Elements of the page that stick out sideways or are cut off at the right edge, and whether
 * the page scrolls sideways. A classic vertical scrollbar (Firefox's) narrows the visible
 * width below the body's: that is fine while the popup's `overflow-x: hidden` keeps the page
 * from scrolling and no element reaches under the scrollbar (only the body's padding does).
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    const limit = Math.min(document.body.getBoundingClientRect().right, root.clientWidth) + 1;
    for (const element of document.querySelectorAll('main *')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > limit) found.push(`${element.tagName}.${element.className}`);
    }
    const scrolls = !['hidden', 'clip'].includes(getComputedStyle(root).overflowX);
    if (scrolls && root.scrollWidth > root.clientWidth) found.push('the page scrolls sideways');
    return found;
  });
}
