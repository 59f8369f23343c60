/**
 * The popup as a person uses it, opened as a page for one tab (`popup.html?tabId=N`), or any
 * other page that renders the popup's view.
 */
import type { Locator, Page } from 'playwright-core';
import type { ExtensionBrowser } from '../../../extension-browser/extension-browser';

export class PopupPage {
  private constructor(readonly page: Page) {}

  static async open(browser: ExtensionBrowser, tabId: number): Promise<PopupPage> {
    const page = await browser.context.newPage();
    await page.goto(browser.popupUrl(tabId));
    return new PopupPage(page);
  }

  /**
   * Opens the popup in a window of its own, as the toolbar popup shows beside the page a
   * person works in: both are in view at once. A page in a background tab is not (its frames
   * are held back), and acting on it waits for them.
   */
  static async openInWindow(browser: ExtensionBrowser, tabId: number): Promise<PopupPage> {
    const url = browser.popupUrl(tabId);
    await (await browser.worker()).evaluate(async (address) => {
      await chrome.windows.create({ url: address, type: 'popup', width: 420, height: 640 });
    }, url);
    const deadline = Date.now() + 10_000;
    for (;;) {
      for (const page of browser.context.pages()) {
        const href = await page.evaluate(() => location.href).catch(() => '');
        if (href === url) {
          await page.waitForLoadState();
          return new PopupPage(page);
        }
      }
      if (Date.now() > deadline) throw new Error(`No window shows ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Shows the popup for another tab in this same page, as a fresh document: much cheaper than
   * a page per tab when a test goes through many sites.
   */
  async showTab(browser: ExtensionBrowser, tabId: number): Promise<void> {
    await this.page.goto(browser.popupUrl(tabId));
  }

  /** Another page that shows the popup's view (the side panel, the site report window). */
  static of(page: Page): PopupPage {
    return new PopupPage(page);
  }

  /** The main heading: the site for a report, the state's title otherwise. */
  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  text(content: string | RegExp): Locator {
    return this.page.getByText(content);
  }

  link(name: string | RegExp): Locator {
    return this.page.getByRole('link', { name });
  }

  close(): Promise<void> {
    return this.page.close();
  }
}
