/**
 * Unit and component tests run on WXT's fake browser, which leaves `browser.i18n` unmocked.
 * This setup file, run before each test file, empties the fake browser and gives it the shipped
 * English messages, formatted as the browser formats them, before every test (after tests that
 * reset the fake browser, too).
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

// Test files share their worker's modules (vitest.config.ts): each file starts from an empty
// fake browser, as it would in a worker of its own.
fakeBrowser.reset();
installEnglishMessages();
beforeEach(installEnglishMessages);
