import type { ComponentChildren } from 'preact';
import { httpUrlOrNull } from '../../lib/contract/safe-url';
import { t } from '../../lib/locale/i18n';

export interface ExternalLinkProps {
  /** Any value from the server; the link is drawn only when it is an http(s) URL. */
  href: unknown;
  children: ComponentChildren;
  class?: string;
}

/**
 * A link that opens in a new tab, or nothing at all: a `javascript:`, `data:` or otherwise
 * unsafe address from the server never becomes an `href`.
 */
export function ExternalLink({ href, children, class: className }: ExternalLinkProps) {
  const safe = httpUrlOrNull(href);
  if (safe === null) return null;
  return (
    <a class={className} href={safe} target="_blank" rel="noopener noreferrer">
      {children}
      <span class="visually-hidden"> {t('popupOpensNewTab')}</span>
    </a>
  );
}
