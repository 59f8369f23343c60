/**
 * The options page's live state and actions: the settings in effect (with what a policy
 * locked), the lookup log and the service's deprecation notice, kept current as they change
 * anywhere, and the backup section: a backup made from the records as stored, and a chosen
 * file's preview and import, planned here; the worker checks and writes the records it gets.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { buildBackup } from '../../lib/backup/backup-export';
import type { Backup, BackupChoices, BackupProblem } from '../../lib/backup/backup-format';
import type { ImportMode, ImportPreview } from '../../lib/backup/import-changes';
import { planImport, previewImport } from '../../lib/backup/import-plan';
import { fingerprintOf, readKeptData } from '../../lib/backup/kept-data';
import { readBackupFile } from '../../lib/backup/read-backup';
import { readCheckAccess, watchCheckAccess } from '../../lib/checks/check-access';
import { hostPermissionFor } from '../../lib/contract/service-base-url';
import { type LookupLogEntry, readLookupLog, watchLookupLog } from '../../lib/history/lookup-log';
import type { ImportResult } from '../../lib/backup/backup-intents';
import { sendToWorker } from '../../lib/messaging/protocol';
import { downloadText } from '../../lib/page/page-actions';
import { askForHosts, watchPermissions } from '../../lib/page/permissions';
import { pausedDomainOfAddress } from '../../lib/privacy/paused-domains';
import {
  type DeprecationNotice,
  readDeprecationNotice,
  watchDeprecationNotice,
} from '../../lib/service/deprecation-notice';
import {
  type BaseUrlChoice,
  chooseServiceBaseUrl,
  resetServiceBaseUrl,
  type ServiceAccess,
  serviceAccessFor,
} from '../../lib/settings/service-base-url-choice';
import {
  type BadgeMode,
  type EffectiveSettings,
  type LookupMode,
  type OldReportDays,
  readSettings,
  serviceBaseUrlOf,
  watchSettings,
} from '../../lib/settings/settings';
import { exportFileName } from '../../lib/sites/site-export';
import { readRecord } from '../../lib/storage/record';

const saveBaseUrl = (baseUrl: string | null) => sendToWorker('setServiceBaseUrl', { baseUrl });

/** The backup section's state: a chosen file's preview or refusal, and an applied import. */
export interface BackupState {
  preview: ImportPreview | null;
  /** `changed`: the records kept changing while the import was applied. */
  problem: BackupProblem | 'changed' | null;
  applied: boolean;
}

const NO_BACKUP: BackupState = { preview: null, problem: null, applied: false };

/** What a backup holds and an import changes: everything the user keeps, as stored. */
const readKept = () => readKeptData(readRecord);

/** Times an import is planned again because the records changed while it was applied. */
const PLANS = 3;

/** Asks for a host in the click itself, the only moment a browser asks the user. */
const requestHost = (baseUrl: string) => askForHosts([hostPermissionFor(baseUrl)]);

export type OptionsActions = ReturnType<typeof useOptions>['actions'];

export function useOptions(onError: (error: unknown) => void) {
  const [settings, setSettings] = useState<EffectiveSettings | null>(null);
  const [log, setLog] = useState<LookupLogEntry[]>([]);
  const [baseUrlChoice, setBaseUrlChoice] = useState<BaseUrlChoice | null>(null);
  const [pauseRefused, setPauseRefused] = useState(false);
  const [dataCleared, setDataCleared] = useState(false);
  const [deprecation, setDeprecation] = useState<DeprecationNotice | null>(null);
  const [backup, setBackup] = useState(NO_BACKUP);
  /** Whether the browser lets the extension reach the service in effect; null until known. */
  const [serviceAccess, setServiceAccess] = useState<ServiceAccess | null>(null);
  /** The host access Check now asked for, still held. */
  const [checkAccess, setCheckAccess] = useState<string[]>([]);
  // The chosen file, as read and checked.
  const chosen = useRef<Backup | null>(null);

  useEffect(() => {
    readSettings().then(setSettings, onError);
    readLookupLog().then(setLog, onError);
    readDeprecationNotice().then(setDeprecation, onError);
    readCheckAccess().then(setCheckAccess, onError);
    const stops = [
      watchSettings(setSettings),
      watchLookupLog(setLog),
      watchDeprecationNotice(setDeprecation),
      watchCheckAccess(setCheckAccess),
    ];
    return () => {
      for (const stop of stops) stop();
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
    const stop = watchPermissions(check);
    return () => {
      current = false;
      stop();
    };
  }, [baseUrl, onError]);

  const run = <T>(work: Promise<T>, then?: (result: T) => void) => {
    work.then(then, onError);
  };
  const showBackup = (state: Partial<BackupState>) => setBackup({ ...NO_BACKUP, ...state });

  const actions = {
    setLookupMode: (mode: LookupMode) => run(sendToWorker('setLookupMode', { mode })),
    setBadgeMode: (mode: BadgeMode) => run(sendToWorker('setBadgeMode', { mode })),
    setOldReportDays: (days: OldReportDays) => run(sendToWorker('setOldReportDays', { days })),
    saveBaseUrl: (raw: string) => run(chooseServiceBaseUrl(raw, saveBaseUrl), setBaseUrlChoice),
    resetBaseUrl: () => run(resetServiceBaseUrl(saveBaseUrl), setBaseUrlChoice),
    /** Asks for the host permission of the service in effect; the permission events answer. */
    allowServiceAccess() {
      if (baseUrl !== null) run(requestHost(baseUrl));
    },
    pause(address: string) {
      const domain = pausedDomainOfAddress(address);
      setPauseRefused(domain === null);
      if (domain !== null) run(sendToWorker('pauseSite', { domain }));
    },
    /** Removes one of the user's paused domains. */
    resume: (domain: string) => run(sendToWorker('resumeDomain', { domain })),
    clearData() {
      setDataCleared(false);
      run(sendToWorker('clearLocalData', {}), () => setDataCleared(true));
    },
    clearLog: () => run(sendToWorker('clearLookupLog', {})),
    /** Takes back one site's access that Check now asked for, or all of it (null). */
    removeCheckAccess: (permission: string | null) =>
      run(sendToWorker('removeCheckAccess', { permission })),
    exportBackup(choices: BackupChoices) {
      run(readKept(), (data) => {
        const now = Date.now();
        const text = JSON.stringify(buildBackup(data, { ...choices, now }), null, 2);
        downloadText(exportFileName('badge-backup', 'json', now), 'application/json', text);
      });
    },
    chooseBackupFile(text: string) {
      chosen.current = null;
      const reading = readBackupFile(text);
      if (!reading.ok) return showBackup({ problem: reading.problem });
      run(readKept(), (current) => {
        chosen.current = reading.backup;
        showBackup({ preview: previewImport(current, reading.backup) });
      });
    },
    /** `switchService`: the user chose the file's report service in the preview. */
    applyBackup(mode: ImportMode, { switchService }: { switchService: boolean }) {
      const file = chosen.current;
      if (file === null) return;
      const wanted = file.settings.serviceBaseUrl;
      // Asked in the click, the only moment a browser asks the user.
      const asked =
        switchService && wanted !== null && wanted !== settings?.serviceBaseUrl
          ? requestHost(wanted).catch(() => false)
          : Promise.resolve(true);
      // Planned against the records as stored now; planned again if they change meanwhile.
      const apply = async (plans: number): Promise<ImportResult> => {
        const current = await readKept();
        const { next } = planImport(current, file, { mode });
        const result = await sendToWorker('importBackup', {
          ...next,
          plannedOn: fingerprintOf(current),
          switchService,
        });
        const again = !result.ok && result.problem === 'changed' && plans > 1;
        return again ? apply(plans - 1) : result;
      };
      run(
        asked.then(() => apply(PLANS)),
        (result) => {
          chosen.current = null;
          showBackup(result.ok ? { applied: true } : { problem: result.problem });
        },
      );
    },
    cancelBackup() {
      chosen.current = null;
      showBackup({});
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
    checkAccess,
    backup,
    actions,
  };
}
