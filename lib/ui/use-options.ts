/**
 * The options page's live state and actions: the settings in effect (with what a policy
 * locked) and the lookup log, kept current as they change anywhere (popup, background,
 * another options tab), and the actions the page offers.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { clearLocalData } from '../history/local-data';
import {
  clearLookupLog,
  type LookupLogEntry,
  readLookupLog,
  watchLookupLog,
} from '../history/lookup-log';
import { deriveLookupTarget } from '../privacy/lookup-target';
import {
  type DeprecationNotice,
  readDeprecationNotice,
  watchDeprecationNotice,
} from '../service/deprecation-notice';
import {
  type BaseUrlChoice,
  chooseServiceBaseUrl,
  resetServiceBaseUrl,
} from '../settings/service-base-url-choice';
import {
  type EffectiveSettings,
  type LookupMode,
  pauseSite,
  readSettings,
  resumeSite,
  updateSettings,
  watchSettings,
} from '../settings/settings';

export interface OptionsState {
  settings: EffectiveSettings | null;
  log: LookupLogEntry[];
  baseUrlChoice: BaseUrlChoice | null;
  pauseRefused: boolean;
  dataCleared: boolean;
  /** What the service said about retiring its route, if anything. */
  deprecation: DeprecationNotice | null;
  actions: OptionsActions;
}

export interface OptionsActions {
  setLookupMode(mode: LookupMode): void;
  setBadgeVisible(visible: boolean): void;
  saveBaseUrl(raw: string): void;
  resetBaseUrl(): void;
  pause(address: string): void;
  resume(origin: string): void;
  clearData(): void;
  clearLog(): void;
}

export function useOptions(onError: (error: unknown) => void): OptionsState {
  const [settings, setSettings] = useState<EffectiveSettings | null>(null);
  const [log, setLog] = useState<LookupLogEntry[]>([]);
  const [baseUrlChoice, setBaseUrlChoice] = useState<BaseUrlChoice | null>(null);
  const [pauseRefused, setPauseRefused] = useState(false);
  const [dataCleared, setDataCleared] = useState(false);
  const [deprecation, setDeprecation] = useState<DeprecationNotice | null>(null);

  useEffect(() => {
    readSettings().then(setSettings, onError);
    readLookupLog().then(setLog, onError);
    readDeprecationNotice().then(setDeprecation, onError);
    const stopSettings = watchSettings(setSettings);
    const stopLog = watchLookupLog(setLog);
    const stopDeprecation = watchDeprecationNotice(setDeprecation);
    return () => {
      stopSettings();
      stopLog();
      stopDeprecation();
    };
  }, [onError]);

  const run = useCallback(
    <T>(work: Promise<T>, then?: (result: T) => void) => {
      work.then(then, onError);
    },
    [onError],
  );

  const actions: OptionsActions = {
    setLookupMode: (mode) =>
      run(updateSettings(() => ({ lookupMode: mode, lookupModeChosen: true }))),
    setBadgeVisible: (visible) => run(updateSettings(() => ({ badgeVisible: visible }))),
    saveBaseUrl: (raw) => run(chooseServiceBaseUrl(raw), setBaseUrlChoice),
    resetBaseUrl: () => run(resetServiceBaseUrl(), setBaseUrlChoice),
    pause(address) {
      // A bare host name is taken as an https site.
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(address.trim())
        ? address.trim()
        : `https://${address.trim()}`;
      const target = deriveLookupTarget(withScheme);
      setPauseRefused(target.kind === 'refused');
      if (target.kind === 'target') run(pauseSite(target.origin));
    },
    resume: (origin) => run(resumeSite(origin)),
    clearData() {
      setDataCleared(false);
      run(clearLocalData(), () => setDataCleared(true));
    },
    clearLog: () => run(clearLookupLog()),
  };

  return { settings, log, baseUrlChoice, pauseRefused, dataCleared, deprecation, actions };
}
