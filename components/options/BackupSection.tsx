import { useState } from 'preact/hooks';
import {
  BACKUP_READ_LIMIT_BYTES,
  type BackupChoices,
  type BackupProblem,
  type ImportChange,
  type ImportMode,
  type LookupChoice,
} from '../../lib/backup/backup-format';
import { type MessageKey, t } from '../../lib/locale/i18n';
import { tCount } from '../../lib/locale/locale-format';
import type { BadgeMode } from '../../lib/settings/settings';
import { OLD_REPORT_WORDS, RadioGroup } from './ChoiceSection';
import type { useBackup } from './use-backup';

export type BackupSectionProps = ReturnType<typeof useBackup> & { defaultBaseUrl: string };

const PROBLEM_TEXT: Record<BackupProblem | 'changed', MessageKey> = {
  changed: 'optionsBackupChanged',
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

type Service = (url: string | null) => string;

/** Each change in words; `service` names a base URL, null as the build's own. */
const CHANGE_TEXT: {
  [K in ImportChange['kind']]: (
    change: Extract<ImportChange, { kind: K }>,
    service: Service,
  ) => string;
} = {
  'lookup-mode': ({ from, to }) =>
    t('optionsBackupChangeLookups', [t(LOOKUP_CHOICE_TEXT[from]), t(LOOKUP_CHOICE_TEXT[to])]),
  badge: ({ from, to }) =>
    t('optionsBackupChangeBadge', [t(BADGE_MODE_TEXT[from]), t(BADGE_MODE_TEXT[to])]),
  'old-reports': ({ from, to }) =>
    t('optionsBackupChangeOld', [t(OLD_REPORT_WORDS[from]), t(OLD_REPORT_WORDS[to])]),
  'service-base-url': ({ from, to }, service) =>
    t('optionsBackupChangeService', [service(from), service(to)]),
  'paused-sites-added': ({ sites }) => tCount('optionsBackupPausedAdded', sites.length),
  'paused-sites-removed': ({ sites }) => tCount('optionsBackupPausedRemoved', sites.length),
  'watched-sites-added': ({ sites }) => tCount('optionsBackupWatchedAdded', sites.length),
  'watched-sites-removed': ({ sites }) => tCount('optionsBackupWatchedRemoved', sites.length),
  'watched-sites-left-out': ({ sites, limit }) =>
    tCount('optionsBackupWatchedLeftOut', sites.length, String(limit)),
  'score-history-replaced': ({ sites }) => tCount('optionsBackupHistoryReplaced', sites),
  'score-history-merged': ({ scans }) => tCount('optionsBackupHistoryMerged', scans),
  'lookup-log-replaced': ({ entries }) => tCount('optionsBackupLogReplaced', entries),
  'lookup-log-merged': ({ entries }) => tCount('optionsBackupLogMerged', entries),
};

function ChangeList(props: { changes: readonly ImportChange[]; defaultBaseUrl: string }) {
  const { changes } = props;
  if (changes.length === 0) return <p>{t('optionsBackupNoChange')}</p>;
  const service: Service = (url) => url ?? t('optionsBackupServiceDefault', props.defaultBaseUrl);
  return (
    <ul class="backup-changes">
      {changes.map((change) => {
        const text = (CHANGE_TEXT[change.kind] as (c: ImportChange, s: Service) => string)(
          change,
          service,
        );
        const sites = 'sites' in change && Array.isArray(change.sites) ? change.sites : [];
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

/** Export and import of what the user keeps: the section shows the preview, use-backup.ts acts. */
export function BackupSection(props: BackupSectionProps) {
  const { preview, problem, applied, defaultBaseUrl } = props;
  const [choices, setChoices] = useState<BackupChoices>({
    includeHistory: false,
    includeLog: false,
  });
  const [mode, setMode] = useState<ImportMode>('merge');
  // Never switched without the user's own yes: access held for a check asks nothing.
  const [switchService, setSwitchService] = useState(false);
  const [unreadable, setUnreadable] = useState(false);

  const chooseFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Emptied, so that choosing the same file again (after Cancel) is a change too.
    input.value = '';
    if (file === undefined) return;
    setUnreadable(false);
    setMode('merge');
    setSwitchService(false);
    file
      .slice(0, BACKUP_READ_LIMIT_BYTES)
      .text()
      .then(props.onChooseFile, () => setUnreadable(true));
  };

  const serviceChange = preview?.[mode].find(
    (change): change is Extract<ImportChange, { kind: 'service-base-url' }> =>
      change.kind === 'service-base-url',
  );

  const include = (choice: keyof BackupChoices, label: MessageKey) => (
    <label class="choice">
      <input
        type="checkbox"
        checked={choices[choice]}
        onChange={(event) => setChoices({ ...choices, [choice]: event.currentTarget.checked })}
      />
      {t(label)}
    </label>
  );
  return (
    <section aria-labelledby="backup-heading" class="backup">
      <h2 id="backup-heading">{t('optionsBackupHeading')}</h2>
      <p class="hint">{t('optionsBackupExplain')}</p>

      <h3 id="backup-export-heading">{t('optionsBackupExportHeading')}</h3>
      <div class="backup-export">
        {include('includeHistory', 'optionsBackupIncludeHistory')}
        {include('includeLog', 'optionsBackupIncludeLog')}
        <button type="button" onClick={() => props.onExport(choices)}>
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
          <RadioGroup<ImportMode>
            name="backup-import-mode"
            legend="optionsBackupModeLegend"
            labels={{ merge: 'optionsBackupModeMerge', replace: 'optionsBackupModeReplace' }}
            value={mode}
            onChange={setMode}
          />
          <ChangeList changes={preview[mode]} defaultBaseUrl={defaultBaseUrl} />
          {serviceChange && (
            <label class="choice">
              <input
                type="checkbox"
                checked={switchService}
                onChange={(event) => setSwitchService(event.currentTarget.checked)}
              />
              {t('optionsBackupSwitchService', serviceChange.to ?? defaultBaseUrl)}
            </label>
          )}
          <div class="backup-actions">
            <button
              type="button"
              onClick={() =>
                props.onApply(mode, { switchService: serviceChange !== undefined && switchService })
              }
            >
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
