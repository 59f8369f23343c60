import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import { t } from '../../lib/locale/i18n';
import { tellWorker } from '../../lib/messaging/protocol';
import { type EffectiveSettings, serviceBaseUrlOf } from '../../lib/settings/settings';
import { BackupSection } from './BackupSection';
import { CheckAccessSection } from './CheckAccessSection';
import { ChoiceSection, OLD_REPORT_WORDS } from './ChoiceSection';
import { LookupLogSection } from './LookupLogSection';
import { PausedSitesSection } from './PausedSitesSection';
import { ServiceSection } from './ServiceSection';
import { useBackup } from './use-backup';
import { useClearData } from './use-options';

/** The options page: every choice about what is sent, and the record of what was. */
export function OptionsView({ settings }: { settings: EffectiveSettings }) {
  const { locked } = settings;
  const defaultBaseUrl = configuredServiceBaseUrl();
  const backup = useBackup(settings.serviceBaseUrl);
  const data = useClearData();
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
        pausedDomains={settings.pausedDomains}
        lockedDomains={locked.pausedDomains}
      />
      <ServiceSection
        baseUrl={serviceBaseUrlOf(settings)}
        defaultBaseUrl={defaultBaseUrl}
        locked={locked.serviceBaseUrl}
      />
      <BackupSection defaultBaseUrl={defaultBaseUrl} {...backup} />
      <CheckAccessSection />
      <section aria-labelledby="data-heading">
        <h2 id="data-heading">{t('optionsDataHeading')}</h2>
        <p class="hint">{t('optionsDataExplain')}</p>
        <button type="button" onClick={data.onClear}>
          {t('optionsDataClear')}
        </button>
        {data.cleared && <p role="status">{t('optionsDataCleared')}</p>}
      </section>
      <LookupLogSection />
    </main>
  );
}
