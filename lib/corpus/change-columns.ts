import { commonCount } from '../sketch/estimate';
import { SketchColumns, mergeResemblance } from './sketch-columns';

/**
 * One snapshot of a corpus as `resemble changes` keeps it (issue #40): per document its compact MIN_s
 * values (SketchColumns: at most 4·s bytes, 8 of index) and 16 bytes more: the fingerprint of its whole
 * canonical text and its token count (the same text, as lexicallyEquivalent decides it) and its count
 * of distinct shingles (whether the sketch holds the whole set, for containment). No text, no object a
 * document; the ids are the caller's.
 */
export class ChangeColumns {
  readonly cols: SketchColumns;
  private whole = new Float64Array(1024);
  private tokens = new Uint32Array(1024);
  private distinct = new Uint32Array(1024);

  constructor(readonly size: number) {
    this.cols = new SketchColumns(size);
  }

  get count(): number {
    return this.cols.count;
  }

  /** Adds a document; returns its index. */
  add(values: Uint32Array, whole: number, tokens: number, distinct: number): number {
    const i = this.cols.add(values);
    if (i === this.whole.length) this.grow();
    this.whole[i] = whole;
    this.tokens[i] = tokens;
    this.distinct[i] = distinct;
    return i;
  }

  private grow(): void {
    const n = this.whole.length * 2;
    const w = new Float64Array(n);
    w.set(this.whole);
    const t = new Uint32Array(n);
    t.set(this.tokens);
    const d = new Uint32Array(n);
    d.set(this.distinct);
    this.whole = w;
    this.tokens = t;
    this.distinct = d;
  }

  wholeOf(i: number): number {
    return this.whole[i];
  }
  tokensOf(i: number): number {
    return this.tokens[i];
  }
  /** The sketch holds every shingle of document i (it has at most s distinct ones). */
  completeOf(i: number): boolean {
    return this.distinct[i] <= this.size;
  }

  /** Bytes held by the typed arrays (the sketch values, their index and the three columns). */
  get bytes(): number {
    return this.cols.bytes + this.whole.byteLength + this.tokens.byteLength + this.distinct.byteLength;
  }
}

/** A document as `compare` sees it: its compact values and whether they are its whole shingle set. */
export interface CompactDoc {
  values: Uint32Array;
  start: number;
  length: number;
  complete: boolean;
}

export function docOf(c: ChangeColumns, i: number): CompactDoc {
  return { values: c.cols.chunkOf(i), start: c.cols.startOf(i), length: c.cols.lengthOf(i), complete: c.completeOf(i) };
}

/** Estimated resemblance of two compact sketches of size s. */
export function docResemblance(x: CompactDoc, y: CompactDoc, s: number): number {
  return mergeResemblance(x.values, x.start, x.length, y.values, y.start, y.length, s);
}

/**
 * Containment of x in y from compact MIN_s values: estimate.ts's minContainment on slices. Every value
 * of x's set below τ = min(max x, max y) is in x's sketch, and every value of y's set below τ in y's,
 * so which of x's values up to τ are in y is known exactly; a sketch holding its whole set sets no bound.
 */
export function docContainment(x: CompactDoc, y: CompactDoc, s: number): number {
  const nx = Math.min(x.length, s);
  const ny = Math.min(y.length, s);
  const tx = x.complete || nx === 0 ? Infinity : x.values[x.start + nx - 1];
  const ty = y.complete || ny === 0 ? Infinity : y.values[y.start + ny - 1];
  const tau = Math.min(tx, ty);
  let sample = 0;
  while (sample < nx && x.values[x.start + sample] <= tau) sample++;
  if (sample === 0) return 0;
  const xs = x.values.subarray(x.start, x.start + sample);
  const ys = y.values.subarray(y.start, y.start + ny);
  return commonCount(xs, sample, ys, ny) / sample;
}
