import { type MessageKey, t } from '../../lib/locale/i18n';
import type { BadgeMode } from '../../lib/settings/settings';
import { LockedNote } from './LockedNote';

export interface BadgeSectionProps {
  mode: BadgeMode;
  /** The organisation's policy set the badge: shown, not changeable. */
  locked: boolean;
  onChange(mode: BadgeMode): void;
}

const MODE_LABELS: Record<BadgeMode, MessageKey> = {
  all: 'optionsBadgeModeAll',
  scores: 'optionsBadgeModeScores',
  off: 'optionsBadgeModeOff',
};

export function BadgeSection({ mode, locked, onChange }: BadgeSectionProps) {
  const option = (value: BadgeMode) => (
    <label class="choice">
      <input
        type="radio"
        name="badge-mode"
        value={value}
        checked={mode === value}
        disabled={locked}
        onChange={() => onChange(value)}
      />
      {t(MODE_LABELS[value])}
    </label>
  );
  return (
    <section aria-labelledby="badge-heading">
      <h2 id="badge-heading">{t('optionsBadgeHeading')}</h2>
      <fieldset disabled={locked}>
        <legend class="visually-hidden">{t('optionsBadgeHeading')}</legend>
        {option('all')}
        {option('scores')}
        {option('off')}
      </fieldset>
      {locked && <LockedNote />}
      <p class="hint">{t('optionsBadgeExplain')}</p>
    </section>
  );
}
