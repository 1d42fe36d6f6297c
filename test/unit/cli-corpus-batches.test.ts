// Issue #42's faster corpus path gives what the old one gave: JSONL in chunks of whole lines (blank,
// too long, CRLF, a BOM, no final newline), parsed and sketched where they land, results sent back as
// columns, MIN_s without its MOD sample, and the early-exit estimate: each against the plain version.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWire, toWire } from '../../cli/corpus/batch-wire';
import { BufferPool } from '../../cli/corpus/buffer-pool';
import { jsonlBatches } from '../../cli/corpus/jsonl-batches';
import { jsonlLines } from '../../cli/corpus/jsonl-lines';
import { PARALLEL_MIN, sketchCorpus } from '../../cli/corpus/pipeline';
import { plainLine } from '../../cli/corpus/sketch-lines';
import type { CorpusSpec, SketchedDoc, WantedSketch } from '../../cli/corpus/types';
import { PAGE_OPTIONS, SUPER_SHINGLES, compactMin, isResembleError, sketchText } from '../../lib/index';
import { compactMinInto, mergeResemblance, resemblesAtLeast } from '../../lib/corpus/sketch-columns';
import { sketchMin } from '../../lib/sketch/sketch';
import { sortSpreadHead } from '../../lib/sketch/sort';
import { buildCli } from '../../scripts/build-cli.mjs';

let dir: string;
let workerPath: string;
const text = (k: number, n = 300) => Array.from({ length: n }, (_, i) => `w${(i * 31 + k * 17) % 997}`).join(' ');
const stream = (...chunks: (string | Uint8Array)[]) =>
  (async function* () {
    for (const c of chunks) yield typeof c === 'string' ? Buffer.from(c) : c;
  })();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'resemble-batches-'));
  await buildCli({ quiet: true, outdir: join(dir, 'dist') });
  workerPath = join(dir, 'dist', 'resemble-worker.mjs');
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('jsonlBatches', () => {
  it('cuts the lines jsonlLines cuts, numbered alike, whatever the chunk size and the stream chunks', async () => {
    const input = `\uFEFF{"a":1}\n\n  \r\n{"b":2}\r\n0123456789ABCDEF\n{"c":"\u00e9"}\n${'x'.repeat(40)}\n{"d":4}`;
    const want: unknown[] = [];
    let blank = 0;
    for await (const l of jsonlLines(stream(input), 16, (b) => (blank += b)))
      want.push(l.tooLong ? ['long', l.line, l.bytes] : [l.line, Buffer.from(l.data).toString()]);
    for (const size of [1, 7, 1 << 20]) {
      for (const split of [1, 3, input.length]) {
        const parts: string[] = [];
        for (let i = 0; i < input.length; i += split) parts.push(input.slice(i, i + split));
        const got: unknown[] = [];
        let bytes = 0;
        for await (const c of jsonlBatches(stream(...parts), 16, size, size === 7 ? new BufferPool(64, 2) : undefined)) {
          if (c.tooLong) {
            got.push(['long', c.line, c.bytes]);
            bytes += c.bytes;
            continue;
          }
          const lines = Buffer.from(c.data).toString().split('\n');
          if (lines[lines.length - 1] === '') lines.pop();
          expect(lines).toHaveLength(c.lines);
          bytes += c.data.byteLength;
          lines.forEach((l, k) => {
            if (l.replace(/[ \t\r]/g, '') !== '') got.push([c.line + k, l]);
          });
        }
        expect(got).toEqual(want);
        expect(bytes).toBe(Buffer.byteLength(input));
      }
    }
    expect(blank).toBe(1 + 4);
  });
});

describe('the JSONL sketching path', () => {
  it('gives on two threads, columns and all, what the main thread gives, edge lines included', async () => {
    PARALLEL_MIN.jsonlBytes = 0;
    const lines = [
      JSON.stringify({ id: 'a', text: text(1) }),
      '',
      JSON.stringify({ text: text(2) }),
      '{not json',
      JSON.stringify({ id: 7, text: `<html><body><p>${text(3)}</p></body></html>` }),
      JSON.stringify({ id: 'ctl', text: `${text(4)}\u0000\u0001` }),
      JSON.stringify({ id: 'short', text: 'a few words only' }),
      JSON.stringify({ id: 'esc', text: `${text(5)} \\ "quoted" \t tab \u00e9t\u00e9 \ud83d\ude00` }),
      ...Array.from({ length: 60 }, (_, k) => JSON.stringify({ id: `d${k}`, text: text(10 + (k % 23), 200 + k) })),
    ];
    const file = join(dir, 'edge.jsonl');
    writeFileSync(file, `\uFEFF${lines.join('\r\n')}`);
    const spec: CorpusSpec = { paths: [], include: [], exclude: [], jsonl: file, idField: 'id', textField: 'text' };
    const run = async (workers: number, want: WantedSketch) => {
      const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
      const { docs, totals } = sketchCorpus(spec, want, { workers, skipBad: true, progress: false, label: 'sketching', workerPath, stderr: sink });
      const got: SketchedDoc[] = [];
      for await (const d of docs) got.push(d);
      return { got, totals: totals() };
    };
    for (const want of [
      { options: PAGE_OPTIONS, form: 'compact', simhash: true, superShingles: SUPER_SHINGLES },
      { options: PAGE_OPTIONS, form: 'compact', simhash: false, whole: true },
      { options: PAGE_OPTIONS, form: 'full', simhash: false },
    ] satisfies WantedSketch[]) {
      const one = await run(1, want);
      const two = await run(2, want);
      expect(two.got).toEqual(one.got);
      expect(two.totals).toEqual({ ...one.totals, workers: 2, seconds: two.totals.seconds });
      expect(one.totals.bytes).toBe(Buffer.byteLength(`\uFEFF${lines.join('\r\n')}`));
      expect(one.got.map((d) => d.seq)).toEqual([0, 1, 3, 5, 6, ...Array.from({ length: 60 }, (_, k) => 7 + k)]); // 2: bad JSON, 4: binary
    }
    PARALLEL_MIN.jsonlBytes = 4 << 20;
  }, 60_000);

  it('sends results as columns and back unchanged', () => {
    const docs: SketchedDoc[] = [
      {
        seq: 0,
        name: 'a',
        bytes: 10,
        fromPath: false,
        values: Uint32Array.of(1, 5, 9),
        keys: Uint32Array.of(3, 4),
        simhash: { hi: 0xffffffff, lo: 7 },
        whole: { whole: 2 ** 51 + 3, tokens: 9, distinct: 12 },
      },
      {
        seq: 0,
        name: 'b',
        bytes: 4,
        fromPath: true,
        cut: 3,
        values: Uint32Array.of(2),
        keys: Uint32Array.of(8, 9),
        simhash: { hi: 1, lo: 0x80000000 },
        whole: { whole: 1, tokens: 1, distinct: 1 },
      },
    ];
    const r = { results: [docs[0], { seq: 0, bad: 'x:2', reason: 'not valid JSON', bytes: 6 }, docs[1]], blank: 3 };
    const wire = toWire(r);
    expect(wire).toBeDefined();
    expect(fromWire(wire as NonNullable<typeof wire>)).toEqual(r);
  });

  it('takes a line for plain only when its text can hold no control character or U+FFFD', () => {
    const plain = (s: string | Buffer) => plainLine(typeof s === 'string' ? Buffer.from(s) : s);
    expect(plain('{"text":"a\\nb\\t\\"c\\"\\\\ \\/ \\f \\r \\u00e9 \\u001b \\u0041 é 😀"}')).toBe(true);
    for (const bad of ['{"text":"a\\bb"}', '{"text":"\\u0000"}', '{"text":"\\u001F"}', '{"text":"\\ufffd"}', '{"text":"\uFFFD"}'])
      expect(plain(bad)).toBe(false);
    expect(plain(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]))).toBe(false); // not UTF-8
    expect(plain('{"text":"\\\\u0000"}')).toBe(true); // an escaped backslash, then plain letters
  });
});

describe('MIN_s alone, its partial sort and the early-exit estimate', () => {
  it('sketchMin equals sketchText(...).min, including texts that make the guesses fail', () => {
    const texts = [
      text(1),
      text(2, 5000),
      'one two',
      Array.from({ length: 3000 }, (_, i) => `r${i % 40}`).join(' '), // few distinct shingles: the scan is redone
      `${'same words again '.repeat(400)}${text(3)}`,
      text(4, 40),
      text(5, 600), // between 3s and 8s shingles: guessed since #42's second pass
      Array.from({ length: 600 }, (_, i) => `q${i % 330}`).join(' '), // the same, repeating: redone
    ];
    for (const t of texts) {
      for (const o of [PAGE_OPTIONS, { ...PAGE_OPTIONS, size: 16, shingle: 3, seed: 99 }]) {
        const want = sketchText(t, o).min;
        expect(Array.from(sketchMin(t, o))).toEqual(Array.from(want));
        const out = new Uint32Array(want.length + 4);
        const n = compactMinInto(sketchMin(t, o), out, 4);
        expect(out.subarray(4, 4 + n)).toEqual(compactMin(want));
      }
    }
    let err: unknown;
    try {
      sketchMin(' . , ; '.repeat(600), PAGE_OPTIONS);
    } catch (e) {
      err = e;
    }
    expect(isResembleError(err, 'EMPTY_INPUT')).toBe(true);
  });

  it('sortSpreadHead sorts the head holding the k smallest, the tail all above it', () => {
    let x = 99;
    const rnd = () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x;
    };
    for (let k = 0; k < 300; k++) {
      const n = 1 + (rnd() % 600);
      const max = 2 ** 40;
      const a = Float64Array.from({ length: n }, () => (k % 5 === 0 ? rnd() % 50 : rnd() % 2 ** 30) * 1024);
      const want = Float64Array.from(a).sort();
      const head = sortSpreadHead(a, n, max, 128);
      expect(Float64Array.from(a.subarray(0, head))).toEqual(want.subarray(0, head));
      expect(Float64Array.from(a).sort()).toEqual(want);
      if (head < n) expect(Math.min(...a.subarray(head))).toBeGreaterThanOrEqual(a[head - 1]);
    }
  });

  it('resemblesAtLeast decides as mergeResemblance ≥ t', () => {
    let x = 12345;
    const rnd = () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x;
    };
    const set = (n: number, shared: Uint32Array) => {
      const s = new Set<number>(shared);
      while (s.size < n) s.add(rnd() % 5000);
      return Uint32Array.from([...s].sort((a, b) => a - b));
    };
    for (let k = 0; k < 3000; k++) {
      const common = Uint32Array.from({ length: rnd() % 140 }, () => rnd() % 5000);
      const a = set(Math.max(common.length, 1 + (rnd() % 128)), common);
      const b = set(Math.max(common.length, 1 + (rnd() % 128)), common);
      const s = [16, 64, 128][k % 3];
      const an = Math.min(a.length, s);
      const bn = Math.min(b.length, s);
      for (const t of [0.1, 0.3, 0.5, 0.65, 0.9, 1]) {
        expect(resemblesAtLeast(a, 0, an, b, 0, bn, s, t)).toBe(mergeResemblance(a, 0, an, b, 0, bn, s) >= t);
      }
    }
  });
});
