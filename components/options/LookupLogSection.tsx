import { type LookupLogEntry, MAX_LOG_ENTRIES } from '../../lib/history/lookup-log';
import { t } from '../../lib/locale/i18n';
import { logTimeText, outcomeText } from '../../lib/ui/lookup-log-text';

export interface LookupLogSectionProps {
  /** Newest first. */
  entries: readonly LookupLogEntry[];
  onClear(): void;
}

export function LookupLogSection({ entries, onClear }: LookupLogSectionProps) {
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
      <button type="button" onClick={onClear} disabled={entries.length === 0}>
        {t('optionsLogClear')}
      </button>
    </section>
  );
}
