import type { ComponentChildren } from 'preact';

export interface RadioChoiceProps<T extends string> {
  /** The radio group's name: the same for every option of one choice. */
  name: string;
  value: T;
  checked: boolean;
  disabled?: boolean;
  onChoose(value: T): void;
  /** The option's visible label, which is also its accessible name. */
  children: ComponentChildren;
}

/** One option of a radio group, labelled by what it wraps. */
export function RadioChoice<T extends string>({
  name,
  value,
  checked,
  disabled,
  onChoose,
  children,
}: RadioChoiceProps<T>) {
  return (
    <label class="choice">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChoose(value)}
      />
      {children}
    </label>
  );
}
