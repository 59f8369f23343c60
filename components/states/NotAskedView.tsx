import { t } from '../../lib/locale/i18n';
import { STATE_COLORS } from '../../lib/tabs/score-band';
import { StateFrame } from './StateView';

export interface NotAskedViewProps {
  origin: string;
  /** The host of the report service the origin would go to. */
  serviceHost: string;
  /** Looks the site up; without it no button is shown. */
  onLookUp?: (() => void) | undefined;
}

/** Nothing known of the site, looked up only on request: the user's one click is the request. */
export function NotAskedView({ origin, serviceHost, onLookUp }: NotAskedViewProps) {
  return (
    <StateFrame
      status="not-asked"
      mark="?"
      markColor={STATE_COLORS.neutral}
      title={t('popupNotAskedTitle')}
      origin={origin}
      actions={
        onLookUp ? (
          <button type="button" class="button button-primary" onClick={() => onLookUp()}>
            {t('popupLookUpSite')}
          </button>
        ) : null
      }
    >
      <p>{t('popupNotAskedBody', serviceHost)}</p>
    </StateFrame>
  );
}
