/**
 * The extension's translations: one folder per locale under `locales/`, one JSON file per
 * area of the product (popup, options, ...) in the browser's `messages.json` format.
 *
 * Areas keep each file about one thing and let the build merge them into the single
 * `_locales/<locale>/messages.json` the browser reads (see wxt.config.ts). The same merge feeds
 * the unit tests' stand-in for `browser.i18n`, so tests read the very messages that ship.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface MessageEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

export type LocaleMessages = Record<string, MessageEntry>;

export const LOCALES_DIR = join(import.meta.dirname, '..', 'locales');

/** Every locale's merged messages; a key defined by two areas of one locale is an error. */
export function readLocaleMessages(dir = LOCALES_DIR): Map<string, LocaleMessages> {
  const locales = new Map<string, LocaleMessages>();
  for (const locale of readdirSync(dir).sort()) {
    const merged: LocaleMessages = {};
    for (const file of readdirSync(join(dir, locale))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const area = JSON.parse(readFileSync(join(dir, locale, file), 'utf8')) as LocaleMessages;
      for (const [key, entry] of Object.entries(area)) {
        if (key in merged) throw new Error(`locales/${locale}: "${key}" is defined twice`);
        merged[key] = entry;
      }
    }
    locales.set(locale, merged);
  }
  return locales;
}

/**
 * Formats a message as the browser's `i18n.getMessage` does: `$NAME$` becomes its
 * placeholder's content, `$1`–`$9` the substitutions, `$$` a dollar sign.
 */
export function formatMessage(entry: MessageEntry, substitutions: readonly string[] = []): string {
  const placeholders = Object.fromEntries(
    Object.entries(entry.placeholders ?? {}).map(([name, p]) => [name.toLowerCase(), p.content]),
  );
  const positional = (text: string) =>
    text.replace(/\$(\$|[1-9])/g, (_, mark: string) =>
      mark === '$' ? '$' : (substitutions[Number(mark) - 1] ?? ''),
    );
  return entry.message
    .split(/(\$[A-Za-z0-9_@]+\$)/)
    .map((part) => {
      const name = /^\$([A-Za-z0-9_@]+)\$$/.exec(part)?.[1]?.toLowerCase();
      return name !== undefined && name in placeholders
        ? positional(placeholders[name] ?? '')
        : positional(part);
    })
    .join('');
}
