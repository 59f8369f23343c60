import type { CheckDiff } from '../../lib/history/check-diff';
import type { ListedCheck } from '../../lib/history/scan-record';
import { formatShortDate } from '../../lib/locale/format-time';
import { type MessageKey, t, uiLocale } from '../../lib/locale/i18n';
import { formatNumber, formatUnitList } from '../../lib/locale/locale-format';

type Changes = Extract<CheckDiff, { kind: 'changes' }>;

const KINDS = [
  { kind: 'fixed', count: 'popupChecksFixed', names: 'popupChecksFixedNames' },
  { kind: 'new', count: 'popupChecksNew', names: 'popupChecksNewNames' },
  { kind: 'worse', count: 'popupChecksWorse', names: 'popupChecksWorseNames' },
  { kind: 'better', count: 'popupChecksBetter', names: 'popupChecksBetterNames' },
] as const;

/** Each kind of change with checks: the site's, then the checks the service began or stopped. */
function namedChanges(diff: Changes) {
  const { began = [], stopped = [] } = diff.method ?? {};
  const named: { kind: string; names: MessageKey; checks: ListedCheck[] }[] = [
    ...KINDS.map(({ kind, names }) => ({ kind, names, checks: diff[kind] })),
    { kind: 'began', names: 'popupChecksBeganNames', checks: began },
    { kind: 'stopped', names: 'popupChecksStoppedNames', checks: stopped },
  ];
  return named.filter(({ checks }) => checks.length > 0);
}

/** The names of the checks that changed, a line per kind (the popup's and the timeline's). */
export function ChangedCheckNames({ diff }: { diff: Changes }) {
  return (
    <>
      {namedChanges(diff).map(({ kind, names, checks }) => (
        <p key={kind} class={`check-change-${kind}`}>
          {t(names, checks.map((check) => check.name).join(', '))}
        </p>
      ))}
    </>
  );
}

/**
 * "Since the scan of 3 Oct: the service's method changed, 2 fixed, 1 new", opening to the
 * checks' names; or that the service now counts too differently to compare.
 */
export function CheckChangeNote({ diff }: { diff: CheckDiff }) {
  const locale = uiLocale();
  if (diff.kind === 'first-scan' || diff.kind === 'unknown') return null;
  const date = formatShortDate(diff.previousScannedAt, { locale });
  if (diff.kind === 'methodology-moved') {
    return <p class="check-change">{t('popupChecksMethodology', date)}</p>;
  }
  const counts = KINDS.filter(({ kind }) => diff[kind].length > 0).map(({ kind, count }) =>
    t(count, formatNumber(diff[kind].length, locale)),
  );
  const parts = diff.method === null ? counts : [t('popupChecksMethod'), ...counts];
  if (parts.length === 0) return null;
  const summary = t('popupChecksSince', [date, formatUnitList(parts, locale)]);
  if (namedChanges(diff).length === 0) return <p class="check-change">{summary}</p>;
  return (
    <details class="check-change">
      <summary>{summary}</summary>
      <ChangedCheckNames diff={diff} />
    </details>
  );
}
