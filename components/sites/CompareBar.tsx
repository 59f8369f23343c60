import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';
import { PICK_LEAST, type SiteComparisonState } from './use-site-comparison';

/**
 * The Compare button, a real disabled one until enough sites are ticked, described by the line
 * saying what it needs; why a tick was refused. Focus comes back to it as the comparison closes.
 */
export function CompareBar({ picked, refused, open, onOpen, onClearPicks }: SiteComparisonState) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const ready = picked.length >= PICK_LEAST;
  return (
    <div class="compare-bar">
      <button
        ref={button}
        type="button"
        class="button"
        disabled={!ready}
        aria-describedby="compare-hint"
        onClick={onOpen}
      >
        {t('sitesCompareButton', String(picked.length))}
      </button>
      {picked.length > 0 ? (
        <button type="button" class="button button-quiet" onClick={onClearPicks}>
          {t('sitesCompareClear')}
        </button>
      ) : null}
      <p id="compare-hint" class="muted small">
        {t(ready ? 'sitesCompareReady' : 'sitesCompareHint')}
      </p>
      {/* Always in the page, so that a screen reader hears the refusal when it appears. */}
      <p class="compare-refused" role="status">
        {refused ? t('sitesCompareFull', refused.host) : ''}
      </p>
    </div>
  );
}
