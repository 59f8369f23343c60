import { CHECK_ACCESS_RECORD } from '../../lib/checks/check-access';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import { LOOKUP_LOG_RECORD } from '../../lib/history/lookup-log';
import { t } from '../../lib/locale/i18n';
import { tellWorker } from '../../lib/messaging/protocol';
import { type EffectiveSettings, serviceBaseUrlOf } from '../../lib/settings/settings';
import { useRecord } from '../shared/use-record';
import { BackupSection } from './BackupSection';
import { CheckAccessSection } from './CheckAccessSection';
import { ChoiceSection, OLD_REPORT_WORDS } from './ChoiceSection';
import { LookupLogSection } from './LookupLogSection';
import { PausedSitesSection } from './PausedSitesSection';
import { ServiceSection } from './ServiceSection';
import { useBackup } from './use-backup';
import { useClearData, usePausedSites, useServiceChoice } from './use-options';

/** The options page: every choice about what is sent, and the record of what was. */
export function OptionsView({ settings }: { settings: EffectiveSettings }) {
  const { locked } = settings;
  const defaultBaseUrl = configuredServiceBaseUrl();
  const baseUrl = serviceBaseUrlOf(settings);
  const service = useServiceChoice(baseUrl);
  const backup = useBackup(settings.serviceBaseUrl);
  const paused = usePausedSites();
  const data = useClearData();
  const checkAccess = useRecord(CHECK_ACCESS_RECORD);
  const log = useRecord(LOOKUP_LOG_RECORD);
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
        locked={locked.lookupMode}
        hint="optionsModeExplain"
        onChange={(mode) => tellWorker('setLookupMode', { mode })}
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
        locked={locked.badgeMode}
        hint="optionsBadgeExplain"
        onChange={(mode) => tellWorker('setBadgeMode', { mode })}
      />
      <ChoiceSection
        id="old-reports"
        heading="optionsOldHeading"
        labels={OLD_REPORT_WORDS}
        value={settings.oldReportDays}
        locked={false}
        hint="optionsOldExplain"
        onChange={(days) => tellWorker('setOldReportDays', { days })}
      />
      <PausedSitesSection
        domains={settings.pausedDomains.filter((domain) => !locked.pausedDomains.includes(domain))}
        lockedDomains={locked.pausedDomains}
        {...paused}
      />
      <ServiceSection
        baseUrl={baseUrl}
        defaultBaseUrl={defaultBaseUrl}
        locked={locked.serviceBaseUrl}
        {...service}
      />
      <BackupSection defaultBaseUrl={defaultBaseUrl} {...backup} />
      <CheckAccessSection
        permissions={checkAccess ?? []}
        onRemove={(permission) => tellWorker('removeCheckAccess', { permission })}
      />
      <section aria-labelledby="data-heading">
        <h2 id="data-heading">{t('optionsDataHeading')}</h2>
        <p class="hint">{t('optionsDataExplain')}</p>
        <button type="button" onClick={data.onClear}>
          {t('optionsDataClear')}
        </button>
        {data.cleared && <p role="status">{t('optionsDataCleared')}</p>}
      </section>
      <LookupLogSection
        entries={[...(log?.entries ?? [])].reverse()}
        onClear={() => tellWorker('clearLookupLog', {})}
      />
    </main>
  );
}
