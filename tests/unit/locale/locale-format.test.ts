import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatMessage, readLocaleMessages } from '../../../build/locale-messages';
import {
  formatChange,
  formatNumber,
  formatUnitList,
  tCount,
} from '../../../lib/locale/locale-format';
import { installEnglishMessages } from '../../support/fake-i18n';

function installGerman() {
  const german = readLocaleMessages().get('de') ?? {};
  fakeBrowser.i18n.getMessage = ((key: string, subs?: string | string[]) => {
    const entry = german[key];
    return entry ? formatMessage(entry, typeof subs === 'string' ? [subs] : (subs ?? [])) : '';
  }) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'de';
}

afterEach(installEnglishMessages);

describe('locale formatting', () => {
  it('writes numbers as the locale does, with at most two decimals', () => {
    expect(formatNumber(12.5, 'en')).toBe('12.5');
    expect(formatNumber(12.5, 'de')).toBe('12,5');
    expect(formatNumber(0.1 + 0.2, 'en')).toBe('0.3');
    expect(formatNumber(1234, 'de')).toBe('1.234');
  });

  it('signs a change, and leaves zero unsigned', () => {
    expect(formatChange(8, 'en')).toBe('+8');
    expect(formatChange(-3, 'en')).toBe('-3');
    expect(formatChange(0, 'en')).toBe('0');
  });

  it('joins units as a list of the locale', () => {
    expect(formatUnitList(['2 failed', '1 partial'], 'en')).toBe('2 failed, 1 partial');
    expect(formatUnitList(['3 failed'], 'en')).toBe('3 failed');
  });

  it.each([
    [1, '1 issue'],
    [0, '0 issues'],
    [2, '2 issues'],
  ])('picks the English form for %d', (count, text) => {
    expect(tCount('popupIssueCount', count)).toBe(text);
  });

  it('picks the German form and writes the number the German way', () => {
    installGerman();
    expect(tCount('popupIssueCount', 1)).toBe('1 Problem');
    expect(tCount('popupIssueCount', 11)).toBe('11 Probleme');
    expect(tCount('popupBonusPoints', 2.5)).toBe('+2,5 Punkte');
    expect(tCount('popupChecksPassing', 12, '9')).toBe('9 / 12 Prüfungen bestanden');
  });
});
