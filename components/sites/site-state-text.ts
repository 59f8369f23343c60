import { type MessageKey, t } from '../../lib/locale/i18n';
import type { SiteState } from '../../lib/sites/site-rows';

/** The words of each row state; a new state needs one entry here and one message. */
export const SITE_STATE_MESSAGES: Record<SiteState, MessageKey> = {
  fresh: 'sitesState_fresh',
  stale: 'sitesState_stale',
  'no-report': 'sitesState_noReport',
  unavailable: 'sitesState_unavailable',
  busy: 'sitesState_busy',
  'service-moved': 'sitesState_serviceMoved',
  'service-not-permitted': 'sitesState_serviceNotPermitted',
  invalid: 'sitesState_invalid',
  rejected: 'sitesState_rejected',
  'not-looked-up': 'sitesState_notLookedUp',
  checking: 'sitesState_checking',
  'not-checked': 'sitesState_notChecked',
};

export const siteStateText = (state: SiteState) => t(SITE_STATE_MESSAGES[state]);
