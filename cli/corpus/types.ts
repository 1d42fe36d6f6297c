import type { Markup, SimHash, Sketch, SketchOptions, SuperShingleOptions } from '../../lib/index';

/** Where a command's documents come from (issue #31): any mix, read in this order. */
export interface CorpusSpec {
  /** Positionals: files, directories (walked recursively, in sorted order) and '-' (standard input, one document). */
  paths: string[];
  /** Globs a walked file's path (relative to the directory given) must match, when any are given. */
  include: string[];
  /** Globs that leave a walked file out. */
  exclude: string[];
  /** --files-from FILE|-: one path a line. */
  filesFrom?: string;
  /** --jsonl FILE|-: one JSON document a line. */
  jsonl?: string;
  /** --id-field (default "id") and --text-field (default "text"). */
  idField: string;
  textField: string;
}

/** What each document is turned into. */
export interface WantedSketch {
  options: SketchOptions;
  /** 'full': the whole Sketch (nearest, sketch); 'compact': MIN_s as compact Uint32 values only (cluster). */
  form: 'full' | 'compact';
  /** Also its 64-bit SimHash over the same shingles. */
  simhash: boolean;
  /** Also its super shingles (computed from the compact values). */
  superShingles?: SuperShingleOptions;
  /** Also its whole-text fingerprint, token count and distinct shingles (`changes`: same text, whole set). */
  whole?: boolean;
}

export interface SketchedDoc {
  /** Position in the corpus (0-based, input order; unusable documents keep their number). */
  seq: number;
  /** The path as given or walked, or the JSONL id (FILE:LINE when the line has none). */
  name: string;
  /** Bytes read for it. */
  bytes: number;
  /** It was read from a path (an argument, a walked directory, --files-from), not a JSONL line. */
  fromPath: boolean;
  /** Set when it is longer than the read limit (../read-limited.ts): the bytes read, its start. */
  cut?: number;
  sketch?: Sketch;
  values?: Uint32Array;
  simhash?: SimHash;
  keys?: Uint32Array;
  /** With WantedSketch.whole: the sketch's `whole`, `tokens` and `distinct`. */
  whole?: { whole: number; tokens: number; distinct: number };
  /** How it was read (for `sketch`'s text output). */
  input?: { markup: Markup | undefined; encoding: string };
}

export interface CorpusOptions {
  /** Sketching threads; 1 sketches on the main thread. */
  workers: number;
  /** Unusable documents are reported on stderr and left out instead of stopping with exit status 1. */
  skipBad: boolean;
  /** Show the progress line even when stderr is not a terminal. */
  progress: boolean;
  /** Word in the progress line ("sketching"). */
  label: string;
  /** The command, for usage errors' pointer to its --help (e.g. standard input given twice). */
  command?: string;
  /** The bundled worker script (default: found by cli/corpus/worker-pool.ts findWorker). */
  workerPath?: string;
  /** Standard input and stderr (default the process's; tests pass their own). */
  stdin?: AsyncIterable<Uint8Array | string>;
  stderr?: NodeJS.WritableStream & { isTTY?: boolean };
}

/** Totals of a finished run, for --stats. */
export interface CorpusTotals {
  documents: number;
  skipped: number;
  bytes: number;
  seconds: number;
  workers: number;
}
