import { ResembleError } from './errors';
import { type SketchOptions, resolveOptions } from './options';
import { ShingleFingerprints, fingerprintShingles } from './shingle';
import { canonicalSource, type InputFormat } from './sketch';
import { intersectionSize } from './estimate';
import { WordHashes, hashWords } from './text/tokenize';

/**
 * Every distinct shingle fingerprint of a document, ascending: the full set F(A) that sketches sample.
 * Memory is 8 bytes per shingle, so this is for exact answers on small inputs, tests and for counting
 * common shingles across a collection.
 */
export function shingleSet(input: string, opts?: Partial<SketchOptions> & { format?: InputFormat }): Float64Array {
  const o = resolveOptions(opts);
  const text = canonicalSource(input, opts?.format);
  const words = hashWords(text, new WordHashes(), Math.min(text.length, o.maxChars));
  if (words.n === 0) throw new ResembleError('EMPTY_INPUT', 'no words in the input after canonicalization');
  const sh = fingerprintShingles(words, o.shingle, o.seed, new ShingleFingerprints());
  const all = sh.fp.slice(0, sh.n).sort();
  let u = 0;
  for (let i = 0; i < all.length; i++) {
    if (u === 0 || all[i] !== all[u - 1]) {
      if (o.ignore?.has(all[i])) continue;
      all[u++] = all[i];
    }
  }
  return all.slice(0, u);
}

export function exactResemblance(a: Float64Array, b: Float64Array): number {
  const inter = intersectionSize(a, b);
  const union = a.length + b.length - inter;
  return union === 0 ? 0 : inter / union;
}

/** Exact containment of A in B. */
export function exactContainment(a: Float64Array, b: Float64Array): number {
  return a.length === 0 ? 0 : intersectionSize(a, b) / a.length;
}
