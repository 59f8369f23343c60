import type { ComponentChildren } from 'preact';
import { type MessageKey, t } from '../../lib/locale/i18n';
import type { OldReportDays } from '../../lib/settings/settings';

/** The choices of when a report reads as old, in words (the settings and the backup preview). */
export const OLD_REPORT_WORDS: Record<OldReportDays, MessageKey> = {
  7: 'optionsOld7',
  30: 'optionsOld30',
  90: 'optionsOld90',
  never: 'optionsOldNever',
};

/** Says a setting is fixed by the organisation's policy. */
export function LockedNote() {
  return <p class="locked">{t('optionsLockedByPolicy')}</p>;
}

/** One option of a radio group, named by the label it wraps. */
export function RadioChoice<T extends string>(props: {
  name: string;
  value: T;
  checked: boolean;
  disabled?: boolean;
  onChoose(value: T): void;
  children: ComponentChildren;
}) {
  return (
    <label class="choice">
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={() => props.onChoose(props.value)}
      />
      {props.children}
    </label>
  );
}

/**
 * A setting chosen among a few options: shown, not changeable, when a policy set it. `value`
 * null: the user has not answered yet, and no option is shown as chosen.
 */
export function ChoiceSection<T extends string>(props: {
  id: string;
  heading: MessageKey;
  /** Each option's label, in the order shown. */
  labels: Record<T, MessageKey>;
  value: T | null;
  locked: boolean;
  hint: MessageKey;
  onChange(value: T): void;
}) {
  const { id, locked } = props;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t(props.heading)}</h2>
      <fieldset disabled={locked}>
        <legend class="visually-hidden">{t(props.heading)}</legend>
        {(Object.entries(props.labels) as [T, MessageKey][]).map(([value, label]) => (
          <RadioChoice
            key={value}
            name={id}
            value={value}
            checked={props.value === value}
            disabled={locked}
            onChoose={props.onChange}
          >
            {t(label)}
          </RadioChoice>
        ))}
      </fieldset>
      {locked && <LockedNote />}
      <p class="hint">{t(props.hint)}</p>
    </section>
  );
}
