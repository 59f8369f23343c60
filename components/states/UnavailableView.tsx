import { BADGE_MARKS } from '../../lib/badge/badge';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { type MessageKey, t } from '../../lib/locale/i18n';
import type { UnavailableCause } from '../../lib/tabs/tab-view';
import { NextTry } from './NextTry';
import { StateView } from './StateView';

export interface UnavailableViewProps {
  target: string;
  cause: UnavailableCause;
  retryAt: number | null;
  now: number;
  onRefresh?: (() => void) | undefined;
}

const TEXT: Record<UnavailableCause, { title: MessageKey; body: MessageKey }> = {
  service: { title: 'popupServiceTitle', body: 'popupServiceBody' },
  network: { title: 'popupNetworkTitle', body: 'popupNetworkBody' },
  timeout: { title: 'popupTimeoutTitle', body: 'popupTimeoutBody' },
};

export function UnavailableView({ target, cause, retryAt, now, onRefresh }: UnavailableViewProps) {
  const text = TEXT[cause];
  return (
    <StateView
      kind="unavailable"
      mark={BADGE_MARKS.unavailable}
      markColor={STATE_COLORS.problem}
      title={t(text.title)}
      target={target}
      onRefresh={onRefresh}
    >
      <p>{t(text.body)}</p>
      <NextTry retryAt={retryAt} now={now} canRefresh={onRefresh !== undefined} />
    </StateView>
  );
}
