/**
 * Reads a .zip in memory: what the store packages (`npm run zip`) hold, file by file. fflate does the
 * reading (a zip is a format of its own; no hand-written parser).
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';

export function readZip(file: string): Map<string, Buffer> {
  const files = unzipSync(readFileSync(file));
  // Directories are entries too (names ending in "/"): only files are listed.
  return new Map(Object.entries(files).flatMap(([name, data]) => (name.endsWith('/') ? [] : [[name, Buffer.from(data)] as [string, Buffer]])));
}
