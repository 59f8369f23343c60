/**
 * Everything the popup offers besides the tab's view: the consent question, pausing the site,
 * copying the fix list, and the score's change since the previous scan. The popup, the side
 * panel and the site report window share it; components receive it as plain values and
 * callbacks.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ScanReport } from '../contract/report-schema';
import { createScoreHistory, type ScoreChange, scoreChangeFor } from '../history/score-history';
import { configuredServiceBaseUrl } from '../service/service-base-url';
import { pauseSite, resumeSite, type UserSettings, updateSettings } from '../settings/settings';
import type { TabView } from '../tabs/tab-view';
import { copyText } from './clipboard';
import { fixListMarkdown } from './fix-list';
import { useSettings } from './use-settings';

export interface PopupControls {
  /** Null until read. */
  settings: UserSettings | null;
  /** The host of the report service lookups go to, for the consent notice. */
  serviceHost: string;
  /** The origin the view is about, when known: what Pause and Resume act on. */
  site: string | null;
  /** Change of the shown report's score since the previous scan, when there is one. */
  scoreChange: ScoreChange | null;
  /** Copies the report's fix list as Markdown; resolves to whether the clipboard took it. */
  copyFixList(report: ScanReport): Promise<boolean>;
  pauseSite(site: string): void;
  resumeSite(site: string): void;
  /** The answer to the consent question: automatic lookups, or only on opening the popup. */
  chooseLookupMode(automatic: boolean): void;
}

const history = createScoreHistory({ now: Date.now });

/**
 * The origin a view is about. A paused site is not looked up, so its view names no target:
 * `pausedSite`, the page's own origin, stands in. Other sites that were not looked up (local,
 * private, not http) have nothing to pause.
 */
export function siteOfView(view: TabView | null, pausedSite: string | null): string | null {
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

/** `pageSite` is the origin of the page the popup is about, when known (see siteOfView). */
export function usePopupControls(view: TabView | null, pageSite: string | null): PopupControls {
  const settings = useSettings();
  const site = siteOfView(view, pageSite);
  const serviceHost = hostOf(settings?.serviceBaseUrl ?? configuredServiceBaseUrl());
  const report = view?.status === 'report' ? view.report : null;
  const [scoreChange, setScoreChange] = useState<ScoreChange | null>(null);

  useEffect(() => {
    setScoreChange(null);
    if (site === null || report === null) return;
    let current = true;
    history.scansOf(site).then((scans) => {
      if (current) setScoreChange(scoreChangeFor(scans, report));
    });
    return () => {
      current = false;
    };
  }, [site, report]);

  const copyFixList = useCallback((shown: ScanReport) => copyText(fixListMarkdown(shown)), []);
  const chooseLookupMode = useCallback((automatic: boolean) => {
    updateSettings(() =>
      automatic ? { lookupMode: 'automatic', lookupModeChosen: true } : { lookupModeChosen: true },
    );
  }, []);
  const pause = useCallback((origin: string) => void pauseSite(origin), []);
  const resume = useCallback((origin: string) => void resumeSite(origin), []);

  return {
    settings,
    serviceHost,
    site,
    scoreChange,
    copyFixList,
    pauseSite: pause,
    resumeSite: resume,
    chooseLookupMode,
  };
}
