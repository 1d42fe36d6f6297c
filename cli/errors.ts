import { isResembleError } from '../lib/index';

/**
 * Exit statuses scripts can rely on (also listed in `resemble --help`).
 * 1: an input could not be used; 2: the command line is wrong; 3: a bug or a broken install;
 * 4: an optional part a command needs (DuckDB, for Parquet) is not installed or fails to load.
 */
export const EXIT_OK = 0;
export const EXIT_INPUT = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 3;
export const EXIT_UNAVAILABLE = 4;

/** A failure with a one-line message and the exit status it maps to. */
export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad command line: unknown command or option, bad option value, wrong number of arguments. */
export class UsageError extends CliError {
  constructor(
    message: string,
    /** The command whose --help to point to, if any. */
    readonly command?: string,
  ) {
    super(EXIT_USAGE, message);
    this.name = 'UsageError';
  }
}

/** An input that cannot be used: missing, unreadable, a directory, binary or empty. */
export class InputError extends CliError {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(EXIT_INPUT, `${displayName(file)}: ${message}`);
    this.name = 'InputError';
  }
}

/** An optional dependency the command needs is missing or broken; every other command still works. */
export class UnavailableError extends CliError {
  constructor(message: string) {
    super(EXIT_UNAVAILABLE, message);
    this.name = 'UnavailableError';
  }
}

/** How a file argument is named in messages ('-' is standard input). */
export function displayName(file: string): string {
  return file === '-' ? 'standard input' : file;
}

/** Maps an error thrown while reading or sketching `file` to an InputError, or rethrows it. */
export function inputErrorFor(file: string, e: unknown): InputError {
  if (e instanceof InputError) return e;
  if (isResembleError(e, 'BINARY_INPUT')) return new InputError(file, e.message);
  if (isResembleError(e, 'EMPTY_INPUT')) return new InputError(file, 'no words to compare (empty, or only markup)');
  const code = (e as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return new InputError(file, 'no such file');
    case 'EISDIR':
      return new InputError(file, 'is a directory, not a file');
    case 'EACCES':
    case 'EPERM':
      return new InputError(file, 'permission denied');
    case 'ENOTDIR':
      return new InputError(file, 'no such file (a parent is not a directory)');
    case 'ERR_FS_FILE_TOO_LARGE':
      return new InputError(file, 'file too large to read (over 2 GB)');
    case 'ELOOP':
      return new InputError(file, 'too many levels of symbolic links');
  }
  if (code !== undefined) return new InputError(file, `cannot read (${code})`);
  throw e;
}
