import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';
import { tellWorker } from '../../lib/messaging/protocol';
import { logError, openOptionsPageFromClick } from '../../lib/page/page-actions';
import { hostOfSite } from '../../lib/privacy/paused-domains';
import type { EffectiveSettings } from '../../lib/settings/settings';
import { type PauseChoice, sitePauseOf } from '../../lib/settings/site-pause';

/** Pausing lookups on `site` (or its whole domain) and resuming them, for the popup's foot. */
function useSitePause(site: string | null, settings: EffectiveSettings | null) {
  const [choice, setChoice] = useState<PauseChoice | null>(null);
  const pause = (domain: string) => {
    setChoice(null);
    tellWorker('pauseSite', { domain });
  };
  return {
    state: settings !== null && site !== null ? sitePauseOf(settings, site, choice) : null,
    /** Offers the site or its whole registrable domain; pauses the site where none is wider. */
    offer() {
      const host = site === null ? null : hostOfSite(site);
      if (host === null) return;
      // Loaded only now: the public suffix rules are a large table the first frame does not need.
      import('../../lib/privacy/registrable-domain').then(({ registrableDomainOf }) => {
        const domain = registrableDomainOf(host);
        if (domain === null || domain === host) pause(host);
        else setChoice({ host, domain });
      }, logError);
    },
    pause,
    cancel: () => setChoice(null),
    /** Removes the user's paused domains that cover the site. */
    resume: (origin: string) => tellWorker('resumeSite', { origin }),
  };
}

type SitePause = ReturnType<typeof useSitePause>;

/**
 * The choice between the site and its whole domain. It takes the place of the button that
 * opened it, so the focus moves to its first answer rather than being lost with the button.
 */
function ChoosePause({ host, domain, pause }: PauseChoice & { pause: SitePause }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <fieldset class="pause-choice">
      <legend>{t('popupPauseChoice')}</legend>
      <button ref={first} type="button" class="button" onClick={() => pause.pause(host)}>
        {t('popupPauseOnlySite', host)}
      </button>
      <button type="button" class="button" onClick={() => pause.pause(domain)}>
        {t('popupPauseWholeDomain', domain)}
      </button>
      <button type="button" class="button button-quiet" onClick={pause.cancel}>
        {t('popupPauseCancel')}
      </button>
    </fieldset>
  );
}

function PauseControls({ site, pause }: { site: string; pause: SitePause }) {
  const { state } = pause;
  switch (state?.kind) {
    case undefined:
      return null;
    case 'locked':
      return <p class="paused-note">{t('popupPausedByPolicyNote', state.entry)}</p>;
    case 'paused':
      return (
        <>
          <p class="paused-note">
            {t(state.wholeDomain ? 'popupPausedDomainNote' : 'popupPausedNote', state.entry)}
          </p>
          <button type="button" class="button" onClick={() => pause.resume(site)}>
            {t('popupResumeSite')}
          </button>
        </>
      );
    case 'choosing':
      return <ChoosePause host={state.host} domain={state.domain} pause={pause} />;
    default:
      return (
        <button type="button" class="button button-quiet" onClick={pause.offer}>
          {t('popupPauseSite')}
        </button>
      );
  }
}

/**
 * The foot of the popup: pause lookups on the site or its whole domain, or resume them, or say
 * that a policy keeps it from being looked up; links to the sites page, on this site (where it
 * can be watched) and on all; and Settings. All sites and Settings are on every view: on
 * Firefox for Android the popup is the extension's whole way in.
 */
export function SiteControls(props: { site: string | null; settings: EffectiveSettings | null }) {
  const { site } = props;
  const pause = useSitePause(site, props.settings);
  return (
    <footer class="site-controls">
      {site !== null ? <PauseControls site={site} pause={pause} /> : null}
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
      <button type="button" class="button button-quiet" onClick={openOptionsPageFromClick}>
        {t('popupSettings')}
      </button>
    </footer>
  );
}
