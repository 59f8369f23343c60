import './popup.css';
import type { ComponentChildren } from 'preact';
import { configuredServiceBaseUrl } from '../../lib/service/service-base-url';
import { ServiceBaseUrlContext } from './service-base-url-context';

/**
 * The popup's frame; `serviceBaseUrl` is the service the shown data came from (the build's own
 * where the page does not know the one in effect).
 */
export function PopupShell(props: {
  serviceBaseUrl?: string | undefined;
  children: ComponentChildren;
}) {
  return (
    <ServiceBaseUrlContext.Provider value={props.serviceBaseUrl ?? configuredServiceBaseUrl()}>
      <main class="popup">{props.children}</main>
    </ServiceBaseUrlContext.Provider>
  );
}
