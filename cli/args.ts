import { UsageError } from './errors';

/** Options a command accepts: flags take no value, values take exactly one. */
export interface OptionSpec {
  flags: readonly string[];
  values: readonly string[];
  /** Value options that may be given more than once (all values kept, in order, in `lists`). */
  repeatable?: readonly string[];
}

export interface ParsedArgs {
  positionals: string[];
  flags: Set<string>;
  values: Map<string, string>;
  /** Every value of a repeatable option, in order. */
  lists: Map<string, string[]>;
}

/**
 * Splits a command's arguments into positionals and `--name` / `--name value` / `--name=value`
 * options. Options may come before, between or after positionals; `--` ends options; `-` alone is a
 * positional (standard input). `-h` is `--help`.
 */
export function parseArgs(argv: readonly string[], spec: OptionSpec, command: string): ParsedArgs {
  const out: ParsedArgs = { positionals: [], flags: new Set(), values: new Map(), lists: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      out.flags.add('help');
      continue;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      out.positionals.push(arg);
      continue;
    }
    if (!arg.startsWith('--') || arg.length === 2) throw new UsageError(`unknown option '${arg}'`, command);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (spec.flags.includes(name)) {
      if (eq >= 0) throw new UsageError(`option '--${name}' takes no value`, command);
      out.flags.add(name);
    } else if (spec.values.includes(name)) {
      let value: string | undefined;
      if (eq >= 0) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length) value = argv[++i];
      if (value === undefined || value === '') throw new UsageError(`option '--${name}' needs a value`, command);
      out.values.set(name, value);
      if (spec.repeatable?.includes(name)) out.lists.set(name, [...(out.lists.get(name) ?? []), value]);
    } else {
      throw new UsageError(`unknown option '--${name}'`, command);
    }
  }
  return out;
}

/** True when `--help` or `-h` appears before a `--` terminator: help wins over every other error. */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** An integer option in [lo, hi], or `fallback` when absent. */
export function intOption(args: ParsedArgs, name: string, fallback: number, lo: number, hi: number, command: string): number {
  const raw = args.values.get(name);
  if (raw === undefined) return fallback;
  const v = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(v) || v < lo || v > hi) {
    throw new UsageError(`--${name} must be an integer from ${lo} to ${hi}, got '${raw}'`, command);
  }
  return v;
}

/** A decimal fraction option in (0, 1], or `fallback` when absent. */
export function fractionOption(args: ParsedArgs, name: string, fallback: number, command: string): number {
  const raw = args.values.get(name);
  if (raw === undefined) return fallback;
  const v = /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(raw) ? Number(raw) : NaN;
  if (!(v > 0 && v <= 1)) {
    throw new UsageError(`--${name} must be a number greater than 0 and at most 1 (e.g. 0.5), got '${raw}'`, command);
  }
  return v;
}

/** Checks the number of positionals, naming what is expected. */
export function expectPositionals(args: ParsedArgs, min: number, max: number, usage: string, command: string): string[] {
  const n = args.positionals.length;
  if (n < min || n > max) {
    const what = n < min ? 'missing arguments' : `too many arguments (${n})`;
    throw new UsageError(`${what}; usage: resemble ${usage}`, command);
  }
  return args.positionals;
}
