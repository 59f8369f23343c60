import type { ListedCheck } from '../../lib/history/scan-record';
import type { TimelineChanges, TimelineStep } from '../../lib/history/site-timeline';
import { type MessageKey, t } from '../../lib/locale/i18n';
import { formatChange } from '../../lib/locale/locale-format';

interface SiteTimelineProps {
  /** Oldest first, as timelineOf gives them; shown newest first. */
  steps: readonly TimelineStep[];
  formatDate: (at: number) => string;
}

const KINDS: readonly { kind: 'fixed' | 'new' | 'worse' | 'better'; names: MessageKey }[] = [
  { kind: 'fixed', names: 'popupChecksFixedNames' },
  { kind: 'new', names: 'popupChecksNewNames' },
  { kind: 'worse', names: 'popupChecksWorseNames' },
  { kind: 'better', names: 'popupChecksBetterNames' },
];

const names = (checks: readonly ListedCheck[]) => checks.map((check) => check.name).join(', ');

function StepChanges({ changes }: { changes: TimelineChanges }) {
  if (changes.kind === 'first-scan') return <p class="muted">{t('sitesTimelineFirst')}</p>;
  if (changes.kind === 'unknown') return <p class="muted">{t('sitesTimelineUnknown')}</p>;
  if (changes.kind === 'methodology-moved') return <p>{t('sitesTimelineMethodology')}</p>;
  const present = KINDS.filter(({ kind }) => changes[kind].length > 0);
  if (present.length === 0) return <p class="muted">{t('sitesTimelineNoChange')}</p>;
  return (
    <>
      {present.map(({ kind, names: message }) => (
        <p key={kind} class={`check-change-${kind}`}>
          {t(message, names(changes[kind]))}
        </p>
      ))}
    </>
  );
}

/**
 * Every scan this browser saw of the site, newest first: when, the score and its move, and
 * which checks were fixed, new, worse or better since the scan before. It is also what a
 * screen reader reads of the score chart, which is drawn for the eye only.
 */
export function SiteTimeline({ steps, formatDate }: SiteTimelineProps) {
  if (steps.length === 0) return null;
  return (
    <section class="site-timeline" aria-labelledby="site-timeline-title">
      <h2 id="site-timeline-title">{t('sitesTimelineTitle')}</h2>
      <ol reversed>
        {[...steps].reverse().map((step) => (
          <li key={step.scannedAt} class="timeline-step" data-scanned-at={step.scannedAt}>
            <p class="timeline-head">
              <time dateTime={new Date(step.scannedAt).toISOString()}>
                {formatDate(step.scannedAt)}
              </time>
              {' · '}
              <span class="timeline-score">
                {step.score === null
                  ? t('sitesNoScore')
                  : t('sitesTimelineScore', String(step.score))}
              </span>
              {step.scoreDelta === null ? null : (
                <span class="timeline-delta">
                  {' '}
                  (
                  {step.scoreDelta === 0
                    ? t('sitesTimelineScoreSame')
                    : formatChange(step.scoreDelta)}
                  )
                </span>
              )}
            </p>
            <StepChanges changes={step.changes} />
          </li>
        ))}
      </ol>
    </section>
  );
}
