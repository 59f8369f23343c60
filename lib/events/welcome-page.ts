/**
 * The first-run page: explains what is sent and asks whether lookups may be automatic. It
 * opens for a profile whose user has never answered that question, and for no other: not on
 * an update, a browser update or a reload of someone who answered, whatever reason the browser
 * gives (Chromium reports a reloaded unpacked extension as an install, and an update may come
 * to a user who closed the page unanswered, who is then asked again).
 */
import { browser } from 'wxt/browser';
import type { UserSettings } from '../settings/settings';

export const WELCOME_PAGE = '/welcome.html';

export interface WelcomePageDeps {
  /** The settings in effect: an administrator's policy may have answered for the user. */
  readSettings(): Promise<Pick<UserSettings, 'lookupModeChosen'>>;
  /** Resolves once the stored records are migrated, so the answer is read in its new shape. */
  migrated: Promise<unknown>;
}

export function registerWelcomePage(deps: WelcomePageDeps, onError: (error: unknown) => void) {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    // A browser update or a shared module's says nothing about this extension's user.
    if (reason !== 'install' && reason !== 'update') return;
    deps.migrated
      .then(() => deps.readSettings())
      .then(async (settings) => {
        if (settings.lookupModeChosen) return;
        await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE) });
      })
      .catch(onError);
  });
}
