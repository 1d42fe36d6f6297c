import { type SettingsPatch, checkSettingsPatch } from '../lib/settings';

const PHRASES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^below (.+)$/, (m) => `must be at least ${m[1]}`],
  [/^above (.+)$/, (m) => `must be at most ${m[1]}`],
  [/^expected an integer$/, () => 'must be a whole number'],
  [/^expected a finite number$/, () => 'must be a number'],
  [/^expected one of (.+)$/, (m) => `must be one of ${m[1]}`],
  [/^more than (\d+) items$/, (m) => `at most ${m[1]} entries`],
  [/^longer than (\d+) characters$/, (m) => `at most ${m[1]} characters`],
];

/** One problem from checkSettingsPatch ("cacheMaxMB: below 1") said for people ("must be at least 1"). */
export function humanizeCheckError(error: string): string {
  const i = error.indexOf(': ');
  const what = i >= 0 ? error.slice(i + 2) : error;
  for (const [re, say] of PHRASES) {
    const m = what.match(re);
    if (m) return say(m);
  }
  return what;
}

/**
 * Checks a patch exactly as the background will (lib/settings checkSettingsPatch): undefined when it
 * is valid, else the first problem as a sentence ("Must be at least 1."), for showing next to the field.
 */
export function patchProblem(patch: SettingsPatch): string | undefined {
  const c = checkSettingsPatch(patch);
  if (c.ok) return undefined;
  const what = humanizeCheckError(c.errors[0] ?? 'invalid value');
  return `${what.charAt(0).toUpperCase()}${what.slice(1)}.`;
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
