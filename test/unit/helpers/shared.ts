/**
 * Access to the reference material in ../shared (beside the repository, never inside it).
 *
 * A fresh clone has no ../shared, so every test that uses it must skip visibly when it is absent:
 *
 *   describe.skipIf(!hasShared)('… (needs ../shared)', () => { beforeAll(() => { read here }); … });
 *   if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent('corpus name'));
 *
 * Read files in beforeAll or inside tests, never in a describe body: vitest still runs the body of a
 * skipped describe to collect its tests.
 *
 * This module imports nothing from vitest, so scripts (scripts/measure-shingle-size.ts) can use it too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_OPTIONS, decodeBytes, sketch, type Sketch, type SketchOptions } from '../../../lib/index';
import { SHARED, SHARED_ABSENT_REASON } from '../../helpers/shared-dir';

// Whether ../shared may be read is decided in one place (RESEMBLE_NO_SHARED=1 hides it): ../../helpers/shared-dir.ts.
export { SHARED, hasShared, repoRoot, sharedFileIfPresent } from '../../helpers/shared-dir';

/** Name of the placeholder test registered when ../shared is absent. */
export const SHARED_ABSENT_TEST = '../shared is absent: corpus tests skipped';

/** Body of the placeholder test: passes, but says loudly what did not run. */
export function warnSharedAbsent(what: string): void {
  console.warn(`[resemble] ${SHARED_ABSENT_REASON}: the ${what} tests were skipped. Put the shared reference folder beside the repository to run them.`);
}

/** Absolute path of a file under ../shared. */
export function sharedPath(relPath: string): string {
  return path.join(SHARED, relPath);
}

/** Raw bytes of a file under ../shared. */
export function readShared(relPath: string): Uint8Array {
  const b = readFileSync(sharedPath(relPath));
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** A file under ../shared decoded the way the library decodes downloads (BOM / UTF-8 / windows-1252). */
export function readSharedText(relPath: string): string {
  return decodeBytes(readShared(relPath)).text;
}

/** bytes → decodeBytes → sketch (HTML detected by content), with PAGE_OPTIONS unless told otherwise. */
export function sketchShared(relPath: string, opts: Partial<SketchOptions> = PAGE_OPTIONS): Sketch {
  return sketch(readSharedText(relPath), opts);
}

/** Rows of a corpus's LABELS.tsv as objects keyed by the header's column names. */
export function readLabels(corpusRelDir: string): Record<string, string>[] {
  const text = readFileSync(sharedPath(path.join(corpusRelDir, 'LABELS.tsv')), 'utf8');
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0].split('\t');
  return lines.slice(1).map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}
