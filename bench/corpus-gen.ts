import type { Writable } from 'node:stream';
import { VOCAB } from './vocab';

/**
 * Issue #31's generated corpus: N documents of ~5 KB as JSONL lines {"id": "...", "text": "..."}, with
 * planted near-duplicate families, made fast enough (hundreds of MB/s on one core) that a CLI reading it
 * from a pipe is the bottleneck. Words are bench/vocab.ts's 2,000 (lower-case a-z and digits: no JSON
 * escaping) drawn with Zipf weights 1 / (rank + 2.7), so two unrelated documents share a 5-word shingle
 * with probability about (Σ p²)⁵ ≈ 1e-10 per pair of positions: unrelated really is unrelated.
 *
 * Ground truth is in the id: "f000123-0" is family 123's base, "f000123-2" its member 2 (a near-copy),
 * "u0004567" an unrelated document. Every document is a pure function of (seed, id), so a member is made
 * wherever the shuffled order puts it (its base is made again from the family's seed, never stored).
 * A member's edits (word substitutions, insertions, deletions, a moved paragraph, a new header or footer)
 * sit at least 5 words apart and off paragraph junctions, so each removes and adds a known number of
 * shingles; edits are added until (n − removed) / (n + added), its resemblance to the base, reaches a
 * target drawn uniformly from [0.55, 0.95] (test/unit/corpus-gen.test.ts checks it with lib's exact sets).
 */
export interface CorpusGenOptions {
  docs: number;
  seed: number;
  /** Fraction of documents that are family bases (each with 1–9 near-copies). */
  familyShare: number;
  /** Mean document size in bytes of text (each is 0.8–1.2 times it). */
  docBytes: number;
}
export const CORPUS_DEFAULTS: CorpusGenOptions = Object.freeze({ docs: 1_000_000, seed: 31, familyShare: 0.02, docBytes: 5000 });
/** The planted members' resemblance to their base is drawn from [MIN_R, MAX_R]. */
export const MIN_R = 0.55;
export const MAX_R = 0.95;

const HEADER = 8; // words in the header and in the footer paragraph
const PARA = 0xffff; // paragraph break in a word array
const SLOT = 12; // a word edit sits in its own 12-word slot, 4 words from either end of it

// Words as bytes: one buffer, offsets and lengths; ZIPF maps 16 random bits to a word (every word gets ≥ 1 slot).
const enc = new TextEncoder();
const WORD_OFF = new Uint32Array(VOCAB.length + 1);
for (let i = 0; i < VOCAB.length; i++) WORD_OFF[i + 1] = WORD_OFF[i] + VOCAB[i].length;
const WORD_BYTES = enc.encode(VOCAB.join(''));
/** Each word and a space in its own 8-byte slot (words of up to 7 letters: copied as 8 fixed bytes, no branch per byte). */
const WORD8 = new Uint8Array(VOCAB.length * 8).fill(32);
VOCAB.forEach((w, i) => w.length <= 7 && WORD8.set(enc.encode(w), i * 8));
/** A word's bytes and the space after it. */
const WORD_SIZE = Uint8Array.from(VOCAB, (w) => w.length + 1);
const MAX_WORD = Math.max(...VOCAB.map((w) => w.length));
const ZIPF = (() => {
  const t = new Uint16Array(65536);
  let sum = 0;
  for (let r = 0; r < VOCAB.length; r++) sum += 1 / (r + 2.7);
  let at = 0;
  let acc = 0;
  for (let r = 0; r < VOCAB.length; r++) {
    acc += 1 / (r + 2.7) / sum;
    const end = r === VOCAB.length - 1 ? 65536 : Math.min(65536 - (VOCAB.length - 1 - r), Math.max(at + 1, Math.round(acc * 65536)));
    t.fill(r, at, end);
    at = end;
  }
  return t;
})();

// mulberry32 on module state: one call per random number, no objects.
let st = 0;
function rnd(): number {
  st = (st + 0x6d2b79f5) | 0;
  let t = Math.imul(st ^ (st >>> 15), 1 | st);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return (t ^ (t >>> 14)) >>> 0;
}
/** Seeds the generator from (seed, a, b): each document's stream is independent of the others. */
function reseed(seed: number, a: number, b: number): void {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ a, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ b, 0x27d4eb2f);
  st = h ^ (h >>> 15);
}

export interface CorpusPlan {
  docs: number;
  families: number;
  /** Members (base included, 2–10) of each family. */
  familySizes: Uint8Array;
  unrelated: number;
  /** Stream order: family f's member m is f * 16 + m; unrelated u is −1 − u. */
  order: Int32Array;
}

/** Which document comes where: families' members shuffled among the unrelated, none next to its own family. */
export function planCorpus(opts: CorpusGenOptions): CorpusPlan {
  const n = opts.docs;
  let families = Math.round(n * opts.familyShare);
  const sizes = new Uint8Array(families);
  reseed(opts.seed, -1, 0);
  let inFamilies = 0;
  for (let f = 0; f < families; f++) {
    sizes[f] = 2 + (rnd() % 9);
    if (inFamilies + sizes[f] > n) {
      families = f;
      break;
    }
    inFamilies += sizes[f];
  }
  const order = new Int32Array(n);
  let k = 0;
  for (let f = 0; f < families; f++) for (let m = 0; m < sizes[f]; m++) order[k++] = f * 16 + m;
  const unrelated = n - k;
  for (let u = 0; u < unrelated; u++) order[k++] = -1 - u;
  for (let i = n - 1; i > 0; i--) {
    const j = rnd() % (i + 1);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  // Neighbours from one family are moved apart (a few passes; each swap rarely makes a new pair).
  for (let pass = 0, moved = 1; moved > 0 && pass < 20; pass++) {
    moved = 0;
    for (let i = 0; i + 1 < n; i++) {
      if (order[i] >= 0 && order[i + 1] >= 0 && order[i] >> 4 === order[i + 1] >> 4) {
        const j = rnd() % n;
        const t = order[i + 1];
        order[i + 1] = order[j];
        order[j] = t;
        moved++;
      }
    }
  }
  return { docs: n, families, familySizes: sizes.subarray(0, families), unrelated, order };
}

/** The family of an id (−1 for an unrelated document) and its member number (0 = the base). */
export function parseId(id: string): { family: number; member: number } {
  if (id.charCodeAt(0) !== 102 /* f */) return { family: -1, member: -1 };
  const dash = id.indexOf('-');
  return { family: Number(id.slice(1, dash)), member: Number(id.slice(dash + 1)) };
}

/** A base document as word numbers with PARA between paragraphs: header, 40–139-word paragraphs, footer. */
function makeBase(opts: CorpusGenOptions, family: number, out: Uint16Array, unrelated: boolean): number {
  reseed(opts.seed, unrelated ? 1 : 2, family);
  const target = opts.docBytes * (0.8 + 0.4 * (rnd() / 4294967296));
  let w = 0;
  let bytes = 0;
  for (let i = 0; i < HEADER; i++) out[w++] = ZIPF[rnd() >>> 16];
  out[w++] = PARA;
  // The hottest loop: Marsaglia's xorshift128 in locals, two words per draw (16 bits each), no calls. A
  // 32-bit state would not do: a million documents' runs would overlap in its 2^32 cycle (shared text).
  let x = rnd() | 0; // | 0: int32 locals, never doubles
  let y = rnd() | 0;
  let z = rnd() | 0;
  let v = rnd() | 1;
  while (bytes < target - HEADER * 12) {
    const end = w + 40 + 2 * (rnd() % 50);
    while (w < end) {
      const t = x ^ (x << 11);
      x = y;
      y = z;
      z = v;
      v = v ^ (v >>> 19) ^ t ^ (t >>> 8);
      const r1 = ZIPF[v & 0xffff];
      const r2 = ZIPF[v >>> 16];
      out[w++] = r1;
      out[w++] = r2;
      bytes += WORD_SIZE[r1] + WORD_SIZE[r2];
    }
    out[w++] = PARA;
  }
  for (let i = 0; i < HEADER; i++) out[w++] = ZIPF[rnd() >>> 16];
  return w;
}

/** The last member's planned resemblance to its base, (n − removed) / (n + added). */
let planned = 1;

// Per-position edit codes of a member (type * 4 + k words).
const SUB = 1;
const INS = 2;
const DEL = 3;

/** Member m of a family: the base edited to a drawn target resemblance. Returns the word count written to `out`. */
function makeMember(opts: CorpusGenOptions, family: number, m: number, base: Uint16Array, baseLen: number, out: Uint16Array, edit: Uint8Array): number {
  // Paragraph ranges of the base.
  const starts: number[] = [];
  const ends: number[] = [];
  let tokens = 0;
  for (let i = 0, s = 0; i <= baseLen; i++) {
    if (i === baseLen || base[i] === PARA) {
      starts.push(s);
      ends.push(i);
      tokens += i - s;
      s = i + 1;
    }
  }
  const P = starts.length;
  reseed(opts.seed, 3 + m, family);
  const target = MIN_R + (MAX_R - MIN_R) * (rnd() / 4294967296);
  const n = tokens - 4;
  // Actions: 0 header, 1 footer, 2 move a paragraph, 3+ a slot (paragraph body, 12 words), shuffled.
  const slots: number[] = [];
  for (let p = 1; p < P - 1; p++) for (let s = starts[p]; s + SLOT <= ends[p]; s += SLOT) slots.push(s);
  const actions = [0, 1, 2, ...slots.map((_, i) => 3 + i)];
  for (let i = actions.length - 1; i > 0; i--) {
    const j = rnd() % (i + 1);
    const t = actions[i];
    actions[i] = actions[j];
    actions[j] = t;
  }
  edit.fill(0, 0, baseLen);
  let removed = 0;
  let added = 0;
  let newHeader = false;
  let newFooter = false;
  let moveFrom = -1;
  let moveBefore = -1;
  for (let a = 0; a < actions.length && (n - removed) / (n + added) > target; a++) {
    const act = actions[a];
    if (act === 0 || act === 1) {
      if (act === 0) newHeader = true;
      else newFooter = true;
      removed += HEADER;
      added += HEADER;
    } else if (act === 2) {
      // Body paragraphs 1..P-2; junctions touching the header or footer are left to those edits.
      if (P < 8) continue;
      moveFrom = 2 + (rnd() % (P - 5)); // 2..P-4
      do
        moveBefore = 2 + (rnd() % (P - 4)); // 2..P-3
      while (moveBefore === moveFrom || moveBefore === moveFrom + 1);
      removed += 12;
      added += 12;
    } else {
      const p = slots[act - 3] + 4 + (rnd() & 1);
      const k = 1 + (rnd() % 3);
      const type = 1 + (rnd() % 3);
      edit[p] = type * 4 + k;
      removed += type === INS ? 4 : 4 + k;
      added += type === DEL ? 4 : 4 + k;
    }
  }
  planned = (n - removed) / (n + added);
  // Write the member: paragraphs in their new order, word edits applied.
  let w = 0;
  const fresh = (count: number, avoid: number) => {
    for (let i = 0; i < count; i++) {
      let r = ZIPF[rnd() >>> 16];
      while (r === avoid) r = ZIPF[rnd() >>> 16];
      out[w++] = r;
    }
  };
  for (let q = 0; q < P; q++) {
    if (q === moveFrom) continue;
    const emit = (p: number) => {
      if ((p === 0 && newHeader) || (p === P - 1 && newFooter)) fresh(HEADER, -1);
      else {
        for (let i = starts[p]; i < ends[p]; i++) {
          const e = edit[i];
          const k = e & 3;
          if (e >> 2 === SUB) {
            for (let j = 0; j < k; j++) fresh(1, base[i + j]);
            i += k - 1;
          } else if (e >> 2 === INS) {
            fresh(k, base[i - 1]);
            out[w++] = base[i];
          } else if (e >> 2 === DEL) i += k - 1;
          else out[w++] = base[i];
        }
      }
      if (p !== P - 1) out[w++] = PARA;
    };
    if (q === moveBefore) emit(moveFrom);
    emit(q);
  }
  return w;
}

/** Writes `"id"` digits: `width` decimal digits of v at buf[at]. */
function digits(buf: Uint8Array, at: number, v: number, width: number): number {
  for (let i = width - 1; i >= 0; i--) {
    buf[at + i] = 48 + (v % 10);
    v = Math.floor(v / 10);
  }
  return at + width;
}

/**
 * Member m's planned resemblance to its base (within ~0.01 of the exact value: the unit test compares
 * them). Makes the base and the member again (about 0.1 ms), so a bench can bin recall by resemblance.
 */
export function plannedResemblance(opts: CorpusGenOptions, family: number, member: number): number {
  const cap = Math.ceil(opts.docBytes * 1.5) + 64;
  const base = new Uint16Array(cap);
  const baseLen = makeBase(opts, family, base, false);
  makeMember(opts, family, member, base, baseLen, new Uint16Array(cap * 2), new Uint8Array(cap));
  return planned;
}

const CHUNK = 1 << 20;
const HEAD = enc.encode('{"id":"');
const MID = enc.encode('","text":"');
const TAIL = enc.encode('"}\n');

/** One JSONL line at buf[pos]; returns the position after it. Kept out of the generator so V8 optimizes it as a plain loop. */
function writeLine(buf: Uint8Array, pos: number, code: number, d: number, arr: Uint16Array, len: number, famWidth: number, unWidth: number): number {
  buf.set(HEAD, pos);
  pos += HEAD.length;
  if (code < 0) {
    buf[pos++] = 117; // u
    pos = digits(buf, pos, -1 - code, unWidth);
  } else {
    buf[pos++] = 102; // f
    pos = digits(buf, pos, code >> 4, famWidth);
    buf[pos++] = 45; // -
    buf[pos++] = 48 + (code & 15);
  }
  buf.set(MID, pos);
  pos += MID.length;
  // Text: words with a space between, ". " now and then (an LCG: punctuation is not part of any shingle), "\n\n" between paragraphs.
  let lcg = d | 1;
  for (let i = 0; i < len; i++) {
    const r = arr[i];
    if (r === PARA) {
      buf[pos - 1] = 92; // the space after the last word becomes "\n\n", escaped
      buf[pos++] = 110;
      buf[pos++] = 92;
      buf[pos++] = 110;
      continue;
    }
    const wl = WORD_SIZE[r];
    if (wl <= 8) {
      const b = r << 3;
      buf[pos] = WORD8[b];
      buf[pos + 1] = WORD8[b + 1];
      buf[pos + 2] = WORD8[b + 2];
      buf[pos + 3] = WORD8[b + 3];
      buf[pos + 4] = WORD8[b + 4];
      buf[pos + 5] = WORD8[b + 5];
      buf[pos + 6] = WORD8[b + 6];
      buf[pos + 7] = WORD8[b + 7];
      pos += wl - 1;
    } else for (let b = WORD_OFF[r], e = WORD_OFF[r + 1]; b < e; b++) buf[pos++] = WORD_BYTES[b];
    lcg = (Math.imul(lcg, 1103515245) + 12345) | 0;
    if (lcg >>> 28 === 0) buf[pos++] = 46; // .
    buf[pos++] = 32;
  }
  pos--; // the last space
  buf.set(TAIL, pos);
  pos += TAIL.length;
  return pos;
}

/**
 * The corpus as Buffers of whole JSONL lines (about 1 MB each, fresh per chunk so a stream may keep
 * them), in the plan's order.
 */
export function* corpusChunks(opts: CorpusGenOptions, plan: CorpusPlan = planCorpus(opts)): Generator<Buffer> {
  const cap = Math.ceil(opts.docBytes * 1.5) + 64;
  const base = new Uint16Array(cap);
  const words = new Uint16Array(cap * 2);
  const edit = new Uint8Array(cap);
  const famWidth = Math.max(6, String(plan.families).length);
  const unWidth = Math.max(7, String(plan.unrelated).length);
  let buf = Buffer.allocUnsafe(CHUNK);
  let pos = 0;
  for (let d = 0; d < plan.docs; d++) {
    const code = plan.order[d];
    let len: number;
    let arr: Uint16Array;
    if (code < 0) {
      len = makeBase(opts, -1 - code, base, true);
      arr = base;
    } else {
      const baseLen = makeBase(opts, code >> 4, base, false);
      if ((code & 15) === 0) {
        len = baseLen;
        arr = base;
      } else {
        len = makeMember(opts, code >> 4, code & 15, base, baseLen, words, edit);
        arr = words;
      }
    }
    const bound = len * (MAX_WORD + 4) + 64;
    if (pos + bound > buf.length) {
      yield buf.subarray(0, pos);
      buf = Buffer.allocUnsafe(Math.max(CHUNK, bound));
      pos = 0;
    }
    pos = writeLine(buf, pos, code, d, arr, len, famWidth, unWidth);
  }
  if (pos > 0) yield buf.subarray(0, pos);
}

/** Writes the corpus to `out` with backpressure (waits for 'drain'); stops if `out` errors or closes. */
export async function writeCorpus(out: Writable, opts: CorpusGenOptions, plan?: CorpusPlan): Promise<{ docs: number; bytes: number; seconds: number }> {
  const t0 = performance.now();
  let bytes = 0;
  let failed: Error | undefined;
  const onError = (e: Error) => {
    failed = e;
  };
  out.on('error', onError);
  try {
    for (const chunk of corpusChunks(opts, plan)) {
      if (failed || out.destroyed) break;
      bytes += chunk.length;
      if (!out.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            out.off('close', done);
            out.off('error', done);
            resolve();
          };
          out.on('drain', done);
          out.on('close', done);
          out.on('error', done);
        });
      }
    }
    if (failed) throw failed;
    await new Promise<void>((resolve) => out.end(resolve));
  } finally {
    out.off('error', onError);
  }
  return { docs: opts.docs, bytes, seconds: (performance.now() - t0) / 1e3 };
}
