import { resolve } from 'node:path';
import type { Sketch } from '../lib/index';

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
