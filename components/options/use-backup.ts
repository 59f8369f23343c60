import { useRef, useState } from 'preact/hooks';
import { buildBackup, readBackupFile } from '../../lib/backup/backup-file';
import {
  type Backup,
  type BackupChoices,
  type BackupProblem,
  fingerprintOf,
  type ImportMode,
  type ImportPreview,
  readKeptData,
} from '../../lib/backup/backup-format';
import type { ImportResult } from '../../lib/backup/backup-intents';
import { planImport, previewImport } from '../../lib/backup/import-plan';
import { hostPermissionFor } from '../../lib/contract/service-base-url';
import { sendToWorker } from '../../lib/messaging/protocol';
import { downloadText, logError } from '../../lib/page/page-actions';
import { askForHosts } from '../../lib/page/permissions';
import { exportFileName } from '../../lib/sites/site-export';
import { readItems, readRecord } from '../../lib/storage/record';

/** A chosen file's preview or refusal, and an applied import. */
interface BackupState {
  preview: ImportPreview | null;
  /** `changed`: the records kept changing while the import was applied. */
  problem: BackupProblem | 'changed' | null;
  applied: boolean;
}

const NO_BACKUP: BackupState = { preview: null, problem: null, applied: false };

const readKept = () => readKeptData({ read: readRecord, readItems });

/** Times an import is planned again because the records changed while it was applied. */
const PLANS = 3;

/** The backup section's (lib/backup/README.md); `userBaseUrl`: the user's own service. */
export function useBackup(userBaseUrl: string | null) {
  const [state, setState] = useState(NO_BACKUP);
  const chosen = useRef<Backup | null>(null);
  const show = (next: Partial<BackupState>) => setState({ ...NO_BACKUP, ...next });

  return {
    ...state,
    onExport(choices: BackupChoices) {
      readKept().then((data) => {
        const now = Date.now();
        const text = JSON.stringify(buildBackup(data, { ...choices, now }), null, 2);
        downloadText(exportFileName('badge-backup', 'json', now), 'application/json', text);
      }, logError);
    },
    onChooseFile(text: string) {
      chosen.current = null;
      const reading = readBackupFile(text);
      if (!reading.ok) return show({ problem: reading.problem });
      readKept().then((current) => {
        chosen.current = reading.backup;
        show({ preview: previewImport(current, reading.backup) });
      }, logError);
    },
    onApply(mode: ImportMode, { switchService }: { switchService: boolean }) {
      const file = chosen.current;
      if (file === null) return;
      const wanted = file.settings.serviceBaseUrl;
      // Asked in the click, the only moment a browser asks the user.
      const asked =
        switchService && wanted !== null && wanted !== userBaseUrl
          ? askForHosts([hostPermissionFor(wanted)])
          : Promise.resolve(true);
      // Planned against the records as stored now; planned again if they change meanwhile.
      const apply = async (plans: number): Promise<ImportResult> => {
        const current = await readKept();
        const { next } = planImport(current, file, { mode });
        const plannedOn = fingerprintOf(current);
        const result = await sendToWorker('importBackup', { ...next, plannedOn, switchService });
        const again = !result.ok && result.problem === 'changed' && plans > 1;
        return again ? apply(plans - 1) : result;
      };
      asked
        .then(() => apply(PLANS))
        .then((result) => {
          chosen.current = null;
          show(result.ok ? { applied: true } : { problem: result.problem });
        }, logError);
    },
    onCancel() {
      chosen.current = null;
      show({});
    },
  };
}
