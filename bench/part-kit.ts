/**
 * What every bench part that drives the extension in Chromium does the same way: its JSON key and name,
 * skipping (with why) when there is no Chromium, and the end of a run (clean up, print, exit 1 on failure).
 */
import { findChromium } from './ext-build';

export interface PartResult {
  out: Record<string, unknown>;
  lines: string[];
}

export function extensionPart(key: string, name: string, args: readonly string[]) {
  const json = args.includes('--json');
  const finish = (out: Record<string, unknown>, lines: string[]): never => {
    if (lines.length) console.log(lines.join('\n'));
    if (json) console.log(JSON.stringify({ [key]: out }));
    process.exit(0);
  };
  const found = findChromium();
  if (!found || args.includes('--no-extension')) {
    const why = found ? '--no-extension' : 'no Chromium (sudo apt-get install -y chromium)';
    finish({ skipped: why }, [`${name}: skipped (${why})`]);
  }
  /** Runs the part, cleans up whatever happened, then prints what it found (exit 1 when it failed). */
  const run = async (main: () => Promise<PartResult>, cleanup: () => Promise<unknown>): Promise<never> => {
    let result: PartResult | undefined;
    try {
      result = await main();
    } catch (e) {
      process.stderr.write(`${name}: failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    }
    await cleanup();
    if (!result) process.exit(1);
    return finish(result.out, result.lines);
  };
  return { finish, chromiumPath: found as string, run };
}
