/** User-facing text (README): keys typed from the English files, so a misspelt one fails tsc. */
import { browser } from 'wxt/browser';
import type badge from '../../locales/en/badge.json';
import type checks from '../../locales/en/checks.json';
import type extension from '../../locales/en/extension.json';
import type fixList from '../../locales/en/fix-list.json';
import type options from '../../locales/en/options.json';
import type popup from '../../locales/en/popup.json';
import type reasons from '../../locales/en/reasons.json';
import type sites from '../../locales/en/sites.json';
import type welcome from '../../locales/en/welcome.json';

export type MessageKey =
  | keyof typeof extension
  | keyof typeof popup
  | keyof typeof badge
  | keyof typeof checks
  | keyof typeof fixList
  | keyof typeof options
  | keyof typeof reasons
  | keyof typeof sites
  | keyof typeof welcome;

export function t(key: MessageKey, substitutions?: string | readonly string[]): string {
  const subs = typeof substitutions === 'string' ? [substitutions] : substitutions?.slice();
  // WXT types getMessage from public/_locales, which this project generates from locales/.
  return (browser.i18n.getMessage as (key: string, subs?: string[]) => string)(key, subs);
}

export function uiLocale(): string {
  return browser.i18n.getUILanguage();
}
