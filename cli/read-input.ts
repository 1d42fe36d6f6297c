import { decodeBytes, markupKind, sketch, type Markup, type Sketch, type SketchOptions } from '../lib/index';
import { InputError, UsageError, inputErrorFor } from './errors';
import { warn } from './output';
import { cutNote, readCap, readLimited, readStreamLimited } from './read-limited';

/** A file argument read and decoded to text. */
export interface Input {
  /** The argument as given ('-' for standard input). */
  file: string;
  text: string;
  /** Bytes read. */
  bytes: number;
  encoding: string;
  /** Read as markup, HTML or XML, or undefined for plain text (decided by content, as `sketch` decides). */
  markup: Markup | undefined;
}

/**
 * Reads `file` ('-' is standard input; a pipe named on the command line is read too) up to
 * readCap(maxChars) bytes, warning on stderr when it is longer, and decodes it with the library's
 * `decodeBytes` (BOM-aware UTF-8/UTF-16, windows-1252 fallback, binary refused). Every failure is an
 * InputError naming the file: missing, a directory, a device, unreadable, binary or empty.
 */
export async function readInput(file: string, maxChars: number): Promise<Input> {
  try {
    const read = file === '-' ? await readStreamLimited(process.stdin, readCap(maxChars)) : readLimited(file, readCap(maxChars), true);
    if (read.cut) warn(cutNote(file, read.data.byteLength, read.size));
    return decodeInput(file, read.data);
  } catch (e) {
    throw inputErrorFor(file, e);
  }
}

/** `bytes` read from `file`, decoded as readInput decodes; throws what decodeBytes throws. */
export function decodeInput(file: string, bytes: Uint8Array): Input {
  const { text, encoding } = decodeText(file, bytes);
  return { file, text, bytes: bytes.length, encoding, markup: markupKind(text) };
}

/** decodeInput's text alone (the corpus workers skip its markup scan when no one asks). */
export function decodeText(file: string, bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes.length === 0) throw new InputError(file, 'empty file');
  return decodeBytes(bytes);
}

/** Sketch of a read input; an input with no words (e.g. only markup) is an InputError. */
export function sketchInput(input: Input, opts: SketchOptions): Sketch {
  try {
    return sketch(input.text, opts);
  } catch (e) {
    throw inputErrorFor(input.file, e);
  }
}

/** Reads and sketches one file. */
export async function loadSketch(file: string, opts: SketchOptions): Promise<Sketch> {
  return sketchInput(await readInput(file, opts.maxChars), opts);
}

/** Standard input can be read once: '-' may appear at most once among the file arguments. */
export function checkStdinOnce(files: readonly string[], command: string): void {
  if (files.filter((f) => f === '-').length > 1) {
    throw new UsageError("standard input ('-') can be given only once", command);
  }
}
