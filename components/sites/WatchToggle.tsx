import { t } from '../../lib/locale/i18n';

export interface WatchToggleProps {
  watched: boolean;
  /** True when a policy turned the watch list off: the box cannot be ticked. */
  locked: boolean;
  onToggle: () => void;
}

/** "Watch this site": a check box in the sites page's detail pane. */
export function WatchToggle({ watched, locked, onToggle }: WatchToggleProps) {
  return (
    <label class="watch-toggle">
      <input type="checkbox" checked={watched} disabled={locked && !watched} onChange={onToggle} />
      {t('sitesWatch')}
    </label>
  );
}
