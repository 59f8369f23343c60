import { t } from '../../lib/locale/i18n';

export interface BadgeSectionProps {
  visible: boolean;
  onChange(visible: boolean): void;
}

export function BadgeSection({ visible, onChange }: BadgeSectionProps) {
  return (
    <section aria-labelledby="badge-heading">
      <h2 id="badge-heading">{t('optionsBadgeHeading')}</h2>
      <label class="choice">
        <input
          type="checkbox"
          checked={visible}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        {t('optionsBadgeVisible')}
      </label>
      <p class="hint">{t('optionsBadgeExplain')}</p>
    </section>
  );
}
