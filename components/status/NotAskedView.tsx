import { useContext } from 'preact/hooks';
import { hostOf } from '../../lib/contract/http-origin';
import { t } from '../../lib/locale/i18n';
import { ServiceBaseUrlContext } from '../shared/service-base-url-context';
import { StatusFrame } from './StatusView';

/** Nothing known of the site, looked up only on request: the user's one click is the request. */
export function NotAskedView({ origin, onLookUp }: { origin: string; onLookUp: () => void }) {
  const serviceHost = hostOf(useContext(ServiceBaseUrlContext));
  return (
    <StatusFrame
      status="not-asked"
      mark="?"
      title={t('popupNotAskedTitle')}
      origin={origin}
      actions={
        <button type="button" class="button button-primary" onClick={() => onLookUp()}>
          {t('popupLookUpSite')}
        </button>
      }
    >
      <p>{t('popupNotAskedBody', serviceHost)}</p>
    </StatusFrame>
  );
}
