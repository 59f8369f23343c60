/**
 * A tab's badge once the lookup of its site has ended. `settledBadgeOf` takes any state but
 * loading as settled, which includes the "not looked up" state the tab had on about:blank
 * just before it navigated to the site: a race on a busy machine. Every case of the fault
 * matrix and the injection corpus is looked up, so only a looked-up state counts here.
 */
import type { ExtensionBrowser } from '../../../extension-browser/extension-browser';

const LOADING = '…';
const DEFAULT_TITLE = 'Agent Readiness Badge';
const NOT_LOOKED_UP = /^Not looked up/;
/** The loading title can outlive the loading mark: the browser clears a tab's badge text when
 * the page commits, while the title set a moment earlier stays. */
const LOOKING_UP = /^Looking up /;

export async function lookedUpBadgeOf(
  browser: ExtensionBrowser,
  tabId: number,
  timeoutMs = 10_000,
): Promise<{ text: string; title: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const badge = await browser.badgeOf(tabId);
    const settled =
      // Every looked-up state has a mark; an empty one is a page mid-navigation, between the
      // commit that clears the badge and the load that puts it back.
      badge.text !== '' &&
      badge.text !== LOADING &&
      badge.title !== DEFAULT_TITLE &&
      !NOT_LOOKED_UP.test(badge.title) &&
      !LOOKING_UP.test(badge.title);
    if (settled || Date.now() > deadline) return badge;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
