/**
 * Debian's `simhash` (Bart Massey; `apt-get install simhash`) as a peer in bench/methods.bench.ts.
 * Despite its name it is not Charikar's SimHash: `man simhash` says it keeps the 128 numerically
 * smallest CRC32 hashes of the file's 8-byte shingles (Manasse's shingleprinting, a bottom-k min-hash over
 * bytes) and reports a similarity 0..1. It reads raw bytes (markup included), not lib's canonical words.
 *
 * Run on copies of the same files in a temporary directory: `simhash -w` writes each file's hash beside
 * it (timed: its fingerprinting speed; the .sim size is its bytes per document), then `simhash -m`
 * prints the lower triangle of the similarity matrix, which is parsed here.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface DebianRun {
  /** sim[i][j] for j < i. */
  sim: Float64Array[];
  seconds: number;
  bytesPerDoc: number;
}

export function debianAvailable(): boolean {
  return spawnSync('simhash', ['-c', '/dev/null', '/dev/null'], { encoding: 'utf8' }).error === undefined;
}

/** `simhash` over the given files (absolute paths), or an error message. */
export function runDebian(files: string[]): DebianRun | string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resemble-debsim-'));
  try {
    const names = files.map((f, i) => {
      const name = `f${i}`;
      fs.copyFileSync(f, path.join(dir, name));
      return name;
    });
    const t0 = performance.now();
    const w = spawnSync('simhash', ['-w', ...names], { cwd: dir, encoding: 'utf8' });
    const seconds = (performance.now() - t0) / 1000;
    if (w.status !== 0) return `simhash -w failed: ${w.stderr || w.error}`;
    let simBytes = 0;
    for (const n of names) simBytes += fs.statSync(path.join(dir, `${n}.sim`)).size;
    const m = spawnSync('simhash', ['-m', ...names], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (m.status !== 0) return `simhash -m failed: ${m.stderr || m.error}`;
    const sim: Float64Array[] = names.map((_, i) => new Float64Array(i));
    // Rows: "f<i>  <i + 1> v v v" (row i holds its similarity to rows 0..i−1); the header row is skipped.
    for (const line of m.stdout.split('\n')) {
      const t = line.trim().split(/\s+/);
      if (!/^f\d+$/.test(t[0] ?? '')) continue;
      const i = Number(t[0].slice(1));
      for (let j = 0; j < i; j++) sim[i][j] = Number(t[2 + j]);
    }
    return { sim, seconds, bytesPerDoc: simBytes / names.length };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
