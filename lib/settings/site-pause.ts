/** What the popup's foot says about pausing its site, as plain data for SiteControls. */
import { entriesCovering, hostOfSite } from '../privacy/paused-domains';
import type { EffectiveSettings } from './settings';

/** The choice offered while the user makes it: the site's host, or its registrable domain. */
export interface PauseChoice {
  host: string;
  domain: string;
}

type SitePause =
  | { kind: 'not-paused' }
  | ({ kind: 'choosing' } & PauseChoice)
  /** A paused domain of the user's covers the site: Resume is offered. */
  | { kind: 'paused'; entry: string; wholeDomain: boolean }
  /** A domain the policy lists covers the site: no Resume, and the note says why. */
  | { kind: 'locked'; entry: string };

/** The widest entry: the one the user thinks of as what is paused. */
const widest = (entries: readonly string[]) =>
  [...entries].sort((a, b) => a.length - b.length)[0] ?? null;

export function sitePauseOf(
  settings: EffectiveSettings,
  site: string,
  choice: PauseChoice | null,
): SitePause {
  const host = hostOfSite(site);
  if (host === null) return { kind: 'not-paused' };
  const locked = widest(entriesCovering(settings.locked.pausedDomains, host));
  if (locked !== null) return { kind: 'locked', entry: locked };
  const own = widest(entriesCovering(settings.pausedDomains, host));
  if (own !== null) return { kind: 'paused', entry: own, wholeDomain: own !== host };
  if (choice !== null && choice.host === host) return { kind: 'choosing', ...choice };
  return { kind: 'not-paused' };
}
