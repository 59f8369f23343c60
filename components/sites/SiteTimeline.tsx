import type { TimelineChanges, TimelineStep } from '../../lib/history/site-timeline';
import { t } from '../../lib/locale/i18n';
import { formatChange } from '../../lib/locale/locale-format';
import { ChangedCheckNames } from '../report/CheckChangeNote';

interface SiteTimelineProps {
  /** Oldest first, as timelineOf gives them; shown newest first. */
  steps: readonly TimelineStep[];
  formatDate: (at: number) => string;
}

const deltaWords = (delta: number) =>
  delta === 0 ? t('sitesTimelineScoreSame') : formatChange(delta);

function StepChanges({ changes }: { changes: TimelineChanges }) {
  if (changes.kind === 'first-scan') return <p class="muted">{t('sitesTimelineFirst')}</p>;
  if (changes.kind === 'unknown') return <p class="muted">{t('sitesTimelineUnknown')}</p>;
  if (changes.kind === 'methodology-moved') return <p>{t('sitesTimelineMethodology')}</p>;
  const siteChanged = [changes.fixed, changes.new, changes.worse, changes.better].some(
    (checks) => checks.length > 0,
  );
  return (
    <>
      {changes.method ? <p class="check-change-method">{t('sitesTimelineMethod')}</p> : null}
      {siteChanged ? null : <p class="muted">{t('sitesTimelineNoChange')}</p>}
      <ChangedCheckNames diff={changes} />
    </>
  );
}

/** Every scan this browser saw of the site, newest first; a screen reader's view of the chart. */
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
                <span class="timeline-delta"> ({deltaWords(step.scoreDelta)})</span>
              )}
            </p>
            <StepChanges changes={step.changes} />
          </li>
        ))}
      </ol>
    </section>
  );
}
