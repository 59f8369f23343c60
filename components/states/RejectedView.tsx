import { BADGE_MARKS } from '../../lib/badge/badge';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { t } from '../../lib/locale/i18n';
import { presentText } from '../popup/format';
import { StateView } from './StateView';

export interface RejectedViewProps {
  target: string;
  message: string | null;
  onRefresh?: (() => void) | undefined;
}

export function RejectedView({ target, message, onRefresh }: RejectedViewProps) {
  const serverMessage = presentText(message);
  return (
    <StateView
      kind="rejected"
      mark={BADGE_MARKS.invalid}
      markColor={STATE_COLORS.problem}
      title={t('popupRejectedTitle')}
      target={target}
      onRefresh={onRefresh}
    >
      {serverMessage ? <p class="server-message">{serverMessage}</p> : null}
      <p class="muted">{t('popupRejectedBody')}</p>
    </StateView>
  );
}
