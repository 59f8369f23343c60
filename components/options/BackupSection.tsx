import { useState } from 'preact/hooks';
import {
  BACKUP_READ_LIMIT_BYTES,
  type BackupChoices,
  type BackupProblem,
} from '../../lib/backup/backup-format';
import type {
  ImportChange,
  ImportMode,
  ImportPreview,
  LookupChoice,
} from '../../lib/backup/import-changes';
import { type MessageKey, t } from '../../lib/locale/i18n';
import { tCount } from '../../lib/locale/locale-format';
import type { BadgeMode } from '../../lib/settings/settings';
import { RadioChoice } from './RadioChoice';

export interface BackupSectionProps {
  /** What importing the chosen file changes, each way; null while no file is chosen. */
  preview: ImportPreview | null;
  /** Why the chosen file cannot be imported; null when it can, or none was chosen. */
  problem: BackupProblem | null;
  /** The last import was applied. */
  applied: boolean;
  /** The base URL this build was made for, named where the file changes the service. */
  defaultBaseUrl: string;
  onExport(choices: BackupChoices): void;
  /** The chosen file's text (never more of it than it takes to tell it is too large). */
  onChooseFile(text: string): void;
  onApply(mode: ImportMode): void;
  onCancel(): void;
}

const PROBLEM_TEXT: Record<BackupProblem, MessageKey> = {
  'too-large': 'optionsBackupTooLarge',
  'not-json': 'optionsBackupNotJson',
  'wrong-file': 'optionsBackupWrongFile',
  'newer-version': 'optionsBackupNewerVersion',
  malformed: 'optionsBackupMalformed',
};

const LOOKUP_CHOICE_TEXT: Record<LookupChoice, MessageKey> = {
  automatic: 'optionsBackupLookupsAutomatic',
  'on-click': 'optionsBackupLookupsOnClick',
  unanswered: 'optionsBackupLookupsUnanswered',
};

const BADGE_MODE_TEXT: Record<BadgeMode, MessageKey> = {
  all: 'optionsBackupBadgeAll',
  scores: 'optionsBackupBadgeScores',
  off: 'optionsBackupBadgeOff',
};
const badgeText = (mode: BadgeMode) => t(BADGE_MODE_TEXT[mode]);

/** One change in words, and the sites it concerns when it names any. */
function changeText(
  change: ImportChange,
  defaultBaseUrl: string,
): { text: string; sites: readonly string[] } {
  const none: readonly string[] = [];
  const service = (url: string | null) => url ?? t('optionsBackupServiceDefault', defaultBaseUrl);
  switch (change.kind) {
    case 'lookup-mode':
      return {
        text: t('optionsBackupChangeLookups', [
          t(LOOKUP_CHOICE_TEXT[change.from]),
          t(LOOKUP_CHOICE_TEXT[change.to]),
        ]),
        sites: none,
      };
    case 'badge':
      return {
        text: t('optionsBackupChangeBadge', [badgeText(change.from), badgeText(change.to)]),
        sites: none,
      };
    case 'service-base-url':
      return {
        text: t('optionsBackupChangeService', [service(change.from), service(change.to)]),
        sites: none,
      };
    case 'paused-sites-added':
      return { text: tCount('optionsBackupPausedAdded', change.sites.length), sites: change.sites };
    case 'paused-sites-removed':
      return {
        text: tCount('optionsBackupPausedRemoved', change.sites.length),
        sites: change.sites,
      };
    case 'watched-sites-added':
      return {
        text: tCount('optionsBackupWatchedAdded', change.sites.length),
        sites: change.sites,
      };
    case 'watched-sites-removed':
      return {
        text: tCount('optionsBackupWatchedRemoved', change.sites.length),
        sites: change.sites,
      };
    case 'watched-sites-left-out':
      return {
        text: tCount('optionsBackupWatchedLeftOut', change.sites.length, String(change.limit)),
        sites: change.sites,
      };
    case 'score-history-replaced':
      return { text: tCount('optionsBackupHistoryReplaced', change.sites), sites: none };
    case 'score-history-merged':
      return { text: tCount('optionsBackupHistoryMerged', change.scans), sites: none };
    case 'lookup-log-replaced':
      return { text: tCount('optionsBackupLogReplaced', change.entries), sites: none };
    case 'lookup-log-merged':
      return { text: tCount('optionsBackupLogMerged', change.entries), sites: none };
  }
}

function ChangeList({
  changes,
  defaultBaseUrl,
}: {
  changes: readonly ImportChange[];
  defaultBaseUrl: string;
}) {
  if (changes.length === 0) return <p>{t('optionsBackupNoChange')}</p>;
  return (
    <ul class="backup-changes">
      {changes.map((change) => {
        const { text, sites } = changeText(change, defaultBaseUrl);
        return (
          <li key={change.kind}>
            {text}
            {sites.length > 0 && (
              <ul class="backup-sites">
                {sites.map((site) => (
                  <li key={site} class="site">
                    {site}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Export and import of what the user keeps. The page makes the file and the preview; this
 * section only shows them and passes the user's choices up.
 */
export function BackupSection(props: BackupSectionProps) {
  const { preview, problem, applied, defaultBaseUrl } = props;
  const [includeHistory, setIncludeHistory] = useState(false);
  const [includeLog, setIncludeLog] = useState(false);
  const [mode, setMode] = useState<ImportMode>('merge');
  const [unreadable, setUnreadable] = useState(false);

  const chooseFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Emptied, so that choosing the same file again (after Cancel) is a change too.
    input.value = '';
    if (file === undefined) return;
    setUnreadable(false);
    setMode('merge');
    file
      .slice(0, BACKUP_READ_LIMIT_BYTES)
      .text()
      .then(props.onChooseFile, () => setUnreadable(true));
  };

  const modeOption = (value: ImportMode, label: string) => (
    <RadioChoice
      name="backup-import-mode"
      value={value}
      checked={mode === value}
      onChoose={(chosen) => setMode(chosen)}
    >
      {label}
    </RadioChoice>
  );

  return (
    <section aria-labelledby="backup-heading" class="backup">
      <h2 id="backup-heading">{t('optionsBackupHeading')}</h2>
      <p class="hint">{t('optionsBackupExplain')}</p>

      <h3 id="backup-export-heading">{t('optionsBackupExportHeading')}</h3>
      <div class="backup-export">
        <label class="choice">
          <input
            type="checkbox"
            checked={includeHistory}
            onChange={(event) => setIncludeHistory(event.currentTarget.checked)}
          />
          {t('optionsBackupIncludeHistory')}
        </label>
        <label class="choice">
          <input
            type="checkbox"
            checked={includeLog}
            onChange={(event) => setIncludeLog(event.currentTarget.checked)}
          />
          {t('optionsBackupIncludeLog')}
        </label>
        <button type="button" onClick={() => props.onExport({ includeHistory, includeLog })}>
          {t('optionsBackupExport')}
        </button>
      </div>

      <h3 id="backup-import-heading">{t('optionsBackupImportHeading')}</h3>
      <p class="hint">{t('optionsBackupImportExplain')}</p>
      <label class="backup-file">
        {t('optionsBackupFileLabel')}
        <input
          type="file"
          accept=".json,application/json"
          onChange={(event) => chooseFile(event.currentTarget)}
        />
      </label>
      {unreadable && <p role="alert">{t('optionsBackupUnreadable')}</p>}
      {!unreadable && problem !== null && <p role="alert">{t(PROBLEM_TEXT[problem])}</p>}
      {preview !== null && (
        <section class="backup-preview" aria-labelledby="backup-preview-heading">
          <h4 id="backup-preview-heading">{t('optionsBackupPreviewHeading')}</h4>
          <fieldset>
            <legend>{t('optionsBackupModeLegend')}</legend>
            {modeOption('merge', t('optionsBackupModeMerge'))}
            {modeOption('replace', t('optionsBackupModeReplace'))}
          </fieldset>
          <ChangeList changes={preview[mode]} defaultBaseUrl={defaultBaseUrl} />
          <div class="backup-actions">
            <button type="button" onClick={() => props.onApply(mode)}>
              {t('optionsBackupApply')}
            </button>
            <button type="button" onClick={props.onCancel}>
              {t('optionsBackupCancel')}
            </button>
          </div>
        </section>
      )}
      {applied && <p role="status">{t('optionsBackupApplied')}</p>}
    </section>
  );
}
