import { BADGE_MARKS } from '../../lib/badge/badge';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { t } from '../../lib/locale/i18n';
import { NextTry } from './NextTry';
import { StateView } from './StateView';

export interface BusyViewProps {
  target: string;
  retryAt: number | null;
  now: number;
  onRefresh?: (() => void) | undefined;
}

/** The service is limiting lookups from this network: a wait, not a fault of the site. */
export function BusyView({ target, retryAt, now, onRefresh }: BusyViewProps) {
  return (
    <StateView
      kind="busy"
      mark={BADGE_MARKS.busy}
      markColor={STATE_COLORS.neutral}
      title={t('popupBusyTitle')}
      target={target}
      onRefresh={onRefresh}
    >
      <p>{t('popupBusyBody')}</p>
      <NextTry retryAt={retryAt} now={now} canRefresh={onRefresh !== undefined} />
    </StateView>
  );
}
