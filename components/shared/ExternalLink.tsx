import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { hostLeavingService, serviceLinkOrNull } from '../../lib/contract/safe-url';
import { t } from '../../lib/locale/i18n';
import { ServiceBaseUrlContext } from './service-base-url-context';

export interface ExternalLinkProps {
  /** Any value from the service's data; the link is drawn only when it is safe to follow. */
  href: unknown;
  children: ComponentChildren;
  class?: string;
}

/**
 * A link that opens in a new tab, or nothing at all: a `javascript:`, `data:` or otherwise
 * unsafe address never becomes an `href`, nor does plain http from an https service. A link
 * that leaves the service's own site names the host it leads to, so nobody follows it blind.
 */
export function ExternalLink({ href, children, class: className }: ExternalLinkProps) {
  const serviceBaseUrl = useContext(ServiceBaseUrlContext);
  const safe = serviceLinkOrNull(href, serviceBaseUrl);
  if (safe === null) return null;
  const leavingTo = hostLeavingService(safe, serviceBaseUrl);
  return (
    <a class={className} href={safe} target="_blank" rel="noopener noreferrer">
      {children}
      {leavingTo !== null ? <span class="link-host"> ({leavingTo})</span> : null}
      <span class="visually-hidden"> {t('popupOpensNewTab')}</span>
    </a>
  );
}
