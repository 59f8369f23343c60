import { BADGE_MARKS } from '../../lib/badge/badge';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { t } from '../../lib/locale/i18n';
import { ExternalLink } from '../popup/ExternalLink';
import { presentText } from '../popup/format';
import { StateView } from './StateView';

export interface ServiceMovedViewProps {
  target: string;
  message: string | null;
  documentationUrl: string | null;
  onRefresh?: (() => void) | undefined;
}

/** The service no longer answers at the configured address; nothing is said about the site. */
export function ServiceMovedView({
  target,
  message,
  documentationUrl,
  onRefresh,
}: ServiceMovedViewProps) {
  const serverMessage = presentText(message);
  return (
    <StateView
      kind="service-moved"
      mark={BADGE_MARKS.serviceMoved}
      markColor={STATE_COLORS.problem}
      title={t('popupMovedTitle')}
      target={target}
      onRefresh={onRefresh}
      actions={
        <ExternalLink class="button" href={documentationUrl}>
          {t('popupApiDocumentation')}
        </ExternalLink>
      }
    >
      <p>{t('popupMovedBody')}</p>
      {serverMessage ? <p class="server-message">{serverMessage}</p> : null}
    </StateView>
  );
}
