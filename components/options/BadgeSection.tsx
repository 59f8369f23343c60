import { type MessageKey, t } from '../../lib/locale/i18n';
import type { BadgeMode } from '../../lib/settings/settings';
import { LockedNote } from './LockedNote';
import { RadioChoice } from './RadioChoice';

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
    <RadioChoice
      name="badge-mode"
      value={value}
      checked={mode === value}
      disabled={locked}
      onChoose={onChange}
    >
      {t(MODE_LABELS[value])}
    </RadioChoice>
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
