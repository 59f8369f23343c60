import { BADGE_MARKS } from '../../lib/badge/badge';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { formatClockTime } from '../../lib/locale/format-time';
import { type MessageKey, t, uiLocale } from '../../lib/locale/i18n';
import type { UnavailableCause } from '../../lib/tabs/tab-view';
import { tWith } from '../popup/format';
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
  const next =
    retryAt !== null && retryAt > now
      ? formatClockTime(retryAt, now, { locale: uiLocale() })
      : null;
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
      {next !== null && retryAt !== null ? (
        <p class="next-try">
          {tWith('popupNextTry', [
            <time key="next" dateTime={new Date(retryAt).toISOString()}>
              {next}
            </time>,
          ])}
        </p>
      ) : onRefresh ? (
        <p class="muted">{t('popupRetryOnRefresh')}</p>
      ) : null}
    </StateView>
  );
}
