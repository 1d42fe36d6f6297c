import { fmix32 } from '../sketch/hash';
import type { SketchColumns } from './sketch-columns';

/**
 * Super shingles as min-wise LSH bands over the sketch (issue #31's candidate step at corpus scale).
 *
 * The seed (Broder et al. 1997) shingles the sorted sketch: two documents share a super shingle when
 * their sketches share a run of consecutive values. On a bottom-s sketch at 50% resemblance every
 * fourth or so value is not common, so runs are short and plain windows match poorly. Instead: the
 * Jaccard of the two sketches taken as sets tracks the documents' resemblance, so min-wise hashing over
 * the sketch values gives bands. For band b, every compact value is re-hashed with a per-band seed
 * (one xor, one imul, one xorshift) and the `rows` smallest are fingerprinted, sorted, into a 32-bit key.
 * Two sketches with set-Jaccard J share a band's key with probability ≈ J^rows, and at least one of
 * `bands` keys with 1 − (1 − J^rows)^bands.
 *
 * Measured (.scratch/columns/curve.ts: 2,000 pairs per point of 800-shingle documents, about a 5 KB
 * page, with random 52-bit fingerprints, bottom-128 sketches, compactMin), P(share ≥ 1 key):
 *   resemblance        0.15   0.3    0.4    0.5    0.7    0.9
 *   rows 1, bands 8    0.73   0.93   0.98   0.99   1.00   1.00
 *   rows 2, bands 12   0.23   0.63   0.86   0.95   1.00   1.00
 *   rows 2, bands 16   0.29   0.74   0.92   0.98   1.00   1.00   ← SUPER_SHINGLES
 *   rows 2, bands 20   0.34   0.81   0.96   0.99   1.00   1.00
 *   rows 3, bands 32   0.09   0.53   0.83   0.97   1.00   1.00
 * (per band ≈ J^rows with sketch Jaccard J ≈ 0.46 at resemblance 0.5; bands behave as independent.)
 * Documents of 100 shingles (the whole set is the sketch), rows 2 × 16 bands: 0.31 0.77 0.93 0.99 1.00 1.00.
 * On 1 M generated documents (2% in families of 4 at resemblance 0.6, t = 0.5) 'super' found 4,991 of
 * 5,000 families whole, as many as the exact 'prefix' (4,993), merging none. Cost: 16 × s hash steps a
 * document, ≈ 17 µs of CPU on this (loaded) machine, about the floor of that many imul steps here.
 * rows 2 × 16 bands: a pair at 0.5 is a candidate 98% of the time, and single link raises a family's
 * recall further (a member usually links to several others), for 64 bytes a document beside the 512
 * bytes of sketch values. rows 1 makes a pair at 0.15 (shared boilerplate) a candidate 73% of the time;
 * rows 3 needs twice the bands (and bytes) for the same recall. Unrelated documents share a key only
 * by a 32-bit collision: n²/2^33 pairs a band (≈ 120 at 1 M documents), all rejected by the estimate.
 *
 * The seed's caveats become: (1) containment is not found: a small A inside a large B has sketch
 * Jaccard ≈ |A|/|B| (B's bottom s values hold only that share of A's), so A and B become candidates
 * only when their resemblance is itself high, as with the full comparison; containment needs the MOD
 * samples, which the compact columns do not keep. (2) A sketch with fewer than `rows` values (a document
 * of fewer than `rows` shingles, i.e. under rows + w − 1 words) gets one key of all its values, so it
 * matches only a document with exactly the same values: {a} and {a, b} (resemblance 0.5) are missed,
 * and the 'prefix' candidates find them. Documents with at least `rows` values are sampled as any other
 * (their whole set is their sketch, so J is their exact resemblance).
 */
export interface SuperShingleOptions {
  /** Super shingles per document (LSH bands). */
  bands: number;
  /** Sketch values fingerprinted into each (rows per band). */
  rows: number;
}

export const SUPER_SHINGLES: SuperShingleOptions = Object.freeze({ bands: 16, rows: 2 });

/** At most this many rows (the kept minima live in a fixed scratch array). */
export const MAX_ROWS = 16;

const seeds: number[] = [];
const muls: number[] = [];
/** Band b's xor seed and odd multiplier: fixed, so keys are comparable across runs and workers. */
function bandParams(b: number): void {
  for (let i = seeds.length; i <= b; i++) {
    seeds.push(fmix32(Math.imul(i + 1, 0x9e3779b1) ^ 0x243f6a88) >>> 0);
    muls.push((fmix32(Math.imul(i + 1, 0x85ebca6b) ^ 0x13198a2e) | 1) >>> 0);
  }
}

const kept = new Uint32Array(MAX_ROWS);

/** Band `band`'s key of the values v[start, start + len). */
export function bandKey(v: Uint32Array, start: number, len: number, band: number, rows: number): number {
  if (band >= seeds.length) bandParams(band);
  const seed = seeds[band];
  const mul = muls[band];
  const end = start + len;
  let key = Math.imul(band + 1, 0x27d4eb2f);
  if (len < rows) {
    // Too few values to sample: the key is all of them.
    for (let i = start; i < end; i++) key = Math.imul(key ^ v[i], 0x9e3779b1) + 0x165667b1;
    return fmix32(key ^ len) >>> 0;
  }
  // Keep the `rows` smallest band hashes, ascending in kept[0, rows); kept[rows - 1] is the bar.
  let k = 0;
  let bar = 0xffffffff;
  for (let i = start; i < end; i++) {
    let h = Math.imul(v[i] ^ seed, mul);
    h = (h ^ (h >>> 16)) >>> 0;
    if (k < rows || h < bar) {
      let p = k < rows ? k++ : rows - 1;
      while (p > 0 && kept[p - 1] > h) {
        kept[p] = kept[p - 1];
        p--;
      }
      kept[p] = h;
      if (k === rows) bar = kept[rows - 1];
    }
  }
  for (let i = 0; i < rows; i++) key = Math.imul(key ^ kept[i], 0x9e3779b1) + 0x165667b1;
  return fmix32(key) >>> 0;
}

/** A document's super shingles from its compact MIN_s values: `bands` 32-bit keys. */
export function superShingles(values: Uint32Array, opts: SuperShingleOptions = SUPER_SHINGLES, out?: Uint32Array): Uint32Array {
  checkOptions(opts);
  const keys = out ?? new Uint32Array(opts.bands);
  for (let b = 0; b < opts.bands; b++) keys[b] = bandKey(values, 0, values.length, b, opts.rows);
  return keys;
}

export function checkOptions(opts: SuperShingleOptions): void {
  if (!(opts.rows >= 1 && opts.rows <= MAX_ROWS && Number.isInteger(opts.rows))) throw new RangeError(`rows must be 1..${MAX_ROWS}`);
  if (!(opts.bands >= 1 && Number.isInteger(opts.bands))) throw new RangeError('bands must be a positive integer');
}

/** One band's keys for every document of `cols` (computed band by band when no BandKeys are kept). */
export function bandColumn(cols: SketchColumns, band: number, rows: number, out?: Uint32Array): Uint32Array {
  const n = cols.count;
  const keys = out && out.length >= n ? out : new Uint32Array(n);
  for (let i = 0; i < n; i++) keys[i] = bandKey(cols.chunkOf(i), cols.startOf(i), cols.lengthOf(i), band, rows);
  return keys;
}

/** Every document's super shingles, one growable Uint32Array per band (4 bytes a document a band). */
export class BandKeys {
  private cols: Uint32Array[];
  private n = 0;

  constructor(readonly bands: number) {
    this.cols = Array.from({ length: bands }, () => new Uint32Array(1024));
  }

  add(keys: Uint32Array): number {
    if (keys.length !== this.bands) throw new RangeError(`expected ${this.bands} keys, got ${keys.length}`);
    if (this.n === this.cols[0].length) {
      // Doubling copies one band at a time (4 bytes a document), never the whole table at once.
      for (let b = 0; b < this.bands; b++) {
        const next = new Uint32Array(this.n * 2);
        next.set(this.cols[b]);
        this.cols[b] = next;
      }
    }
    for (let b = 0; b < this.bands; b++) this.cols[b][this.n] = keys[b];
    return this.n++;
  }

  /** Band b's keys of documents 0..count-1 (a view). */
  band(b: number): Uint32Array {
    return this.cols[b].subarray(0, this.n);
  }

  get count(): number {
    return this.n;
  }

  get bytes(): number {
    return this.bands * this.cols[0].byteLength;
  }
}
