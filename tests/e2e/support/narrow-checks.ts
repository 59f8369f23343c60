/**
 * What a page of the extension must hold on a phone's screen: nothing wider than the viewport
 * and every control big enough for a finger.
 */
import type { Page } from 'playwright-core';

/** The smallest touch target, in CSS px (WCAG 2.5.5, and Android's own guidance: 48 dp). */
export const MIN_TARGET = 44;

/**
 * What sticks out sideways: the page scrolling sideways, and every element whose right edge
 * is past the visible width (cut off, or reachable only by scrolling the page). Left out:
 * visually-hidden text, and what sits in a box that scrolls sideways on its own (the sites
 * table), since that box is checked itself and its content can be scrolled to.
 */
export function sidewaysProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      found.push(`the page is ${root.scrollWidth} px wide in ${window.innerWidth} px`);
    }
    const limit = root.clientWidth + 0.5;
    const scrollsOnItsOwn = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('.visually-hidden') || scrollsOnItsOwn(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > limit) {
        found.push(`${element.tagName}.${element.className} reaches ${Math.round(box.right)} px`);
      }
    }
    return found;
  });
}

/**
 * Controls smaller than `min` either way, or narrower than their own label: buttons,
 * disclosure heads, fields, links that stand on their own, and for a checkbox or radio the
 * label that toggles it. Links inside a sentence are left out, as WCAG leaves them out.
 */
export function smallTargets(page: Page, min = MIN_TARGET): Promise<string[]> {
  return page.evaluate((least: number) => {
    const found: string[] = [];
    const inSentence = (link: Element) =>
      [...(link.parentNode?.childNodes ?? [])].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
    const controls = document.querySelectorAll(
      'button, summary, select, input:not([type="hidden"]), a[href]',
    );
    for (const control of controls) {
      if (control.closest('.visually-hidden')) continue;
      if (control.tagName === 'A' && inSentence(control)) continue;
      const toggle =
        control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type);
      const target = (toggle && control.closest('label')) || control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name = `${target.tagName}.${target.className} "${(target.textContent ?? '').trim().slice(0, 40)}"`;
      if (box.width < least - 0.5 || box.height < least - 0.5) {
        found.push(`${name} is ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      // A control squeezed narrower than its label (a field's value scrolls, as it should).
      if (!(target instanceof HTMLInputElement) && target.scrollWidth > target.clientWidth + 1) {
        found.push(`${name} cuts off its label`);
      }
    }
    return [...new Set(found)];
  }, min);
}

/** Opens every collapsed part, so what it holds is checked too. */
export function openAllDetails(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
  });
}
