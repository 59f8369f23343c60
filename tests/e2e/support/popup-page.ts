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
