import type { CheckChanges, CheckDiff } from '../../lib/history/check-diff';
import { formatShortDate } from '../../lib/locale/format-time';
import { type MessageKey, t, uiLocale } from '../../lib/locale/i18n';
import { formatNumber, formatUnitList } from '../../lib/locale/locale-format';

const KINDS: readonly { kind: keyof CheckChanges; count: MessageKey; names: MessageKey }[] = [
  { kind: 'fixed', count: 'popupChecksFixed', names: 'popupChecksFixedNames' },
  { kind: 'new', count: 'popupChecksNew', names: 'popupChecksNewNames' },
  { kind: 'worse', count: 'popupChecksWorse', names: 'popupChecksWorseNames' },
  { kind: 'better', count: 'popupChecksBetter', names: 'popupChecksBetterNames' },
];

/**
 * How the checks changed since the previous scan with a known list: "Since the scan of 3 Oct:
 * 2 fixed, 1 new", opening to the checks' names; or that the service counts checks differently
 * now. Nothing for a first scan, an unknown list or no change.
 */
export function CheckChangeNote({ diff }: { diff: CheckDiff }) {
  const locale = uiLocale();
  if (diff.kind === 'methodology-moved') {
    return (
      <p class="check-change">
        {t('popupChecksMethodology', formatShortDate(diff.previousScannedAt, { locale }))}
      </p>
    );
  }
  if (diff.kind !== 'changes') return null;
  const present = KINDS.filter(({ kind }) => diff[kind].length > 0);
  if (present.length === 0) return null;
  const counts = formatUnitList(
    present.map(({ kind, count }) => t(count, formatNumber(diff[kind].length, locale))),
    locale,
  );
  return (
    <details class="check-change">
      <summary>
        {t('popupChecksSince', [formatShortDate(diff.previousScannedAt, { locale }), counts])}
      </summary>
      {present.map(({ kind, names }) => (
        <p key={kind} class={`check-change-${kind}`}>
          {t(names, diff[kind].map((check) => check.name).join(', '))}
        </p>
      ))}
    </details>
  );
}
