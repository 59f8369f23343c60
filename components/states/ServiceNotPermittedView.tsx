import { BADGE_MARKS } from '../../lib/badge/badge';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { t } from '../../lib/locale/i18n';
import { StateView } from './StateView';

export interface ServiceNotPermittedViewProps {
  target: string;
  /** The host of the service the extension may not reach. */
  serviceHost: string;
  /** True when an administrator's policy chose the service: the fix names them too. */
  setByPolicy: boolean;
  /** Opens the options page, where access can be allowed; no button without it. */
  onOpenOptions?: (() => void) | undefined;
  onRefresh?: (() => void) | undefined;
}

/**
 * Nothing was sent: the browser has not let the extension reach the report service. Says
 * nothing about the site, and names the fix rather than a network problem.
 */
export function ServiceNotPermittedView({
  target,
  serviceHost,
  setByPolicy,
  onOpenOptions,
  onRefresh,
}: ServiceNotPermittedViewProps) {
  return (
    <StateView
      kind="service-not-permitted"
      mark={BADGE_MARKS.serviceNotPermitted}
      markColor={STATE_COLORS.problem}
      title={t('popupNotPermittedTitle')}
      target={target}
      onRefresh={onRefresh}
      actions={
        onOpenOptions ? (
          <button type="button" class="button" onClick={onOpenOptions}>
            {t('popupOpenOptions')}
          </button>
        ) : null
      }
    >
      <p>{t('popupNotPermittedBody', serviceHost)}</p>
      <p>{t(setByPolicy ? 'popupNotPermittedFixPolicy' : 'popupNotPermittedFixUser')}</p>
    </StateView>
  );
}
