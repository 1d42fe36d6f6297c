/**
 * How a measure is shown, as data: the words around it are the UI's (words/groups,
 * through public/_locales) and the CLI's own (cli/output.ts), never lib's.
 */

/**
 * 0.873 → 87: the whole percent every page and the results page show, never 100 for less than 1 nor 0
 * for more than 0, so a measure reads the same everywhere (shared/i18n's pct formats it).
 */
export function wholePercent(r: number): number {
  const p = Math.round(r * 100);
  return r < 1 && p === 100 ? 99 : r > 0 && p === 0 ? 1 : p;
}
