import type { LookupLogEntry } from '../../lib/history/lookup-log';
import { t } from '../../lib/locale/i18n';
import type { DeprecationNotice } from '../../lib/service/deprecation-notice';
import type { BaseUrlChoice, ServiceAccess } from '../../lib/settings/service-base-url-choice';
import type { EffectiveSettings } from '../../lib/settings/settings';
import type { BackupState, OptionsActions } from '../../lib/ui/use-options';
import { BackupSection } from './BackupSection';
import { BadgeSection } from './BadgeSection';
import { LocalDataSection } from './LocalDataSection';
import { LookupLogSection } from './LookupLogSection';
import { LookupModeSection } from './LookupModeSection';
import { PausedSitesSection } from './PausedSitesSection';
import { ServiceSection } from './ServiceSection';

export interface OptionsViewProps {
  settings: EffectiveSettings;
  defaultBaseUrl: string;
  log: readonly LookupLogEntry[];
  baseUrlChoice: BaseUrlChoice | null;
  pauseRefused: boolean;
  dataCleared: boolean;
  /** What the service said about retiring its route; shown in the service section. */
  deprecation?: DeprecationNotice | null;
  /** Whether the extension may reach the service in effect; null until known. */
  serviceAccess?: ServiceAccess | null;
  backup?: BackupState;
  actions: OptionsActions;
}

const NO_BACKUP: BackupState = { preview: null, problem: null, applied: false };

/** The options page: every choice about what is sent, and the record of what was. */
export function OptionsView(props: OptionsViewProps) {
  const { settings, actions } = props;
  return (
    <main class="options">
      <h1>{t('optionsTitle')}</h1>
      <p>
        <a href="/sites.html" target="_blank" rel="noopener">
          {t('optionsAllSites')}
        </a>
      </p>
      <LookupModeSection
        mode={settings.lookupMode}
        chosen={settings.lookupModeChosen}
        locked={settings.locked.lookupMode}
        onChange={actions.setLookupMode}
      />
      <BadgeSection
        mode={settings.badgeMode}
        locked={settings.locked.badgeMode}
        onChange={actions.setBadgeMode}
      />
      <PausedSitesSection
        domains={settings.pausedDomains.filter(
          (domain) => !settings.locked.pausedDomains.includes(domain),
        )}
        lockedDomains={settings.locked.pausedDomains}
        refused={props.pauseRefused}
        onPause={actions.pause}
        onResume={actions.resume}
      />
      <ServiceSection
        baseUrl={settings.serviceBaseUrl ?? props.defaultBaseUrl}
        defaultBaseUrl={props.defaultBaseUrl}
        locked={settings.locked.serviceBaseUrl}
        choice={props.baseUrlChoice}
        onSave={actions.saveBaseUrl}
        onReset={actions.resetBaseUrl}
        deprecation={props.deprecation ?? null}
        access={props.serviceAccess ?? null}
        onAllowAccess={actions.allowServiceAccess}
      />
      <BackupSection
        {...(props.backup ?? NO_BACKUP)}
        defaultBaseUrl={props.defaultBaseUrl}
        onExport={actions.exportBackup}
        onChooseFile={actions.chooseBackupFile}
        onApply={actions.applyBackup}
        onCancel={actions.cancelBackup}
      />
      <LocalDataSection cleared={props.dataCleared} onClear={actions.clearData} />
      <LookupLogSection entries={props.log} onClear={actions.clearLog} />
    </main>
  );
}
