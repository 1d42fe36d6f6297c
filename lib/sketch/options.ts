import { ResembleError } from '../errors';

export interface SketchOptions {
  /** w: words per shingle. */
  shingle: number;
  /** s: fingerprints kept in MIN_s. */
  size: number;
  /** Picks the hash permutation (an unsigned 32-bit integer); sketches compare only under the same seed. */
  seed: number;
  /** The MOD_{2^i} sample grows until it would exceed this many values, then i increases. */
  modMax: number;
  /** Characters read at most; beyond it the sketch is of the prefix and says `truncated`. */
  maxChars: number;
  /** Fingerprints to leave out (the paper's "very common shingles"), from `commonShingles`. */
  ignore?: ReadonlySet<number>;
}

/**
 * Page defaults, from `npx tsx scripts/measure-shingle-size.ts` (exact resemblance, 2026-11-22).
 * Gutenberg (same book in txt / 8-bit / HTML / revisions vs other books, which share the PG licence):
 *   w:                        3      4      5      7      10
 *   least similar same book   0.923  0.907  0.890  0.859  0.815
 *   most similar other book   0.146  0.147  0.150  0.153  0.152   (verbatim licence boilerplate)
 *   unrelated book bodies     0.012  0.001  0.0002 0.0002 0.0001
 * w = 5: unrelated prose stops sharing shingles (w = 3 and 4 still share common phrases above the
 * 1/s = 0.008 a 128-value sketch resolves) while the same-text/other-text gap (0.741) stays within 0.04
 * of the widest; Broder's w = 10 costs 0.075 of same-book resemblance and does nothing against the
 * boilerplate, which `commonShingles` handles instead.
 * s = 128: standard error of r is at most 1/(2·sqrt(128)) = 0.044 while a sketch stays under 2 KB.
 */
export const PAGE_OPTIONS: SketchOptions = Object.freeze({ shingle: 5, size: 128, seed: 0, modMax: 100, maxChars: 64 * 1024 * 1024 });

/**
 * Snippet defaults. Measured on 200 thirty-word passages and light rewrites of them (2 words replaced,
 * 1 dropped) against unrelated passages: mean rewrite r / 95th percentile unrelated r is
 * 0.861 / 0.163 for w = 1, 0.704 / 0.019 for w = 2, 0.589 / 0.000 for w = 3. w = 2 keeps rewrites well
 * above unrelated text with the widest gap (0.667); w = 1 lets shared common words look alike.
 * A snippet's ~28 shingles fit in MIN_128, so its sketch is its whole shingle set: exact.
 */
export const SNIPPET_OPTIONS: SketchOptions = Object.freeze({ ...PAGE_OPTIONS, shingle: 2 });

let lastIn: Partial<SketchOptions> | undefined;
let lastOut: SketchOptions | undefined;

/** Defaults filled in and every value checked. The same options object passed again is not re-checked. */
export function resolveOptions(opts: Partial<SketchOptions> | undefined, base: SketchOptions = PAGE_OPTIONS): SketchOptions {
  if (opts !== undefined && opts === lastIn && base === PAGE_OPTIONS && Object.isFrozen(opts)) return lastOut!;
  const o = { ...base, ...opts };
  const int = (name: keyof SketchOptions, v: unknown, lo: number, hi: number) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) {
      throw new ResembleError('BAD_OPTION', `${name} must be an integer from ${lo} to ${hi}, got ${String(v)}`);
    }
  };
  int('shingle', o.shingle, 1, 64);
  int('size', o.size, 1, 4096); // serialized lengths are 16-bit
  int('seed', o.seed, 0, 2 ** 32 - 1);
  int('modMax', o.modMax, 1, 4096);
  int('maxChars', o.maxChars, 1, 2 ** 30);
  if (opts !== undefined && Object.isFrozen(opts) && base === PAGE_OPTIONS) {
    lastIn = opts;
    lastOut = o;
  }
  return o;
}
