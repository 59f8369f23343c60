import {
  LOOKUP_LOG_RECORD,
  type LookupLogEntry,
  MAX_LOG_ENTRIES,
} from '../../lib/history/lookup-log';
import { t, uiLocale } from '../../lib/locale/i18n';
import { tellWorker } from '../../lib/messaging/protocol';
import { type LookupOutcomeKind, OUTCOME_WORDS } from '../../lib/service/lookup-outcome';
import { useRecord } from '../shared/use-record';

/** The log as the page shows it: outcomes in words, times in the UI language. */
export function outcomeText(
  entry: Pick<LookupLogEntry, 'outcome' | 'status' | 'requests'>,
): string {
  // A check run went to the site itself, not to the service.
  if (entry.outcome === 'check-running') return t('optionsLogCheckRunning');
  if (entry.outcome === 'check-run') return t('optionsLogCheckRun', String(entry.requests ?? 0));
  if (entry.outcome === 'check-abandoned')
    return t('optionsLogCheckAbandoned', String(entry.requests ?? 0));
  const words = t(OUTCOME_WORDS[entry.outcome as LookupOutcomeKind] ?? 'outcomeInvalidResponse');
  return entry.status === null || entry.status === 0 ? words : `${words} (HTTP ${entry.status})`;
}

const LOG_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };

export const logTimeText = (at: number) => new Intl.DateTimeFormat(uiLocale(), LOG_TIME).format(at);

/** The log, newest first, and its Clear button. */
export function LookupLogSection() {
  const entries = [...(useRecord(LOOKUP_LOG_RECORD)?.entries ?? [])].reverse();
  return (
    <section aria-labelledby="log-heading">
      <h2 id="log-heading">{t('optionsLogHeading')}</h2>
      <p class="hint">{t('optionsLogExplain', String(MAX_LOG_ENTRIES))}</p>
      {entries.length === 0 ? (
        <p>{t('optionsLogEmpty')}</p>
      ) : (
        <table class="lookup-log" aria-labelledby="log-heading">
          <thead>
            <tr>
              <th scope="col">{t('optionsLogTime')}</th>
              <th scope="col">{t('optionsLogSite')}</th>
              <th scope="col">{t('optionsLogService')}</th>
              <th scope="col">{t('optionsLogOutcome')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={new Date(entry.at).toISOString()}>{logTimeText(entry.at)}</time>
                </td>
                <td class="site">{entry.origin}</td>
                <td class="site">{entry.service}</td>
                <td>{outcomeText(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button
        type="button"
        onClick={() => tellWorker('clearLookupLog', {})}
        disabled={entries.length === 0}
      >
        {t('optionsLogClear')}
      </button>
    </section>
  );
}
