/**
 * The options page's live state and actions: the settings in effect (with what a policy
 * locked) and the lookup log, kept current as they change anywhere (popup, background,
 * another options tab), and the actions the page offers.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { backupFileName } from '../backup/backup-export';
import type { Backup, BackupChoices, BackupProblem } from '../backup/backup-format';
import type { ImportMode, ImportPreview } from '../backup/import-changes';
import { previewImport } from '../backup/import-plan';
import { readBackupFile } from '../backup/read-backup';
import { sendToWorker } from '../events/protocol';
import { type LookupLogEntry, readLookupLog, watchLookupLog } from '../history/lookup-log';
import { pausedDomainOfAddress } from '../privacy/paused-domains';
import {
  type DeprecationNotice,
  readDeprecationNotice,
  watchDeprecationNotice,
} from '../service/deprecation-notice';
import { hostPermissionFor } from '../service/service-base-url';
import {
  type BaseUrlChoice,
  chooseServiceBaseUrl,
  resetServiceBaseUrl,
  type ServiceAccess,
  serviceAccessFor,
} from '../settings/service-base-url-choice';
import {
  type BadgeMode,
  type EffectiveSettings,
  type LookupMode,
  readSettings,
  readUserSettings,
  serviceBaseUrlOf,
  watchSettings,
} from '../settings/settings';
import { readWatchList } from '../sites/watch-list';
import { readRecord } from '../storage/record-reads';
import { LOOKUP_LOG_RECORD, SCORE_HISTORY_RECORD } from '../storage/records';
import { downloadText } from './download';

const saveBaseUrl = (baseUrl: string | null) => sendToWorker('setServiceBaseUrl', { baseUrl });

export interface OptionsState {
  settings: EffectiveSettings | null;
  log: LookupLogEntry[];
  baseUrlChoice: BaseUrlChoice | null;
  pauseRefused: boolean;
  dataCleared: boolean;
  /** What the service said about retiring its route, if anything. */
  deprecation: DeprecationNotice | null;
  /** Whether the browser lets the extension reach the service in effect; null until known. */
  serviceAccess: ServiceAccess | null;
  backup: BackupState;
  actions: OptionsActions;
}

/** The backup section's state: a chosen file's preview or refusal, and an applied import. */
export interface BackupState {
  preview: ImportPreview | null;
  problem: BackupProblem | null;
  applied: boolean;
}

/** What an import would change is judged against everything the user keeps, as stored. */
async function readKeptData() {
  const [settings, watchList, scoreHistory, lookupLog] = await Promise.all([
    readUserSettings(),
    readWatchList(),
    readRecord(SCORE_HISTORY_RECORD),
    readRecord(LOOKUP_LOG_RECORD),
  ]);
  return { settings, watchList, scoreHistory, lookupLog };
}

export interface OptionsActions {
  setLookupMode(mode: LookupMode): void;
  setBadgeMode(mode: BadgeMode): void;
  saveBaseUrl(raw: string): void;
  resetBaseUrl(): void;
  /** Asks the browser for the host permission of the service in effect (from a click). */
  allowServiceAccess(): void;
  pause(address: string): void;
  /** Removes one of the user's paused domains. */
  resume(domain: string): void;
  clearData(): void;
  clearLog(): void;
  exportBackup(choices: BackupChoices): void;
  chooseBackupFile(text: string): void;
  applyBackup(mode: ImportMode): void;
  cancelBackup(): void;
}

export function useOptions(onError: (error: unknown) => void): OptionsState {
  const [settings, setSettings] = useState<EffectiveSettings | null>(null);
  const [log, setLog] = useState<LookupLogEntry[]>([]);
  const [baseUrlChoice, setBaseUrlChoice] = useState<BaseUrlChoice | null>(null);
  const [pauseRefused, setPauseRefused] = useState(false);
  const [dataCleared, setDataCleared] = useState(false);
  const [deprecation, setDeprecation] = useState<DeprecationNotice | null>(null);
  const [backup, setBackup] = useState<BackupState>({
    preview: null,
    problem: null,
    applied: false,
  });
  const [serviceAccess, setServiceAccess] = useState<ServiceAccess | null>(null);
  // The chosen file: its text goes to the worker, which reads it again itself.
  const chosen = useRef<{ text: string; backup: Backup } | null>(null);

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

  // Asked again whenever the service in effect or the extension's permissions change.
  const baseUrl = settings === null ? null : serviceBaseUrlOf(settings);
  useEffect(() => {
    if (baseUrl === null) return;
    let current = true;
    const check = () => {
      serviceAccessFor(baseUrl).then((access) => {
        if (current) setServiceAccess(access);
      }, onError);
    };
    check();
    browser.permissions.onAdded.addListener(check);
    browser.permissions.onRemoved.addListener(check);
    return () => {
      current = false;
      browser.permissions.onAdded.removeListener(check);
      browser.permissions.onRemoved.removeListener(check);
    };
  }, [baseUrl, onError]);

  const run = useCallback(
    <T>(work: Promise<T>, then?: (result: T) => void) => {
      work.then(then, onError);
    },
    [onError],
  );

  const actions: OptionsActions = {
    setLookupMode: (mode) => run(sendToWorker('setLookupMode', { mode })),
    setBadgeMode: (mode) => run(sendToWorker('setBadgeMode', { mode })),
    saveBaseUrl: (raw) => run(chooseServiceBaseUrl(raw, saveBaseUrl), setBaseUrlChoice),
    resetBaseUrl: () => run(resetServiceBaseUrl(saveBaseUrl), setBaseUrlChoice),
    allowServiceAccess() {
      if (baseUrl === null) return;
      // The permission events bring the new answer; asked in the click, as browsers require.
      run(browser.permissions.request({ origins: [hostPermissionFor(baseUrl)] }));
    },
    pause(address) {
      const domain = pausedDomainOfAddress(address);
      setPauseRefused(domain === null);
      if (domain !== null) run(sendToWorker('pauseSite', { domain }));
    },
    resume: (domain) => run(sendToWorker('resumeDomain', { domain })),
    clearData() {
      setDataCleared(false);
      run(sendToWorker('clearLocalData', {}), () => setDataCleared(true));
    },
    clearLog: () => run(sendToWorker('clearLookupLog', {})),
    exportBackup(choices) {
      run(sendToWorker('exportBackup', choices), (text) => {
        downloadText(backupFileName(Date.now()), 'application/json', text);
      });
    },
    chooseBackupFile(text) {
      chosen.current = null;
      const reading = readBackupFile(text);
      if (!reading.ok) {
        setBackup({ preview: null, problem: reading.problem, applied: false });
        return;
      }
      run(readKeptData(), (current) => {
        chosen.current = { text, backup: reading.backup };
        setBackup({
          preview: previewImport(current, reading.backup),
          problem: null,
          applied: false,
        });
      });
    },
    applyBackup(mode) {
      const file = chosen.current;
      if (file === null) return;
      // Asked in the click itself, the only moment a browser asks the user for a host; the
      // worker takes the file's service only if the permission is there.
      const baseUrl = file.backup.settings.serviceBaseUrl;
      const asked =
        baseUrl !== null && baseUrl !== settings?.serviceBaseUrl
          ? browser.permissions
              .request({ origins: [hostPermissionFor(baseUrl)] })
              .catch(() => false)
          : Promise.resolve(true);
      run(
        asked.then(() => sendToWorker('importBackup', { text: file.text, mode })),
        (result) => {
          chosen.current = null;
          setBackup(
            result.ok
              ? { preview: null, problem: null, applied: true }
              : { preview: null, problem: result.problem, applied: false },
          );
        },
      );
    },
    cancelBackup() {
      chosen.current = null;
      setBackup({ preview: null, problem: null, applied: false });
    },
  };

  return {
    settings,
    log,
    baseUrlChoice,
    pauseRefused,
    dataCleared,
    deprecation,
    serviceAccess,
    backup,
    actions,
  };
}
