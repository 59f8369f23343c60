import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { formatMessage, readLocaleMessages } from '../../../build/locale-messages';
import { t } from '../../../lib/locale/i18n';

const locales = readLocaleMessages();
const english = locales.get('en') ?? {};
const placeholderNames = (entry: { placeholders?: object } | undefined) =>
  Object.keys(entry?.placeholders ?? {})
    .map((name) => name.toLowerCase())
    .sort();

describe('locales', () => {
  it('ships English and at least one complete translation', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect([...locales.keys()].filter((locale) => locale !== 'en').length).toBeGreaterThan(0);
  });

  for (const [locale, messages] of locales) {
    if (locale === 'en') continue;
    it(`${locale} translates every English message, with the same placeholders`, () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, entry] of Object.entries(english)) {
        expect(placeholderNames(messages[key]), key).toEqual(placeholderNames(entry));
        expect(messages[key]?.message.trim(), key).not.toBe('');
      }
    });
  }

  it('uses only key names the browser accepts', () => {
    for (const messages of locales.values()) {
      for (const key of Object.keys(messages)) expect(key).toMatch(/^[A-Za-z0-9_@]+$/);
    }
  });

  it('refuses a key defined by two area files of one locale', () => {
    const dir = mkdtempSync(join(tmpdir(), 'locales-'));
    mkdirSync(join(dir, 'en'));
    writeFileSync(join(dir, 'en', 'a.json'), JSON.stringify({ same: { message: 'A' } }));
    writeFileSync(join(dir, 'en', 'b.json'), JSON.stringify({ same: { message: 'B' } }));
    expect(() => readLocaleMessages(dir)).toThrow(/"same" is defined twice/);
  });
});

describe('formatMessage, as browser.i18n.getMessage formats', () => {
  it('fills named placeholders from positional substitutions', () => {
    const entry = {
      message: 'Readiness $SCORE$ ($LABEL$), $$5',
      placeholders: { score: { content: '$1' }, label: { content: '$2' } },
    };
    expect(formatMessage(entry, ['74', 'B'])).toBe('Readiness 74 (B), $5');
  });

  it('leaves a missing substitution empty rather than printing "$2"', () => {
    expect(formatMessage({ message: 'a $1 b $2' }, ['x'])).toBe('a x b ');
  });
});

describe('t', () => {
  it('reads the shipped message through browser.i18n', () => {
    expect(t('extensionName')).toBe(english.extensionName?.message);
    expect(browser.i18n.getUILanguage()).toBe('en');
  });
});
