import type { ComponentChildren } from 'preact';
import { FieldError } from './field';
import { type MessageKey, t } from '../shared/i18n';

interface ChoiceGroupProps<T extends string> {
  /** The radios' name; also the prefix of their ids and of the group's error id. */
  name: string;
  legend: ComponentChildren;
  /** The choices in order: the settings schema's list (lib/settings.ts), not one of the page's own. */
  choices: readonly T[];
  /** Each choice's label and hint, by message key. */
  words: Readonly<Record<T, { label: MessageKey; hint: MessageKey }>>;
  value: T;
  error?: string | undefined;
  onChoose(choice: T): void;
}

/** One setting's choices as a radio group, each with its hint (the display mode, copycat display…). */
export function ChoiceGroup<T extends string>({ name, legend, choices, words, value, error, onChoose }: ChoiceGroupProps<T>) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {choices.map((choice) => {
        const id = `${name}-${choice}`;
        return (
          <div class="choice" key={choice}>
            <input
              type="radio"
              name={name}
              id={id}
              value={choice}
              checked={value === choice}
              aria-describedby={`${id}-hint`}
              onChange={() => onChoose(choice)}
            />
            <div>
              <label for={id}>{t(words[choice].label)}</label>
              <span class="hint" id={`${id}-hint`}>
                {t(words[choice].hint)}
              </span>
            </div>
          </div>
        );
      })}
      <FieldError id={name} error={error} />
    </fieldset>
  );
}
