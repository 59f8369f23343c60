import { useState } from 'preact/hooks';
import { tellWorker } from '../../lib/messaging/protocol';
import { logError } from '../../lib/page/page-actions';
import { hostOfSite } from '../../lib/privacy/paused-domains';
import type { EffectiveSettings } from '../../lib/settings/settings';
import { type PauseChoice, sitePauseOf } from '../../lib/settings/site-pause';

/** The registrable domain to offer beside `host`, or null when there is none wider. */
async function widerDomainOf(host: string): Promise<string | null> {
  // Loaded only now: the public suffix rules are a large table the first frame does not need.
  const { registrableDomainOf } = await import('../../lib/privacy/registrable-domain');
  const domain = registrableDomainOf(host);
  return domain !== null && domain !== host ? domain : null;
}

/** Pausing lookups on `site` (or its whole domain) and resuming them, for the popup's foot. */
export function useSitePause(site: string | null, settings: EffectiveSettings | null) {
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
      widerDomainOf(host).then((domain) => {
        if (domain === null) pause(host);
        else setChoice({ host, domain });
      }, logError);
    },
    pause,
    cancel: () => setChoice(null),
    /** Removes the user's paused domains that cover the site. */
    resume: (origin: string) => tellWorker('resumeSite', { origin }),
  };
}
