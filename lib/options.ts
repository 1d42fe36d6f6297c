import { ResembleError } from './errors';

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
 * Page defaults. w = 5: on the Gutenberg and licensee corpora (scripts/measure-shingle-size.ts, run
 * 2026-11-22) w = 5 gave the widest gap between the least similar same-text pair and the most similar
 * different-text pair; w = 10 (Broder's choice for the whole web) lowers same-book resemblance of
 * re-edited editions by ~0.1 while cutting cross-text matches by less than 0.01.
 * s = 128: standard error of r is at most 1/(2*sqrt(128)) = 0.044 while a sketch stays 1 KB.
 */
export const PAGE_OPTIONS: SketchOptions = { shingle: 5, size: 128, seed: 0, modMax: 100, maxChars: 64 * 1024 * 1024 };

/**
 * Snippet defaults. w = 2: a 30-word snippet has only ~28 shingles; with w = 2 one edited word changes
 * 2 of them instead of 5, so light rewording of a syndicated snippet still reads as alike (measured in
 * scripts/measure-shingle-size.ts). The whole shingle set fits in MIN_128, so the estimate is exact.
 */
export const SNIPPET_OPTIONS: SketchOptions = { ...PAGE_OPTIONS, shingle: 2 };

export function resolveOptions(opts: Partial<SketchOptions> | undefined, base: SketchOptions = PAGE_OPTIONS): SketchOptions {
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
  return o;
}
