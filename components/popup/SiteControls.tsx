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

/** The foot of the popup: pause lookups on this site, or resume them. */
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
    </footer>
  );
}
