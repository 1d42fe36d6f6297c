import { resolve } from 'node:path';
import type { Sketch, SketchOptions } from '../lib/index';
import { InputError } from './errors';
import { Progress, wantsProgress } from './progress';
import { loadSketch } from './read-input';

export interface SketchedFile {
  file: string;
  /** Position among the file arguments (after duplicates are dropped). */
  index: number;
  sketch: Sketch;
}

/** The file arguments with repeats of one path dropped (first occurrence kept), so each is listed once. */
export function uniqueFiles(files: readonly string[]): string[] {
  const seen = new Set<string>();
  return files.filter((f) => {
    const key = f === '-' ? '-' : resolve(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Same file, whatever the spelling of its path. */
export function sameFile(a: string, b: string): boolean {
  return a === '-' || b === '-' ? a === b : resolve(a) === resolve(b);
}

/**
 * Reads and sketches files in order, one at a time (only the sketches are kept). An unusable file
 * stops the run with its InputError, unless `skipBad`, in which case it is reported on stderr and
 * left out. A counter shows on stderr for long runs on a terminal.
 */
export async function sketchFiles(files: readonly string[], opts: SketchOptions, skipBad: boolean): Promise<SketchedFile[]> {
  const progress = new Progress('sketching', files.length, wantsProgress(files));
  const out: SketchedFile[] = [];
  try {
    for (let i = 0; i < files.length; i++) {
      progress.update(i);
      try {
        out.push({ file: files[i], index: i, sketch: await loadSketch(files[i], opts) });
      } catch (e) {
        if (!(skipBad && e instanceof InputError)) throw e;
        progress.note(`resemble: ${e.message} (skipped)`);
      }
    }
    progress.update(files.length);
  } finally {
    progress.clear();
  }
  return out;
}
