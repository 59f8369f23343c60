import { t } from '../../lib/locale/i18n';
import type { EffectiveSettings } from '../../lib/settings/settings';
import { BackupSection } from './BackupSection';
import { CheckAccessSection } from './CheckAccessSection';
import { ChoiceSection, OLD_REPORT_WORDS } from './ChoiceSection';
import { LookupLogSection } from './LookupLogSection';
import { PausedSitesSection } from './PausedSitesSection';
import { ServiceSection } from './ServiceSection';
import type { useOptions } from './use-options';

type OptionsViewProps = Omit<ReturnType<typeof useOptions>, 'settings'> & {
  settings: EffectiveSettings;
  defaultBaseUrl: string;
};

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
      <ChoiceSection
        id="lookups"
        heading="optionsLookupsHeading"
        labels={{ automatic: 'optionsModeAutomatic', 'on-click': 'optionsModeOnClick' }}
        value={settings.lookupModeChosen ? settings.lookupMode : null}
        locked={settings.locked.lookupMode}
        hint="optionsModeExplain"
        onChange={actions.setLookupMode}
      />
      <ChoiceSection
        id="badge"
        heading="optionsBadgeHeading"
        labels={{
          all: 'optionsBadgeModeAll',
          scores: 'optionsBadgeModeScores',
          off: 'optionsBadgeModeOff',
        }}
        value={settings.badgeMode}
        locked={settings.locked.badgeMode}
        hint="optionsBadgeExplain"
        onChange={actions.setBadgeMode}
      />
      <ChoiceSection
        id="old-reports"
        heading="optionsOldHeading"
        labels={OLD_REPORT_WORDS}
        value={settings.oldReportDays}
        locked={false}
        hint="optionsOldExplain"
        onChange={actions.setOldReportDays}
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
        deprecation={props.deprecation}
        access={props.serviceAccess}
        onAllowAccess={actions.allowServiceAccess}
      />
      <BackupSection
        {...props.backup}
        defaultBaseUrl={props.defaultBaseUrl}
        onExport={actions.exportBackup}
        onChooseFile={actions.chooseBackupFile}
        onApply={actions.applyBackup}
        onCancel={actions.cancelBackup}
      />
      <CheckAccessSection permissions={props.checkAccess} onRemove={actions.removeCheckAccess} />
      <section aria-labelledby="data-heading">
        <h2 id="data-heading">{t('optionsDataHeading')}</h2>
        <p class="hint">{t('optionsDataExplain')}</p>
        <button type="button" onClick={actions.clearData}>
          {t('optionsDataClear')}
        </button>
        {props.dataCleared && <p role="status">{t('optionsDataCleared')}</p>}
      </section>
      <LookupLogSection entries={props.log} onClear={actions.clearLog} />
    </main>
  );
}
