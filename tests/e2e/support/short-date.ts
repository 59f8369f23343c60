/**
 * A date as the popup writes it beside a change ("+8 since Oct 3"), for a test whose scans
 * are ages before the run's clock and so fall on a different day each run.
 */
import type { ExtensionBrowser } from '../../../extension-browser/extension-browser';

/** The date of a scan as the popup writes it, in the browser's UI language. */
export async function shortDateOf(browser: ExtensionBrowser, scannedAt: string): Promise<string> {
  const worker = await browser.worker();
  const locale = await worker.evaluate(async () => chrome.i18n.getUILanguage(), null);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(
    Date.parse(scannedAt),
  );
}
