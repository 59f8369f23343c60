/**
 * Everything the popup offers besides the tab's view: the consent question, pausing the site,
 * copying the fix list, and the score's change since the previous scan. The popup, the side
 * panel and the site report window share it; components receive it as plain values and
 * callbacks.
 *
 * What the first frame does not need is loaded after it: the score history (its change shows
 * a moment after the report), the fix list's Markdown (only on Copy) and the public suffix
 * rules (only when "Pause on this site" offers the whole domain). The popup's first render
 * thus ships none of them (docs/performance.md, "The speed machinery").
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ScanReport } from '../contract/report-schema';
import { sendToWorker } from '../events/protocol';
import type { CheckDiff } from '../history/check-diff';
import type { ScoreChange } from '../history/score-history';
import { hostOfSite } from '../privacy/paused-domains';
import { configuredServiceBaseUrl } from '../service/service-base-url';
import { type EffectiveSettings, serviceBaseUrlOf } from '../settings/settings';
import type { ShownView } from '../tabs/tab-view';
import { logError } from './log-error';
import { openOptionsPageFromClick } from './open-options';
import { type PauseChoice, type SitePause, sitePauseOf } from './site-pause';
import { useSettings } from './use-settings';

export interface PopupControls {
  /** Null until read. */
  settings: EffectiveSettings | null;
  /** The base URL of the report service lookups go to: links from its data are judged by it. */
  serviceBaseUrl: string;
  /** The host of the report service lookups go to, for the consent notice. */
  serviceHost: string;
  /** True when an administrator's policy chose the service lookups go to. */
  serviceSetByPolicy: boolean;
  /** The origin the view is about, when known: what Pause and Resume act on. */
  site: string | null;
  /** Change of the shown report's score since the previous scan, when there is one. */
  scoreChange: ScoreChange | null;
  /** How the checks changed since the previous scan with known checks; null until loaded. */
  checkDiff: CheckDiff | null;
  /** Copies the report's fix list as Markdown; resolves to whether the clipboard took it. */
  copyFixList(report: ScanReport): Promise<boolean>;
  /** Whether the site is paused and by whom, or the choice being made; null: no site. */
  sitePause: SitePause | null;
  /**
   * "Pause on this site": offers the site or its whole registrable domain, or pauses the site
   * at once where there is no wider domain to offer.
   */
  offerPause(): void;
  /** Pauses a domain: the site's host, or its registrable domain. */
  pauseDomain(domain: string): void;
  cancelPause(): void;
  /** Resumes the site: removes the user's paused domains that cover it. */
  resumeSite(site: string): void;
  /** The answer to the consent question: automatic lookups, or only on opening the popup. */
  chooseLookupMode(automatic: boolean): void;
  /** Opens the extension's options page (in a tab): the popup's "Settings", always shown. */
  openOptions(): void;
}

async function copyFixListOf(report: ScanReport, serviceBaseUrl: string): Promise<boolean> {
  const [{ copyText }, { fixListMarkdown }] = await Promise.all([
    import('./clipboard'),
    import('./fix-list'),
  ]);
  return copyText(fixListMarkdown(report, { serviceBaseUrl }));
}

/**
 * The origin a view is about. A paused site is not looked up, so its view names no target:
 * `pausedSite`, the page's own origin, stands in. Other sites that were not looked up (local,
 * private, not http) have nothing to pause.
 */
export function siteOfView(view: ShownView | null, pausedSite: string | null): string | null {
  if (view === null) return null;
  if (view.status === 'not-looked-up') return view.reason === 'paused' ? pausedSite : null;
  try {
    return new URL(view.target).origin;
  } catch {
    return null;
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The registrable domain to offer beside `host`, or null when there is none wider. */
async function widerDomainOf(host: string): Promise<string | null> {
  // Loaded only now: the public suffix rules are a large table the first frame does not need.
  const { registrableDomainOf } = await import('../privacy/registrable-domain');
  const domain = registrableDomainOf(host);
  return domain !== null && domain !== host ? domain : null;
}

/**
 * `pageSite` is the origin of the page the popup is about, when known (see siteOfView);
 * `initialSettings`, the settings when the page read them before its first render.
 */
export function usePopupControls(
  view: ShownView | null,
  pageSite: string | null,
  initialSettings?: EffectiveSettings,
): PopupControls {
  const settings = useSettings(initialSettings);
  const site = siteOfView(view, pageSite);
  const serviceBaseUrl =
    settings === null ? configuredServiceBaseUrl() : serviceBaseUrlOf(settings);
  const serviceHost = hostOf(serviceBaseUrl);
  const report = view?.status === 'report' ? view.report : null;
  const [scoreChange, setScoreChange] = useState<ScoreChange | null>(null);
  const [checkDiff, setCheckDiff] = useState<CheckDiff | null>(null);

  useEffect(() => {
    setScoreChange(null);
    setCheckDiff(null);
    if (site === null || report === null) return;
    let current = true;
    // Loaded after the first frame, which does not need it.
    Promise.all([import('../history/score-history'), import('../history/check-diff')])
      .then(([{ readScansOf, scoreChangeFor }, { checkDiffFor }]) =>
        readScansOf(site).then((scans) => ({
          change: scoreChangeFor(scans, report),
          diff: checkDiffFor(scans, report),
        })),
      )
      .then(({ change, diff }) => {
        if (!current) return;
        setScoreChange(change);
        setCheckDiff(diff);
      });
    return () => {
      current = false;
    };
  }, [site, report]);

  const chooseLookupMode = useCallback((automatic: boolean) => {
    const mode = automatic ? 'automatic' : 'on-click';
    sendToWorker('setLookupMode', { mode }).catch(logError);
  }, []);
  const [choice, setChoice] = useState<PauseChoice | null>(null);
  const pauseDomain = useCallback((domain: string) => {
    setChoice(null);
    sendToWorker('pauseSite', { domain }).catch(logError);
  }, []);
  const offerPause = useCallback(() => {
    const host = site === null ? null : hostOfSite(site);
    if (host === null) return;
    widerDomainOf(host).then((domain) => {
      if (domain === null) pauseDomain(host);
      else setChoice({ host, domain });
    }, logError);
  }, [site, pauseDomain]);
  const cancelPause = useCallback(() => setChoice(null), []);
  const resume = useCallback((origin: string) => {
    sendToWorker('resumeSite', { site: origin }).catch(logError);
  }, []);

  return {
    settings,
    serviceBaseUrl,
    serviceHost,
    serviceSetByPolicy: settings?.locked.serviceBaseUrl ?? false,
    site,
    sitePause: settings !== null && site !== null ? sitePauseOf(settings, site, choice) : null,
    scoreChange,
    checkDiff,
    copyFixList: (shown: ScanReport) => copyFixListOf(shown, serviceBaseUrl),
    offerPause,
    pauseDomain,
    cancelPause,
    resumeSite: resume,
    chooseLookupMode,
    openOptions: openOptionsPageFromClick,
  };
}
