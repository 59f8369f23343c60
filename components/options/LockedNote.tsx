import { t } from '../../lib/locale/i18n';

/** Says a setting is fixed by the organisation's policy. */
export function LockedNote() {
  return <p class="locked">{t('optionsLockedByPolicy')}</p>;
}
