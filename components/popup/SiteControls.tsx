import { t } from '../../lib/locale/i18n';

export interface SiteControlsProps {
  /** The site's origin. */
  site: string;
  paused: boolean;
  onPause: (site: string) => void;
  onResume: (site: string) => void;
}

function hostOf(site: string): string {
  try {
    return new URL(site).host;
  } catch {
    return site;
  }
}

/**
 * The foot of the popup: pause lookups on this site, or resume them; and two plain links to
 * the sites page, one opening it on this site (where it can be watched), one on all sites.
 * Links rather than controls: the popup's script does not grow for them.
 */
export function SiteControls({ site, paused, onPause, onResume }: SiteControlsProps) {
  return (
    <footer class="site-controls">
      {paused ? (
        <>
          <p class="paused-note">{t('popupPausedNote', hostOf(site))}</p>
          <button type="button" class="button" onClick={() => onResume(site)}>
            {t('popupResumeSite')}
          </button>
        </>
      ) : (
        <button type="button" class="button button-quiet" onClick={() => onPause(site)}>
          {t('popupPauseSite')}
        </button>
      )}
      <span class="sites-links">
        <a href={`/sites.html?site=${encodeURIComponent(site)}`} target="_blank" rel="noopener">
          {t('popupWatchSite')}
        </a>
        <a href="/sites.html" target="_blank" rel="noopener">
          {t('popupAllSites')}
        </a>
      </span>
    </footer>
  );
}
