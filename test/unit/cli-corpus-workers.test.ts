// Corpus sketching on worker threads (issue #31): the same results in the same order as the main
// thread, errors per document, and no worker left running. Runs the worker bundle built from source.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARALLEL_MIN, sketchCorpus } from '../../cli/corpus/pipeline';
import type { CorpusSpec, SketchedDoc, WantedSketch } from '../../cli/corpus/types';
import { SketchPool, liveWorkers } from '../../cli/corpus/worker-pool';
import { InputError } from '../../cli/errors';
import { PAGE_OPTIONS, SketchColumns, UnionFind, clusterCorpus, compactMin } from '../../lib/index';
import { clusterOnTwoThreads, sharedChunk } from '../../cli/corpus/cluster-part';
import { plantedCorpus } from './helpers/fingerprint-sets';
import { buildCli } from '../../scripts/build-cli.mjs';

let dir: string;
let workerPath: string;
let spec: CorpusSpec;

// Word lists that share runs, so sketches differ from document to document but not randomly.
const text = (k: number) => Array.from({ length: 60 + (k % 50) }, (_, i) => `w${(i * 13 + k * 7) % 211}`).join(' ');

beforeAll(async () => {
  // This corpus is small: sketch it on threads all the same.
  PARALLEL_MIN.files = 0;
  PARALLEL_MIN.jsonlBytes = 0;
  dir = mkdtempSync(join(tmpdir(), 'resemble-workers-'));
  const out = join(dir, 'dist');
  await buildCli({ quiet: true, outdir: out });
  workerPath = join(out, 'resemble-worker.mjs');
  const files = join(dir, 'files');
  mkdirSync(files);
  for (let i = 0; i < 40; i++) writeFileSync(join(files, `f${String(i).padStart(2, '0')}.txt`), i % 3 === 0 ? `<p>${text(i)}</p>` : text(i));
  writeFileSync(join(files, 'f05.txt'), ''); // empty: unusable
  writeFileSync(join(files, 'f17.txt'), Buffer.from([0, 1, 2, 0, 0, 3])); // binary: unusable
  const lines: string[] = [];
  for (let i = 0; i < 150; i++) {
    if (i % 60 === 50) lines.push('{broken');
    else lines.push(JSON.stringify(i % 4 === 0 ? { text: text(1000 + i) } : { id: `doc-${i}`, text: text(1000 + i) }));
  }
  writeFileSync(join(dir, 'docs.jsonl'), `${lines.join('\n')}\n`);
  spec = { paths: [files], include: [], exclude: [], jsonl: join(dir, 'docs.jsonl'), idField: 'id', textField: 'text' };
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sink() {
  const out: string[] = [];
  return { out, stream: { write: (s: string) => out.push(s) > 0, isTTY: false } as unknown as NodeJS.WritableStream };
}

async function run(workers: number, want: WantedSketch, skipBad = true) {
  const err = sink();
  const { docs, totals } = sketchCorpus(spec, want, { workers, skipBad, progress: false, label: 'sketching', workerPath, stderr: err.stream });
  const got: SketchedDoc[] = [];
  for await (const d of docs) got.push(d);
  return { got, totals: totals(), warnings: err.out.join('') };
}

const FULL: WantedSketch = { options: PAGE_OPTIONS, form: 'full', simhash: true, superShingles: { bands: 8, rows: 2 } };

describe('sketchCorpus on worker threads', () => {
  it("gives the main thread's results, bit for bit and in input order, with the same warnings", async () => {
    const one = await run(1, FULL);
    const two = await run(2, FULL);
    expect(one.totals.workers).toBe(1);
    expect(two.totals.workers).toBe(2);
    expect(two.got.length).toBe(40 - 2 + 150 - 2);
    expect(two.got.map((d) => d.seq)).toEqual(one.got.map((d) => d.seq));
    expect(two.got.map((d) => d.seq)).toEqual([...two.got.map((d) => d.seq)].sort((a, b) => a - b));
    expect(two.got).toEqual(one.got);
    expect(two.got[0].sketch?.min).toBeInstanceOf(Float64Array);
    expect(two.warnings).toBe(one.warnings);
    expect(two.warnings.split('\n').filter(Boolean)).toHaveLength(4);
    expect(two.totals).toMatchObject({ documents: one.totals.documents, skipped: 4, bytes: one.totals.bytes });
    const compact = await run(2, { options: PAGE_OPTIONS, form: 'compact', simhash: false });
    expect(compact.got.map((d) => [d.seq, d.name, d.values])).toEqual(one.got.map((d) => [d.seq, d.name, compactMin(d.sketch?.min ?? [])]));
    expect(compact.got[0].values).toBeInstanceOf(Uint32Array);
    expect(compact.got[0].sketch).toBeUndefined();
    expect(liveWorkers()).toBe(0);
  }, 30_000);

  it('stops at the first unusable document in input order and leaves no worker running', async () => {
    await expect(run(2, FULL, false)).rejects.toThrow(new InputError(join(spec.paths[0], 'f05.txt'), 'empty file'));
    expect(liveWorkers()).toBe(0);
    // A consumer that stops early (stdout closed) ends the workers too.
    const { docs } = sketchCorpus(spec, FULL, { workers: 2, skipBad: true, progress: false, label: 'sketching', workerPath, stderr: sink().stream });
    let n = 0;
    for await (const _ of docs) if (++n === 3) break;
    expect(liveWorkers()).toBe(0);
  }, 30_000);
});

describe('SketchPool', () => {
  it('never gives a batch to a worker that has exited, and fails at once when none is left', async () => {
    const script = join(dir, 'exits.mjs');
    writeFileSync(script, '// Nothing to wait for: the thread exits as soon as it starts.\n');
    const pool = new SketchPool(script, 2, { want: FULL, fields: { idField: 'id', textField: 'text' } });
    try {
      await expect.poll(() => liveWorkers(), { timeout: 10_000 }).toBe(0);
      await expect(pool.run([])).rejects.toThrow(/no sketching worker left \(sketching worker exited \(status 0\)\)/);
    } finally {
      await pool.close();
    }
  }, 15_000);
});

describe("cluster's pairs found on two threads", () => {
  it('gives the clusters and joins of one thread, the columns read in place, and leaves no worker', async () => {
    const corpus = plantedCorpus(12, 150, 60, 5, [0.35, 0.95]).sketches;
    const cols = new SketchColumns(128, 3000, sharedChunk);
    for (const v of corpus) cols.add(v);
    expect(cols.chunks.every((c) => c.buffer instanceof SharedArrayBuffer)).toBe(true);
    for (const t of [0.4, 0.6]) {
      const one = new UnionFind(corpus.length);
      const want = clusterCorpus(cols, { threshold: t, candidates: 'prefix' }, one);
      const two = new UnionFind(corpus.length);
      const got = await clusterOnTwoThreads(cols, t, two, workerPath);
      expect(JSON.stringify(two.groups())).toBe(JSON.stringify(one.groups()));
      expect(got.joinedPairs).toBe(want.joinedPairs);
      expect(got.candidatePairs).toBe(want.candidatePairs);
      expect(want.joinedPairs).toBeGreaterThan(50);
    }
    expect(liveWorkers()).toBe(0);
  });

  it('says so when the second thread cannot start, and leaves none behind', async () => {
    const cols = new SketchColumns(128, undefined, sharedChunk);
    for (const v of plantedCorpus(3, 150, 5, 3, [0.5, 0.9]).sketches) cols.add(v);
    await expect(clusterOnTwoThreads(cols, 0.5, new UnionFind(cols.count), join(dir, 'missing-worker.mjs'))).rejects.toThrow();
    expect(liveWorkers()).toBe(0);
  });
});
