/**
 * Issue #40 at scale: `resemble changes` on two generated snapshots of N documents (default 10⁶ a
 * side, about 1 KB each: 150 words drawn uniformly from bench/vocab.ts's 2,000), written as JSONL to a
 * scratch directory, then compared through the built CLI with --stats. Ground truth is in the ids:
 * OLD's d<i> is in NEW as d<i> unchanged (55%), edited in place (20%: one word in 25 replaced,
 * resemblance ≈ 0.66), moved to m<i> with its text (10%) or edited (10%), or gone (5%); NEW adds
 * N/20 documents n<k>. Prints the CLI's stats and every row that disagrees with the truth.
 *
 *   npx tsx bench/changes-scale.ts [--docs N] [--workers K]
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { VOCAB } from './vocab';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('docs', 1_000_000);
const WORKERS = arg('workers', 2);
const root = fileURLToPath(new URL('..', import.meta.url));

type Fate = 'unchanged' | 'changed' | 'moved' | 'moved-same' | 'gone';
function fate(i: number): Fate {
  if (i % 20 === 0) return 'gone';
  const k = i % 10;
  return k === 1 ? 'moved' : k === 2 ? 'moved-same' : k === 3 || k === 6 ? 'changed' : 'unchanged';
}

/** murmur3's finalizer: a bijection on 32 bits, so distinct inputs give distinct, well-mixed outputs. */
function fmix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Document `seed`'s 150 words, word j from fmix(150·seed + j): every (document, position) its own
 * input, so no two documents share a run of words by construction (a PRNG stream per document would:
 * two seeds' streams can meet and then agree). Up to 2N < 2^32 / 150 documents.
 */
function words(seed: number, edited: boolean): string {
  const out: string[] = new Array(150);
  for (let j = 0; j < 150; j++) {
    const w = fmix(seed * 150 + j) % VOCAB.length;
    out[j] = VOCAB[edited && j % 25 === 3 ? (w + 1) % VOCAB.length : w];
  }
  return out.join(' ');
}

async function writeJsonl(path: string, lines: Generator<[string, string]>): Promise<void> {
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  let chunk = '';
  for (const [id, text] of lines) {
    chunk += `${JSON.stringify({ id, text })}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((r) => out.once('finish', () => r()));
}

function* oldSide(): Generator<[string, string]> {
  for (let i = 0; i < N; i++) yield [`d${i}`, words(i, false)];
}
function* newSide(): Generator<[string, string]> {
  for (let i = 0; i < N; i++) {
    const f = fate(i);
    if (f === 'gone') continue;
    const id = f === 'moved' || f === 'moved-same' ? `m${i}` : `d${i}`;
    yield [id, words(i, f === 'changed' || f === 'moved')];
    if (i % 20 === 10) yield [`n${i}`, words(N + i, false)];
  }
}

const dir = mkdtempSync(join(tmpdir(), 'resemble-changes-scale-'));
try {
  let t = performance.now();
  await writeJsonl(join(dir, 'old.jsonl'), oldSide());
  await writeJsonl(join(dir, 'new.jsonl'), newSide());
  console.log(`generated ${N} documents a side in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  const args = [
    'changes',
    '--old-jsonl',
    join(dir, 'old.jsonl'),
    '--new-jsonl',
    join(dir, 'new.jsonl'),
    '--output',
    'jsonl',
    '--stats',
    '--workers',
    String(WORKERS),
  ];
  const child = spawn(process.execPath, [join(root, 'bin', 'resemble.mjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const counts: Record<string, number> = {};
  let wrong = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    const r = JSON.parse(line) as { id: string; status: string; to?: string };
    counts[r.status] = (counts[r.status] ?? 0) + 1;
    const i = Number(r.id.slice(1));
    const f = r.id[0] === 'n' ? 'new' : fate(i);
    const ok = f === 'new' ? r.status === 'new' : f === 'moved' || f === 'moved-same' ? r.status === 'moved' && r.to === `m${i}` : r.status === f;
    if (!ok && ++wrong <= 10) console.log('disagrees with the truth:', line);
  }
  const status = await new Promise((r) => child.once('close', r));
  console.log(`exit ${status}; ${((performance.now() - t) / 1000).toFixed(1)} s end to end; rows by status ${JSON.stringify(counts)}; ${wrong} disagree`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
