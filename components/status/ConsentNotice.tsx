import { useContext } from 'preact/hooks';
import { hostOf } from '../../lib/contract/http-origin';
import { t } from '../../lib/locale/i18n';
import { tellWorker } from '../../lib/messaging/protocol';
import type { LookupMode } from '../../lib/settings/settings';
import { ServiceBaseUrlContext } from '../shared/service-base-url-context';

const choose = (mode: LookupMode) => tellWorker('setLookupMode', { mode });

/** Asks whether sites may be looked up automatically; the popup's own lookup needs no answer. */
export function ConsentNotice() {
  const serviceHost = hostOf(useContext(ServiceBaseUrlContext));
  return (
    <section class="consent" aria-labelledby="consent-title">
      <h2 id="consent-title">{t('popupConsentTitle')}</h2>
      <p>{t('popupConsentBody', serviceHost)}</p>
      <div class="actions">
        <button type="button" class="button button-primary" onClick={() => choose('automatic')}>
          {t('popupConsentAutomatic')}
        </button>
        <button type="button" class="button" onClick={() => choose('on-click')}>
          {t('popupConsentOnClick')}
        </button>
      </div>
    </section>
  );
}
