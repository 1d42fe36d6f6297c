/**
 * A textbook k-hash-function MinHash, written plainly: tokens by a regex split of the lower-cased text,
 * w-shingles as strings, each hashed once to 32 bits with FNV-1a over its UTF-16 code units, then k = 128
 * hash functions h_i(x) = (a_i x + b_i) mod 2^32 (random odd a_i: each is a permutation of the 32-bit
 * values), keeping the minimum of each. The multiply is Math.imul: the exact (a_i x + b_i) mod (2^31 - 1)
 * in double arithmetic (a_i split into 16-bit halves, Mersenne reduction) was measured 1.5-2x slower
 * per page, so this is the stronger contender.
 */
export const K = 128;

/** Seeded a_i (odd) and b_i from a splitmix-style generator (fixed: signatures must compare). */
const A = new Int32Array(K);
const B = new Int32Array(K);
{
  let s = 0x1234567;
  const next = (): number => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return z ^ (z >>> 16);
  };
  for (let i = 0; i < K; i++) {
    A[i] = next() | 1;
    B[i] = next();
  }
}

/** Lower-cased words: runs of ASCII letters and digits and of non-ASCII characters. */
export function kpermTokens(text: string): string[] {
  const t = text.toLowerCase().split(/[^a-z0-9\u0080-\uffff]+/);
  if (t.length > 0 && t[0] === '') t.shift();
  if (t.length > 0 && t[t.length - 1] === '') t.pop();
  return t;
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * The K minima of the w-shingles of `text` (a text shorter than w words is one shingle), each as an
 * unsigned 32-bit value with its top bit flipped, so signed comparison orders them as unsigned.
 */
export function kpermSignature(text: string, w: number, out = new Int32Array(K)): Int32Array {
  const toks = kpermTokens(text);
  const win = Math.max(1, Math.min(w, toks.length));
  const a = A;
  const b = B;
  out.fill(0x7fffffff);
  for (let s = 0; s + win <= toks.length; s++) {
    const x = fnv1a(toks.slice(s, s + win).join(' '));
    for (let i = 0; i < 128; i++) {
      const h = (Math.imul(a[i], x) + b[i]) ^ -0x80000000;
      if (h < out[i]) out[i] = h;
    }
  }
  return out;
}

const sig = new Int32Array(K);

/** `count` texts from `from` on (cycling); returns a checksum of their signatures. */
export function kpermBatch(texts: readonly string[], w: number, from: number, count: number): number {
  let acc = 0;
  let j = from;
  for (let c = 0; c < count; c++) {
    acc ^= kpermSignature(texts[j], w, sig)[0];
    if (++j === texts.length) j = 0;
  }
  return acc;
}
