import minhash, { type Minhash } from 'minhash';
import { kpermTokens } from './kperm';

/**
 * The `minhash` npm package (0.0.9) as a user would feed it: it does not tokenize, so the text is split
 * into lower-cased words by the same regex as kperm and every w-shingle (words joined by a space) is
 * passed to `update`, which applies the package's numPerm universal hashes (default numPerm = 128,
 * h_i(x) = (a_i x + b_i) mod 4294967311 over its 32-bit string hash, recomputed per hash function).
 *
 * One instance is reused and its signature reset per document: the default seed gives every instance
 * the same permutations, so this is equivalent to `new Minhash()` per document but spares the package's
 * per-instance setup (2 x 128 Math.sin draws into a dictionary), which is generous to the package.
 */
const mh: Minhash = new minhash.Minhash();
export const MINHASH_NUM_PERM = mh.numPerm;

export function minhashSignature(text: string, w: number): number[] {
  const toks = kpermTokens(text);
  const win = Math.max(1, Math.min(w, toks.length));
  mh.hashvalues.fill(mh.maxHash);
  for (let s = 0; s + win <= toks.length; s++) mh.update(toks.slice(s, s + win).join(' '));
  return mh.hashvalues;
}

/** `count` texts from `from` on (cycling); returns a checksum of their signatures. */
export function minhashBatch(texts: readonly string[], w: number, from: number, count: number): number {
  let acc = 0;
  let j = from;
  for (let c = 0; c < count; c++) {
    acc += minhashSignature(texts[j], w)[0];
    if (++j === texts.length) j = 0;
  }
  return acc;
}
