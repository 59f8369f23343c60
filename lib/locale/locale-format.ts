/** Numbers, counted phrases and lists in the UI language. */
import { type MessageKey, t, uiLocale } from './i18n';

/** The stem of every message key that exists as both `${stem}One` and `${stem}Other`. */
type CountedMessage = {
  [K in MessageKey]: K extends `${infer Stem}One`
    ? `${Stem}Other` extends MessageKey
      ? Stem
      : never
    : never;
}[MessageKey];

const formatters = new Map<string, unknown>();

/** Kept under `key` (kind, locale, options): building one costs far more than using it. */
export function cachedFormatter<T>(key: string, make: () => T): T {
  if (!formatters.has(key)) formatters.set(key, make());
  return formatters.get(key) as T;
}

/** At most two decimals: 12.5 (en), 12,5 (de). */
const numberFormat = (kind: string, locale: string, options?: Intl.NumberFormatOptions) =>
  cachedFormatter(
    `${kind}|${locale}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2, ...options }),
  );

export const formatNumber = (value: number, locale = uiLocale()): string =>
  numberFormat('number', locale).format(value);

/** "+8", "−3" or "0". */
export const formatChange = (value: number, locale = uiLocale()): string =>
  numberFormat('change', locale, { signDisplay: 'exceptZero' }).format(value);

/** `count` is the first substitution; its form follows the number as shown ("1.5"). */
export function tCount(stem: CountedMessage, count: number, ...rest: string[]): string {
  const locale = uiLocale();
  const rules = cachedFormatter(`plural|${locale}`, () => new Intl.PluralRules(locale));
  const form = rules.select(count) === 'one' ? 'One' : 'Other';
  return t(`${stem}${form}` as MessageKey, [formatNumber(count, locale), ...rest]);
}

/** "2 failed, 1 partial". */
export function formatUnitList(items: readonly string[], locale = uiLocale()): string {
  return cachedFormatter(
    `unit-list|${locale}`,
    () => new Intl.ListFormat(locale, { type: 'unit', style: 'short' }),
  ).format(items);
}
