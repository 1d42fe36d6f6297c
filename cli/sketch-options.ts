import { PAGE_OPTIONS, isResembleError, resolveOptions, type SketchOptions } from '../lib/index';
import type { ParsedArgs } from './args';
import { UsageError } from './errors';

/** Value options every command takes, and the lib option each one sets. */
export const SKETCH_VALUE_OPTIONS = ['shingle', 'sketch', 'seed'] as const;
const LIB_NAME: Record<string, string> = { shingle: 'shingle', sketch: 'size', seed: 'seed' };

/** The --help lines describing the sketch options, with the library's defaults. */
export function sketchOptionsHelp(): string {
  return [
    'Sketch options (every command):',
    `  --shingle W    words per shingle (default ${PAGE_OPTIONS.shingle})`,
    `  --sketch S     fingerprints kept in the MIN_s sketch (default ${PAGE_OPTIONS.size})`,
    `  --seed N       hash seed, 0 to 4294967295 (default ${PAGE_OPTIONS.seed}); only files sketched`,
    '                 with the same shingle size and seed can be compared',
  ].join('\n');
}

/**
 * PAGE_OPTIONS with --shingle, --sketch and --seed applied, checked by the library's own ranges so
 * the CLI never disagrees with it; a bad value is a usage error naming the option.
 */
export function sketchOptions(args: ParsedArgs, command: string): SketchOptions {
  // Anything but digits reaches the library as NaN, so every bad value gets the library's range message.
  const int = (name: string, fallback: number) => {
    const raw = args.values.get(name);
    return raw === undefined ? fallback : /^\d+$/.test(raw) ? Number(raw) : NaN;
  };
  try {
    return resolveOptions({
      shingle: int('shingle', PAGE_OPTIONS.shingle),
      size: int('sketch', PAGE_OPTIONS.size),
      seed: int('seed', PAGE_OPTIONS.seed),
      // Tests lower the characters read, and with them the bytes (read-limited.ts readCap), rather than write 256 MB files.
      ...(process.env.RESEMBLE_MAX_CHARS ? { maxChars: Number(process.env.RESEMBLE_MAX_CHARS) } : {}),
    });
  } catch (e) {
    if (!isResembleError(e, 'BAD_OPTION')) throw e;
    // The library says e.g. "size must be an integer from 1 to 4096, got 0": name the CLI option.
    const m = /^(\w+) (must .*?), got/.exec(e.message);
    const opt = m && Object.keys(LIB_NAME).find((k) => LIB_NAME[k] === m[1]);
    if (!m || !opt) throw new UsageError(e.message, command);
    throw new UsageError(`--${opt} ${m[2]}, got '${args.values.get(opt)}'`, command);
  }
}
