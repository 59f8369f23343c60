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

/** Elements of the page that stick out sideways, and whether the page scrolls sideways. */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const limit = document.body.getBoundingClientRect().right + 1;
    for (const element of document.querySelectorAll('main *')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > limit) found.push(`${element.tagName}.${element.className}`);
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) {
      found.push('the page scrolls sideways');
    }
    return found;
  });
}
