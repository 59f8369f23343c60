/**
 * Numbers and counted phrases in the UI language. `browser.i18n` has no plural forms, so a
 * counted message comes as a pair of keys, `…One` and `…Other`, and Intl.PluralRules of the UI
 * locale picks one: English and German need no more forms than these two.
 */
import { type MessageKey, t, uiLocale } from './i18n';

/** The stem of every message key that exists as both `${stem}One` and `${stem}Other`. */
export type CountedMessage = {
  [K in MessageKey]: K extends `${infer Stem}One`
    ? `${Stem}Other` extends MessageKey
      ? Stem
      : never
    : never;
}[MessageKey];

const formatters = new Map<string, unknown>();

/**
 * The Intl formatter kept under `key` (its kind, locale and options), built on first use:
 * building one costs far more than using it, and a popup with many issues formats many numbers.
 */
export function cachedFormatter<T>(key: string, make: () => T): T {
  if (!formatters.has(key)) formatters.set(key, make());
  return formatters.get(key) as T;
}

/** A number as the UI locale writes it, with at most two decimals: 12.5 (en), 12,5 (de). */
export function formatNumber(value: number, locale = uiLocale()): string {
  return cachedFormatter(
    `number|${locale}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
  ).format(value);
}

/** A signed change, "+8", "−3" or "0", as the UI locale writes it. */
export function formatChange(value: number, locale = uiLocale()): string {
  return cachedFormatter(
    `change|${locale}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }),
  ).format(value);
}

/**
 * The counted message for `count`: `count` is the first substitution, `rest` follow it.
 * The form follows the number as shown, so 1.5 takes the form of "1.5" in the locale.
 */
export function tCount(stem: CountedMessage, count: number, ...rest: string[]): string {
  const locale = uiLocale();
  const rules = cachedFormatter(`plural|${locale}`, () => new Intl.PluralRules(locale));
  const form = rules.select(count) === 'one' ? 'One' : 'Other';
  return t(`${stem}${form}` as MessageKey, [formatNumber(count, locale), ...rest]);
}

/** Items joined as a list of units in the UI locale: "2 failed, 1 partial". */
export function formatUnitList(items: readonly string[], locale = uiLocale()): string {
  return cachedFormatter(
    `unit-list|${locale}`,
    () => new Intl.ListFormat(locale, { type: 'unit', style: 'short' }),
  ).format(items);
}
