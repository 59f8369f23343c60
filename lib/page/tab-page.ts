/** "This page": the tab's page read by a script injected on the user's click, with the host
 * access Check now asked for, and read again when its tools change while the view is open. */
import { browser } from 'wxt/browser';
import type { PageFacts } from '../checks/page-facts';

// The scripts put into the page load with the click that reads it.
const pageScripts = () => import('../checks/page-facts');

/** The page's facts, or null when the browser lets no extension read it (its own pages, the
 * stores' pages, a tab that closed). */
export async function readTabPage(tabId: number): Promise<PageFacts | null> {
  try {
    const { readPageFacts } = await pageScripts();
    const [injected] = await browser.scripting.executeScript({
      target: { tabId },
      func: readPageFacts,
    });
    return (injected?.result as PageFacts | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Calls `onChange` when the page's tools change, until the returned function is called. */
export async function watchTabPage(tabId: number, onChange: () => void): Promise<() => void> {
  try {
    const { PAGE_TOOLS_PORT, watchPageTools } = await pageScripts();
    await browser.scripting.executeScript({
      target: { tabId },
      func: watchPageTools,
      args: [PAGE_TOOLS_PORT],
    });
    const port = browser.tabs.connect(tabId, { name: PAGE_TOOLS_PORT });
    port.onMessage.addListener(onChange);
    return () => port.disconnect();
  } catch {
    return () => {};
  }
}
