import { compactMin } from '../../../lib/corpus/sketch-columns';
import { mulberry32 } from './random';

/** Random 52-bit fingerprints from `rnd`: stand-ins for a document's shingles. */
export function randomFingerprints(rnd: () => number, n: number): number[] {
  return Array.from({ length: n }, () => Math.floor(rnd() * 4294967296) * 1048576 + Math.floor(rnd() * 1048576));
}

/** The compact bottom-s sketch of a fingerprint set. */
export function compactSketch(set: readonly number[], s = 128): Uint32Array {
  return compactMin(Float64Array.from(set).sort().subarray(0, s));
}

/**
 * Two documents of `size` shingles with resemblance r (|A ∩ B| / |A ∪ B|), as compact sketches:
 * c = 2rN/(1 + r) common shingles, the rest each document's own.
 */
export function pairAt(r: number, size: number, seed: number, s = 128): [Uint32Array, Uint32Array] {
  const rnd = mulberry32(seed);
  const c = Math.round((2 * r * size) / (1 + r));
  const common = randomFingerprints(rnd, c);
  return [compactSketch(common.concat(randomFingerprints(rnd, size - c)), s), compactSketch(common.concat(randomFingerprints(rnd, size - c)), s)];
}

/**
 * A corpus of `singles` unrelated documents plus `families` planted families of `members` documents each,
 * every member a shared core plus its own shingles so that two members' resemblance is `r` (or drawn
 * from [lo, hi) a family); lengths vary
 * from short (whole set in the sketch) to long. Returns sketches (shuffled) and each document's family (-1: none).
 */
export function plantedCorpus(
  seed: number,
  singles: number,
  families: number,
  members: number,
  r: number | [number, number],
): { sketches: Uint32Array[]; family: number[] } {
  const rnd = mulberry32(seed);
  const docs: { sketch: Uint32Array; family: number }[] = [];
  for (let i = 0; i < singles; i++) docs.push({ sketch: compactSketch(randomFingerprints(rnd, 20 + Math.floor(rnd() * 1500))), family: -1 });
  for (let f = 0; f < families; f++) {
    const size = 60 + Math.floor(rnd() * 1200);
    const rf = typeof r === 'number' ? r : r[0] + rnd() * (r[1] - r[0]);
    // core c, own u: r = c / (c + 2u), c + u = size.
    const u = Math.round((size * (1 - rf)) / (1 + rf));
    const core = randomFingerprints(rnd, size - u);
    for (let m = 0; m < members; m++) docs.push({ sketch: compactSketch(core.concat(randomFingerprints(rnd, u))), family: f });
  }
  for (let i = docs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [docs[i], docs[j]] = [docs[j], docs[i]];
  }
  return { sketches: docs.map((d) => d.sketch), family: docs.map((d) => d.family) };
}
