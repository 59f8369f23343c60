import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';
import type { PauseChoice } from '../../lib/settings/site-pause';
import type { PopupControls } from './use-popup-controls';

/**
 * The choice between the site and its whole domain. It takes the place of the button that
 * opened it, so the focus moves to its first answer rather than being lost with the button.
 */
function ChoosePause({ host, domain, controls }: PauseChoice & { controls: PopupControls }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <fieldset class="pause-choice">
      <legend>{t('popupPauseChoice')}</legend>
      <button ref={first} type="button" class="button" onClick={() => controls.pauseDomain(host)}>
        {t('popupPauseOnlySite', host)}
      </button>
      <button type="button" class="button" onClick={() => controls.pauseDomain(domain)}>
        {t('popupPauseWholeDomain', domain)}
      </button>
      <button type="button" class="button button-quiet" onClick={controls.cancelPause}>
        {t('popupPauseCancel')}
      </button>
    </fieldset>
  );
}

function PauseControls({ site, controls }: { site: string; controls: PopupControls }) {
  const pause = controls.sitePause;
  switch (pause?.kind) {
    case undefined:
      return null;
    case 'locked':
      return <p class="paused-note">{t('popupPausedByPolicyNote', pause.entry)}</p>;
    case 'paused':
      return (
        <>
          <p class="paused-note">
            {t(pause.wholeDomain ? 'popupPausedDomainNote' : 'popupPausedNote', pause.entry)}
          </p>
          <button type="button" class="button" onClick={() => controls.resumeSite(site)}>
            {t('popupResumeSite')}
          </button>
        </>
      );
    case 'choosing':
      return <ChoosePause host={pause.host} domain={pause.domain} controls={controls} />;
    default:
      return (
        <button type="button" class="button button-quiet" onClick={controls.offerPause}>
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
export function SiteControls({ controls }: { controls: PopupControls }) {
  const { site } = controls;
  return (
    <footer class="site-controls">
      {site !== null ? <PauseControls site={site} controls={controls} /> : null}
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
      <button type="button" class="button button-quiet" onClick={controls.openOptions}>
        {t('popupSettings')}
      </button>
    </footer>
  );
}
