import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';
import type { SitePause } from '../../lib/ui/site-pause';

export interface SiteControlsProps {
  /** The site's origin; null where the view has none (a new-tab page, a browser page). */
  site: string | null;
  /** Whether it is paused and by whom, or the choice being made; null: no site. */
  pause: SitePause | null;
  onOfferPause: () => void;
  onPauseDomain: (domain: string) => void;
  onCancelPause: () => void;
  onResume: (site: string) => void;
  onOpenOptions: () => void;
}

type PauseControlsProps = Omit<SiteControlsProps, 'site' | 'pause' | 'onOpenOptions'> & {
  site: string;
  pause: SitePause;
};

/**
 * The choice between the site and its whole domain. It takes the place of the button that
 * opened it, so the focus moves to its first answer rather than being lost with the button.
 */
function PauseChoice({
  host,
  domain,
  onPauseDomain,
  onCancelPause,
}: {
  host: string;
  domain: string;
  onPauseDomain: (domain: string) => void;
  onCancelPause: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <fieldset class="pause-choice">
      <legend>{t('popupPauseChoice')}</legend>
      <button ref={first} type="button" class="button" onClick={() => onPauseDomain(host)}>
        {t('popupPauseOnlySite', host)}
      </button>
      <button type="button" class="button" onClick={() => onPauseDomain(domain)}>
        {t('popupPauseWholeDomain', domain)}
      </button>
      <button type="button" class="button button-quiet" onClick={onCancelPause}>
        {t('popupPauseCancel')}
      </button>
    </fieldset>
  );
}

function PauseControls({
  site,
  pause,
  onOfferPause,
  onPauseDomain,
  onCancelPause,
  onResume,
}: PauseControlsProps) {
  switch (pause.kind) {
    case 'locked':
      return <p class="paused-note">{t('popupPausedByPolicyNote', pause.entry)}</p>;
    case 'paused':
      return (
        <>
          <p class="paused-note">
            {pause.wholeDomain
              ? t('popupPausedDomainNote', pause.entry)
              : t('popupPausedNote', pause.entry)}
          </p>
          <button type="button" class="button" onClick={() => onResume(site)}>
            {t('popupResumeSite')}
          </button>
        </>
      );
    case 'choosing':
      return (
        <PauseChoice
          host={pause.host}
          domain={pause.domain}
          onPauseDomain={onPauseDomain}
          onCancelPause={onCancelPause}
        />
      );
    default:
      return (
        <button type="button" class="button button-quiet" onClick={onOfferPause}>
          {t('popupPauseSite')}
        </button>
      );
  }
}

/**
 * The foot of the popup: pause lookups on this site (or its whole domain), or resume them, or
 * say that an administrator's policy keeps it from being looked up; plain links to the sites
 * page, one opening it on this site (where it can be watched), one on all sites; and Settings.
 * Links rather than controls: the popup's script does not grow for them. All sites and
 * Settings are there on every view, site or not: on Firefox for Android the popup is the
 * extension's whole way in (no toolbar button menu, no shortcut).
 */
export function SiteControls({ site, pause, onOpenOptions, ...handlers }: SiteControlsProps) {
  return (
    <footer class="site-controls">
      {site !== null && pause !== null ? (
        <PauseControls site={site} pause={pause} {...handlers} />
      ) : null}
      <span class="sites-links">
        {site !== null ? (
          <a href={`/sites.html?site=${encodeURIComponent(site)}`} target="_blank" rel="noopener">
            {t('popupWatchSite')}
          </a>
        ) : null}
        <a href="/sites.html" target="_blank" rel="noopener">
          {t('popupAllSites')}
        </a>
      </span>
      <button type="button" class="button button-quiet" onClick={onOpenOptions}>
        {t('popupSettings')}
      </button>
    </footer>
  );
}
