/**
 * Everything the popup, the side panel and the site report window offer besides the view: the
 * consent question, pausing the site, copying the fix list, the score's change since the
 * previous scan, and a subdomain's registrable domain's report, as plain values and callbacks.
 * What the first frame does not need is loaded after it: the score history, the fix list's
 * Markdown (on Copy) and the public suffix rules (when "Pause on this site" offers the whole
 * domain, or "no report" another site's).
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { hostOf } from '../../lib/contract/http-origin';
import type { ScanReport } from '../../lib/contract/report-schema';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import type { CheckDiff } from '../../lib/history/check-diff';
import type { ScoreChange } from '../../lib/history/score-history';
import { requestView, sendToWorker } from '../../lib/messaging/protocol';
import { copyText, logError, openOptionsPageFromClick } from '../../lib/page/page-actions';
import { hostOfSite } from '../../lib/privacy/paused-domains';
import {
  type EffectiveSettings,
  isSitePaused,
  serviceBaseUrlOf,
} from '../../lib/settings/settings';
import { type PauseChoice, sitePauseOf } from '../../lib/settings/site-pause';
import type { ShownView, TabView } from '../../lib/tabs/tab-view';
import { isNotLookedUp } from '../../lib/tabs/tab-view';
import type { CheckTarget } from '../checks/use-check-now';
import { useSettings } from '../shared/use-settings';

export type PopupControls = ReturnType<typeof usePopupControls>;

/** The site a no-report view offers instead (its registrable domain), and what it showed. */
export interface ParentSite {
  of: string;
  site: string;
  /** Null until asked for. */
  view: TabView | null;
}

async function copyFixListOf(report: ScanReport, serviceBaseUrl: string): Promise<boolean> {
  const { fixListMarkdown } = await import('../../lib/markdown/fix-list');
  return copyText(fixListMarkdown(report, { serviceBaseUrl }));
}

/**
 * The origin a view is about. A paused site's view names none: `pausedSite`, the page's own
 * origin, stands in. Other sites not looked up (local, private, not http) have nothing to pause.
 */
function siteOfView(view: ShownView | null, pausedSite: string | null): string | null {
  if (view === null) return null;
  if (isNotLookedUp(view)) return view.reason === 'paused' ? pausedSite : null;
  try {
    return new URL(view.origin).origin;
  } catch {
    return null;
  }
}

/** The registrable domain to offer beside `host`, or null when there is none wider. */
async function widerDomainOf(host: string): Promise<string | null> {
  // Loaded only now: the public suffix rules are a large table the first frame does not need.
  const { registrableDomainOf } = await import('../../lib/privacy/registrable-domain');
  const domain = registrableDomainOf(host);
  return domain !== null && domain !== host ? domain : null;
}

/** Views whose site is neither looked up nor offered a check: no site, or a private window. */
const NO_CHECK = new Set(['no-url', 'not-http', 'invalid-url', 'incognito']);

/**
 * The site "Check now" checks, from the user's browser: a report's, no report's, the service's
 * trouble's, or a site never sent (local, private, intranet, paused). Not while loading.
 */
function checkTargetOf(
  view: ShownView | null,
  pageSite: string | null,
  tabId: number | null,
): CheckTarget | null {
  if (view === null || view.status === 'loading' || view.status === 'not-asked') return null;
  if (isNotLookedUp(view)) {
    return NO_CHECK.has(view.reason) || pageSite === null ? null : { origin: pageSite, tabId };
  }
  // The site's own requests go where the tab is: a lookup sends "example.com." as
  // "example.com", but the page the user sees came from the host with the dot.
  const sameSite = pageSite !== null && pageSite.replace(/\.(:\d+)?$/, '$1') === view.origin;
  return { origin: sameSite ? pageSite : view.origin, tabId };
}

/**
 * `pageSite` is the origin of the page the popup is about, when known (see siteOfView);
 * `tabId`, the tab it shows (none in the site report window); `settings`, the settings when
 * the page read them before its first render.
 */
export function usePopupControls(
  view: ShownView | null,
  pageSite: string | null,
  {
    tabId = null,
    settings: initialSettings,
  }: { tabId?: number | null; settings?: EffectiveSettings } = {},
) {
  const settings = useSettings(initialSettings);
  const site = siteOfView(view, pageSite);
  // Links from the service's data are judged by the service lookups go to.
  const serviceBaseUrl =
    settings === null ? configuredServiceBaseUrl() : serviceBaseUrlOf(settings);
  const report = view?.status === 'report' ? view.report : null;
  const [scoreChange, setScoreChange] = useState<ScoreChange | null>(null);
  // How the checks changed since the previous scan with known checks; null until loaded.
  const [checkDiff, setCheckDiff] = useState<CheckDiff | null>(null);
  const [choice, setChoice] = useState<PauseChoice | null>(null);
  // The other site a no-report view offers, of the origin `of`, and its view once asked for:
  // kept here, in the page, never as the tab's view.
  const [parent, setParent] = useState<ParentSite | null>(null);
  const noReport = view?.status === 'no-report' ? view.origin : null;

  useEffect(() => {
    setParent(null);
    if (noReport === null) return;
    let current = true;
    import('../../lib/privacy/registrable-domain').then(({ parentSiteOf }) => {
      const site = parentSiteOf(noReport);
      if (current && site !== null) setParent({ of: noReport, site, view: null });
    }, logError);
    return () => {
      current = false;
    };
  }, [noReport]);

  useEffect(() => {
    setScoreChange(null);
    setCheckDiff(null);
    if (site === null || report === null) return;
    let current = true;
    Promise.all([
      import('../../lib/history/score-history'),
      import('../../lib/history/check-diff'),
    ]).then(([{ readAllScans, scoreChangeFor }, { checkDiffFor, otherSites }]) =>
      readAllScans().then((history) => {
        if (!current) return;
        const scans = history[site] ?? [];
        setScoreChange(scoreChangeFor(scans, report));
        setCheckDiff(checkDiffFor(scans, report, otherSites(history, site)));
      }),
    );
    return () => {
      current = false;
    };
  }, [site, report]);

  const pauseDomain = useCallback((domain: string) => {
    setChoice(null);
    sendToWorker('pauseSite', { domain }).catch(logError);
  }, []);
  /** Offers the site or its whole registrable domain, or pauses the site where none is wider. */
  const offerPause = useCallback(() => {
    const host = site === null ? null : hostOfSite(site);
    if (host === null) return;
    widerDomainOf(host).then((domain) => {
      if (domain === null) pauseDomain(host);
      else setChoice({ host, domain });
    }, logError);
  }, [site, pauseDomain]);
  const cancelPause = useCallback(() => setChoice(null), []);
  /** One lookup of the other site, as the link menu's window makes one; never automatic. */
  const showParent = useCallback((site: string) => {
    const showing = (view: TabView | null) =>
      setParent((shown) => (shown?.site === site ? { ...shown, view } : shown));
    showing({ status: 'loading', origin: site });
    // A page that could not reach the worker offers the site again.
    requestView('showSite', { origin: site, force: false }).then(showing);
  }, []);
  /** Removes the user's paused domains that cover the site. */
  const resumeSite = useCallback((origin: string) => {
    sendToWorker('resumeSite', { origin }).catch(logError);
  }, []);
  /** The consent answer: automatic lookups, or only on opening the popup. */
  const chooseLookupMode = useCallback((automatic: boolean) => {
    sendToWorker('setLookupMode', { mode: automatic ? 'automatic' : 'on-click' }).catch(logError);
  }, []);

  return {
    settings,
    serviceBaseUrl,
    /** For the consent notice. */
    serviceHost: hostOf(serviceBaseUrl),
    serviceSetByPolicy: settings?.locked.serviceBaseUrl ?? false,
    /** What Pause and Resume act on. */
    site,
    check: checkTargetOf(view, pageSite, tabId),
    sitePause: settings !== null && site !== null ? sitePauseOf(settings, site, choice) : null,
    scoreChange,
    checkDiff,
    /** A paused site is neither offered nor looked up. */
    parent:
      parent?.of === noReport && settings !== null && !isSitePaused(settings, parent.site)
        ? parent
        : null,
    showParent,
    copyFixList: (shown: ScanReport) => copyFixListOf(shown, serviceBaseUrl),
    offerPause,
    pauseDomain,
    cancelPause,
    resumeSite,
    chooseLookupMode,
    openOptions: openOptionsPageFromClick,
  };
}
