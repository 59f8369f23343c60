import { formatClockTime } from '../../lib/locale/format-time';
import { t, uiLocale } from '../../lib/locale/i18n';
import { tWith } from '../shared/format';

export interface NextTryProps {
  retryAt: number | null;
  now: number;
  /** Whether a Refresh button is there to point at when no time is known. */
  canRefresh: boolean;
}

/** "Next try after 14:05", or without a time in the future, how to try again. */
export function NextTry({ retryAt, now, canRefresh }: NextTryProps) {
  if (retryAt !== null && retryAt > now) {
    return (
      <p class="next-try">
        {tWith('popupNextTry', [
          <time key="next" dateTime={new Date(retryAt).toISOString()}>
            {formatClockTime(retryAt, now, { locale: uiLocale() })}
          </time>,
        ])}
      </p>
    );
  }
  return canRefresh ? <p class="muted">{t('popupRetryOnRefresh')}</p> : null;
}
