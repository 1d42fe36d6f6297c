import { type SettingsPatch, checkSettingsPatch } from '../lib/settings';
import { num, t } from '../shared/i18n';

/** lib/validate's English problems, each said as a sentence in the UI language (numbers formatted for it). */
const PHRASES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^below (.+)$/, (m) => t('options_check_min', number(m[1]))],
  [/^above (.+)$/, (m) => t('options_check_max', number(m[1]))],
  [/^expected an integer$/, () => t('options_check_int')],
  [/^expected a finite number$/, () => t('options_check_number')],
  [/^expected one of (.+)$/, (m) => t('options_check_oneOf', m[1])],
  [/^more than (\d+) items$/, (m) => t('options_check_items', number(m[1]))],
  [/^longer than (\d+) characters$/, (m) => t('options_check_chars', number(m[1]))],
];

const number = (text: string) => (Number.isFinite(Number(text)) ? num(Number(text)) : text);

/** One problem from checkSettingsPatch ("cacheMaxMB: below 1") said for people ("Must be at least 1."). */
export function humanizeCheckError(error: string): string {
  const i = error.indexOf(': ');
  const what = i >= 0 ? error.slice(i + 2) : error;
  for (const [re, say] of PHRASES) {
    const m = what.match(re);
    if (m) return say(m);
  }
  // A problem this page has no words for (a newer lib): lib's English, as a sentence.
  return `${what.charAt(0).toUpperCase()}${what.slice(1)}.`;
}

/**
 * Checks a patch exactly as the background will (lib/settings checkSettingsPatch): undefined when it
 * is valid, else the first problem as a sentence ("Must be at least 1."), for showing next to the field.
 */
export function patchProblem(patch: SettingsPatch): string | undefined {
  const c = checkSettingsPatch(patch);
  return c.ok ? undefined : humanizeCheckError(c.errors[0] ?? 'invalid value');
}

/**
 * A number typed into a field: undefined when the text is not a number at all (the caller says
 * "enter a number"); range and integer checks are left to patchProblem.
 */
export function parseNumber(text: string): number | undefined {
  const t = text.trim();
  if (t === '' || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return undefined;
  return Number(t);
}
