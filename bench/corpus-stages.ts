/**
 * Issue #42's per-stage profile of `resemble cluster --jsonl` on one thread: each stage of a document's
 * way through the CLI, timed alone (CPU µs a document, on the first documents of the corpus file), for
 * the path before issue #42 and the path after it, and the floor beside them: one thread's
 * `JSON.parse` and the library's sketch (bench `floor`, the rate the issue measures against).
 */
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import { serialize, deserialize } from 'node:v8';
import { PAGE_OPTIONS, SketchColumns, canonicalSource, compactMin, sketchText } from '../lib/index';
import { compactMinInto } from '../lib/corpus/sketch-columns';
import { sketchMin, sketchMinAscii } from '../lib/sketch/sketch';
import { AsciiText, fieldBytes, lineFields } from '../cli/corpus/line-fields';
import { fromWire, toWire } from '../cli/corpus/batch-wire';
import { jsonlLines } from '../cli/corpus/jsonl-lines';
import { jsonlBatches } from '../cli/corpus/jsonl-batches';
import type { SketchedDoc } from '../cli/corpus/types';
import { floorHash } from './floor';

export interface Stage {
  stage: string;
  before: number | null;
  after: number | null;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};

/** Best of `rounds` CPU times of `f` over the sample, in µs a document. */
async function time(docs: number, rounds: number, f: () => number | Promise<number>): Promise<number> {
  let best = Infinity;
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = cpuMs();
    sink += await f();
    best = Math.min(best, cpuMs() - t0);
  }
  if (sink === -1) console.log(sink);
  return Number(((best * 1e3) / docs).toFixed(2));
}

/** The first `n` lines of `file` (bytes), for the one-thread stages. */
export function sampleLines(file: string, n: number): Buffer[] {
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.alloc(n * 8000);
  const got = fs.readSync(fd, buf, 0, buf.length, 0);
  fs.closeSync(fd);
  const lines: Buffer[] = [];
  for (let from = 0; lines.length < n; ) {
    const nl = buf.indexOf(10, from);
    if (nl < 0 || nl >= got) break;
    lines.push(buf.subarray(from, nl + 1));
    from = nl + 1;
  }
  return lines;
}

export interface Floor {
  /**
   * One thread's bytes → string → JSON.parse, the library's whole sketch, its MIN_s alone (from the
   * string, and from the line's bytes), and bench/floor.ts (tokenize + rolling hash only).
   */
  parseMBs: number;
  sketchMBs: number;
  minOnlyMBs: number;
  fromBytesMBs: number;
  kernelMBs: number;
  /** Share of the sample's lines whose text was read from the bytes (the rest take JSON.parse). */
  fromBytes: number;
  bytes: number;
}

export async function stages(lines: Buffer[], rounds: number): Promise<{ stages: Stage[]; floor: Floor }> {
  const n = lines.length;
  const bytes = lines.reduce((a, l) => a + l.length, 0);
  const texts = lines.map((l) => JSON.parse(l.toString('utf8', 0, l.length - 1)).text as string);
  const canon = texts.map((t) => canonicalSource(t));
  const big = Buffer.concat(lines);
  const fmins = canon.map((t) => sketchText(t, PAGE_OPTIONS).min);
  const mins = fmins.map((m) => compactMin(m));
  const docs: SketchedDoc[] = mins.map((v, i) => ({ seq: i, name: `u${i}`, bytes: lines[i].length, fromPath: false, values: v }));
  const per = (f: () => number | Promise<number>) => time(n, rounds, f);
  const chunks = async function* () {
    for (let i = 0; i < big.length; i += 1 << 20) yield big.subarray(i, i + (1 << 20));
  };
  const parse = await per(() => lines.reduce((a, l) => a + JSON.parse(l.toString('utf8', 0, l.length - 1)).text.length, 0));
  // After: the line's fields found in its bytes, its ASCII text copied out and checked (./cli/corpus/line-fields.ts).
  const textName = fieldBytes('text') as Uint8Array;
  const idName = fieldBytes('id') as Uint8Array;
  const ascii = new AsciiText();
  const bare = lines.map((l) => l.subarray(0, l.length - 1));
  const fields = bare.map((l) => lineFields(l, textName, idName));
  const fast = fields.filter((f, i) => f !== undefined && ascii.read(bare[i], f) >= 0).length;
  const readBytes = await per(() =>
    bare.reduce((a, l) => {
      const f = lineFields(l, textName, idName);
      return a + (f ? ascii.read(l, f) : 0);
    }, 0),
  );
  const copies = bare.map((l, i) => {
    const f = fields[i];
    const chars = f ? ascii.read(l, f) : -1;
    return { bytes: ascii.bytes.slice(0, (f?.to ?? 0) - (f?.from ?? 0) + 24), len: (f?.to ?? 0) - (f?.from ?? 0), chars };
  });
  const cols = await per(() => columns(mins));
  const out: Stage[] = [
    // Before: each line copied out of the stream into a buffer of its own; after: 1 MB chunks of whole lines.
    {
      stage: 'split lines (main thread)',
      before: await per(() => count(jsonlLines(chunks()))),
      after: await per(() => count(jsonlBatches(chunks(), 64 << 20, 1 << 20))),
    },
    // After, a plain ASCII text is never a string: its line's fields are found in the bytes and the text is
    // copied out, its escapes blanked, and checked for what the string path would have to handle.
    { stage: 'read the line: string + JSON.parse / its bytes', before: parse, after: readBytes },
    {
      stage: 'binary check + markup sniff (after: in the read)',
      before: await per(() => texts.reduce((a, t) => a + canonicalSource(t).length, 0)),
      after: null,
    },
    {
      stage: 'sketch: MIN_s and MOD / MIN_s from the bytes',
      before: await per(() => canon.reduce((a, t) => a + sketchText(t, PAGE_OPTIONS).min.length, 0)),
      after: await per(() => copies.reduce((a, c) => a + (c.chars < 0 ? 0 : (sketchMinAscii(c.bytes, c.len, c.chars, PAGE_OPTIONS)?.length ?? 0)), 0)),
    },
    { stage: 'compact values', before: await per(() => fmins.reduce((a, m) => a + compactMin(m).length, 0)), after: await per(() => compactInto(fmins)) },
    { stage: 'results to the main thread (cloned both ways)', before: await per(() => cloneEach(docs)), after: await per(() => cloneWire(docs)) },
    { stage: 'compact columns (main thread)', before: cols, after: cols },
  ];
  const kernel = await per(() => canon.reduce((a, t) => a + floorHash(t, PAGE_OPTIONS.shingle), 0));
  // Rates of the text's bytes (the JSON line's for parsing), as bench/sketch.bench.ts counts them.
  const textBytes = canon.reduce((a, t) => a + Buffer.byteLength(t), 0) / n;
  const mb = (b: number, us: number | null) => Number((b / (us as number)).toFixed(0));
  const minOnly = await per(() => canon.reduce((a, t) => a + sketchMin(t, PAGE_OPTIONS).length, 0));
  const floor = {
    parseMBs: mb(bytes / n, parse),
    sketchMBs: mb(textBytes, out[3].before),
    minOnlyMBs: mb(textBytes, minOnly),
    fromBytesMBs: mb(textBytes, out[3].after),
    kernelMBs: mb(textBytes, kernel),
    fromBytes: Number((fast / n).toFixed(4)),
    bytes,
  };
  return { stages: out, floor };
}

async function count(it: AsyncIterable<unknown>): Promise<number> {
  let k = 0;
  for await (const _ of it) k++;
  return k;
}
function compactInto(mins: Float64Array[]): number {
  const out = new Uint32Array(128 * 256);
  let a = 0;
  for (let i = 0; i < mins.length; i++) a += compactMinInto(mins[i], out, (i & 255) * 128);
  return a;
}
function cloneEach(docs: SketchedDoc[]): number {
  let a = 0;
  for (let i = 0; i < docs.length; i += 128) a += (deserialize(serialize(docs.slice(i, i + 128))) as unknown[]).length;
  return a;
}
function cloneWire(docs: SketchedDoc[]): number {
  let a = 0;
  for (let i = 0; i < docs.length; i += 200)
    a += fromWire(deserialize(serialize(toWire({ results: docs.slice(i, i + 200), blank: 0 }))) as never).results.length;
  return a;
}
function columns(mins: Uint32Array[]): number {
  const c = new SketchColumns(128);
  for (const v of mins) c.add(v);
  return c.count;
}
