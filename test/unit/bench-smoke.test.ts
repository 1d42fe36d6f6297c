import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONTENDERS = ['ours', 'minhash', 'kperm', 'floor'] as const;

// Runs the benchmark as `npm run bench -- --quick --json` does (esbuild bundle under node), the
// library's part only (the browser parts are the bench's own business), and checks the shape of its JSON line. Speeds vary too much between machines and runs to assert on them.
describe('bench smoke run', () => {
  it('prints one JSON object last, with positive figures for every contender on the same texts', () => {
    const run = spawnSync(process.execPath, [path.join(root, 'bench/run.mjs'), '--quick', '--json', '--lib-only'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const result = JSON.parse(lines[lines.length - 1]);
    for (const name of CONTENDERS) {
      const c = result[name];
      expect(c, name).toBeTypeOf('object');
      for (const key of ['pageMBs', 'snippetsPerSec']) {
        expect(Number.isFinite(c[key]) && c[key] > 0, `${name}.${key} = ${c[key]}`).toBe(true);
      }
    }
    // The floor encodes and tokenizes on its own: same bytes, words and shingles as lib means it did
    // the same work on the same texts.
    for (const key of ['pageBytes', 'pageWords', 'pageShingles', 'snippetWords', 'snippetShingles']) {
      expect(result.floor[key], key).toBeGreaterThan(0);
      expect(result.floor[key], key).toBe(result.ours[key]);
      expect(result.kperm[key], key).toBe(result.ours[key]);
      expect(result.minhash[key], key).toBe(result.ours[key]);
    }
    expect(result.ours.compareNs).toBeGreaterThan(0);
    expect(result.ours.containmentNs).toBeGreaterThan(0);
  }, 70_000);
});
