/** Everything the CLI prints goes through here: results on stdout, diagnostics on stderr. */

/** One JSON document followed by a newline on stdout. */
export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Lines of human-readable output on stdout. */
export function writeLines(lines: readonly string[]): void {
  if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
}

/** A one-line diagnostic on stderr, prefixed with the program name. */
export function warn(message: string): void {
  process.stderr.write(`resemble: ${message}\n`);
}

/**
 * 0.4231 → "42.3%": the CLI's percent, to a tenth and unclamped (not lib's wholePercent): it sets an
 * estimate beside the exact value and a threshold beside measures, where 87.3% and 87.6% must differ.
 */
export function percentTenths(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** "1 file", "3 files". */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Pads to a column width (left-aligned text, right-aligned numbers). */
export function padEnd(s: string, width: number): string {
  return s.length >= width ? s : s + ' '.repeat(width - s.length);
}

export function padStart(s: string, width: number): string {
  return s.length >= width ? s : ' '.repeat(width - s.length) + s;
}

/** A 52-bit fingerprint as 13 hex digits. */
export function hex52(x: number): string {
  return x.toString(16).padStart(13, '0');
}
