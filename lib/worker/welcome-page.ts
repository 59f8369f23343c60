/**
 * The first-run page, which asks whether lookups may be automatic, opens for a user who never
 * answered, whatever reason the browser gives (Chromium reports a reloaded unpacked extension as
 * an install; an update may come to a user who closed the page unanswered), and for no other.
 */
import { browser } from 'wxt/browser';
import type { UserSettings } from '../settings/settings';

export function registerWelcomePage(
  deps: {
    readSettings(): Promise<Pick<UserSettings, 'lookupModeChosen'>>;
    migrated: Promise<unknown>;
  },
  onError: (error: unknown) => void,
) {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    // A browser update or a shared module's says nothing about this extension's user.
    if (reason !== 'install' && reason !== 'update') return;
    deps.migrated
      .then(() => deps.readSettings())
      .then(async (settings) => {
        if (settings.lookupModeChosen) return;
        await browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') });
      })
      .catch(onError);
  });
}
