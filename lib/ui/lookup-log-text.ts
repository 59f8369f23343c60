/** The lookup log as the options page shows it: outcomes in words, times in the UI language. */

import type { LookupLogEntry } from '../history/lookup-log';
import { type MessageKey, t, uiLocale } from '../locale/i18n';

const OUTCOME_MESSAGES: Record<LookupLogEntry['outcome'], MessageKey> = {
  pending: 'outcomePending',
  report: 'outcomeReport',
  'no-report': 'outcomeNoReport',
  unavailable: 'outcomeUnavailable',
  busy: 'outcomeBusy',
  'service-moved': 'outcomeServiceMoved',
  'service-not-permitted': 'outcomeServiceNotPermitted',
  'invalid-request': 'outcomeInvalidRequest',
  'invalid-response': 'outcomeInvalidResponse',
  'network-failure': 'outcomeNetworkFailure',
  timeout: 'outcomeTimeout',
};

export function outcomeText(entry: Pick<LookupLogEntry, 'outcome' | 'status'>): string {
  const words = t(OUTCOME_MESSAGES[entry.outcome] ?? 'outcomeInvalidResponse');
  return entry.status === null || entry.status === 0 ? words : `${words} (HTTP ${entry.status})`;
}

export function logTimeText(at: number): string {
  return new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'short', timeStyle: 'medium' }).format(
    at,
  );
}
