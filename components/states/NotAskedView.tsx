import { STATE_COLORS } from '../../lib/badge/score-band';
import { t } from '../../lib/locale/i18n';
import { StateView } from './StateView';

export interface NotAskedViewProps {
  /** The site's origin. */
  target: string;
  /** The host of the report service the origin would go to. */
  serviceHost: string;
  /** Looks the site up; without it no button is shown. */
  onLookUp?: (() => void) | undefined;
}

/**
 * A site nothing is known of yet, where sites are looked up only on request: the side panel
 * follows the tab without sending anything, and the user's one click is the request.
 */
export function NotAskedView({ target, serviceHost, onLookUp }: NotAskedViewProps) {
  return (
    <StateView
      kind="not-asked"
      mark="?"
      markColor={STATE_COLORS.neutral}
      title={t('popupNotAskedTitle')}
      target={target}
      actions={
        onLookUp ? (
          <button type="button" class="button button-primary" onClick={() => onLookUp()}>
            {t('popupLookUpSite')}
          </button>
        ) : null
      }
    >
      <p>{t('popupNotAskedBody', serviceHost)}</p>
    </StateView>
  );
}
