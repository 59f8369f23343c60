/**
 * Unit and component tests run on WXT's fake browser, which leaves `browser.i18n` unmocked.
 * This setup file gives it the shipped English messages, formatted as the browser formats
 * them, before every test (after tests that reset the fake browser, too).
 */
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatMessage, readLocaleMessages } from '../../build/locale-messages';

const english = readLocaleMessages().get('en') ?? {};

export function installEnglishMessages(): void {
  fakeBrowser.i18n.getMessage = ((key: string, substitutions?: string | string[]) => {
    const entry = english[key];
    if (entry === undefined) return '';
    const subs = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []);
    return formatMessage(entry, subs);
  }) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en';
}

installEnglishMessages();
beforeEach(installEnglishMessages);
