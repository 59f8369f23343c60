import { BADGE_MARKS } from '../../lib/badge/badge';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { t } from '../../lib/locale/i18n';
import { StateView } from './StateView';

export interface InvalidResponseViewProps {
  target: string;
  problem: string;
  onRefresh?: (() => void) | undefined;
}

export function InvalidResponseView({ target, problem, onRefresh }: InvalidResponseViewProps) {
  return (
    <StateView
      kind="invalid-response"
      mark={BADGE_MARKS.invalid}
      markColor={STATE_COLORS.problem}
      title={t('popupInvalidTitle')}
      target={target}
      onRefresh={onRefresh}
    >
      <p>{t('popupInvalidBody')}</p>
      {problem ? (
        <p class="problem-line">
          <span class="problem-label">{t('popupInvalidProblem')}</span>{' '}
          <code class="problem">{problem}</code>
        </p>
      ) : null}
    </StateView>
  );
}
