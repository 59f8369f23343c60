import type { ComponentChildren } from 'preact';
import { type MessageKey, t } from '../../lib/locale/i18n';

/** A server string that is null or only white space counts as absent. */
export function presentText(value: string | null | undefined): string | null {
  return value != null && value.trim() !== '' ? value : null;
}

/** Where the n-th element goes in a translated sentence: a private-use character, in no message. */
const slot = (index: number) => `\ue000${index}\ue000`;

/**
 * A translated sentence with elements in its placeholders, e.g. "Scanned $WHEN$" with a
 * `<time>` for WHEN: the translation decides where the element goes, the element stays one.
 */
export function tWith(
  key: MessageKey,
  elements: readonly ComponentChildren[],
): ComponentChildren[] {
  const text = t(
    key,
    elements.map((_, index) => slot(index)),
  );
  return text
    .split(/\ue000(\d+)\ue000/)
    .map((part, index) => (index % 2 === 1 ? elements[Number(part)] : part))
    .filter((part) => part !== '');
}
