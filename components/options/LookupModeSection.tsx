import { t } from '../../lib/locale/i18n';
import type { LookupMode } from '../../lib/settings/settings';
import { LockedNote } from './LockedNote';

export interface LookupModeSectionProps {
  mode: LookupMode;
  /** False until the user has answered: neither option is shown as chosen. */
  chosen: boolean;
  locked: boolean;
  onChange(mode: LookupMode): void;
}

export function LookupModeSection({ mode, chosen, locked, onChange }: LookupModeSectionProps) {
  const option = (value: LookupMode, label: string) => (
    <label class="choice">
      <input
        type="radio"
        name="lookup-mode"
        value={value}
        checked={chosen && mode === value}
        disabled={locked}
        onChange={() => onChange(value)}
      />
      {label}
    </label>
  );
  return (
    <section aria-labelledby="lookups-heading">
      <h2 id="lookups-heading">{t('optionsLookupsHeading')}</h2>
      <fieldset disabled={locked}>
        <legend class="visually-hidden">{t('optionsLookupsHeading')}</legend>
        {option('automatic', t('optionsModeAutomatic'))}
        {option('on-click', t('optionsModeOnClick'))}
      </fieldset>
      {locked && <LockedNote />}
      <p class="hint">{t('optionsModeExplain')}</p>
    </section>
  );
}
