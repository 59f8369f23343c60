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

/** A radio group; `value` null: no option is shown as chosen. */
export function RadioGroup<T extends string>(props: {
  name: string;
  legend: MessageKey;
  legendClass?: string;
  /** Each option's label, in the order shown; each option is named by the label it wraps. */
  labels: Record<T, MessageKey>;
  value: T | null;
  disabled?: boolean;
  onChange(value: T): void;
}) {
  return (
    <fieldset disabled={props.disabled}>
      <legend class={props.legendClass}>{t(props.legend)}</legend>
      {(Object.entries(props.labels) as [T, MessageKey][]).map(([value, label]) => (
        <label key={value} class="choice">
          <input
            type="radio"
            name={props.name}
            value={value}
            checked={props.value === value}
            disabled={props.disabled}
            onChange={() => props.onChange(value)}
          />
          {t(label)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A setting chosen among a few options: shown, not changeable, when a policy set it. `value`
 * null: the user has not answered yet.
 */
export function ChoiceSection<T extends string>(props: {
  id: string;
  heading: MessageKey;
  labels: Record<T, MessageKey>;
  value: T | null;
  locked: boolean;
  hint: MessageKey;
  onChange(value: T): void;
}) {
  const { id, heading, locked } = props;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t(heading)}</h2>
      <RadioGroup
        name={id}
        legend={heading}
        legendClass="visually-hidden"
        labels={props.labels}
        value={props.value}
        disabled={locked}
        onChange={props.onChange}
      />
      {locked && <LockedNote />}
      <p class="hint">{t(props.hint)}</p>
    </section>
  );
}
