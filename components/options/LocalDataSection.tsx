import { t } from '../../lib/locale/i18n';

export interface LocalDataSectionProps {
  cleared: boolean;
  onClear(): void;
}

export function LocalDataSection({ cleared, onClear }: LocalDataSectionProps) {
  return (
    <section aria-labelledby="data-heading">
      <h2 id="data-heading">{t('optionsDataHeading')}</h2>
      <p class="hint">{t('optionsDataExplain')}</p>
      <button type="button" onClick={onClear}>
        {t('optionsDataClear')}
      </button>
      {cleared && <p role="status">{t('optionsDataCleared')}</p>}
    </section>
  );
}
