/**
 * Hash constants and mixing shared by the tokenizer, the shingler and the floor it is measured against.
 *
 * A fingerprint is a 52-bit integer held exactly in a JS number, so sketches are plain sorted
 * Float64Arrays. Its top 32 bits are a strong mix of both 32-bit lanes of the shingle's rolling hash
 * (they order fingerprints for MIN_s and their low bits choose the MOD sample); its low 20 bits are
 * the top of the second lane, which only tell apart shingles whose mixed 32 bits collide.
 * One strong mix per shingle rather than two: the second cost a fifth of sketching a page.
 * The paper used 40-bit Rabin fingerprints; 52 bits keep collisions negligible (< 1e-5 expected among
 * 10^5 distinct shingles) while staying inside a double's integer range.
 */

/** Per-character lanes: FNV-1a style multiply; two independent 32-bit lanes give a 64-bit word hash. */
export const WORD_MUL_A = 0x01000193;
export const WORD_MUL_B = 0x5bd1e995;
export const WORD_SEED_A = 0x811c9dc5 | 0;
export const WORD_SEED_B = 0x2f6b3a1d | 0;

/** Odd multipliers of the rolling polynomial over word hashes (one per lane). */
export const ROLL_A = 0x9e3779b1 | 0;
export const ROLL_B = 0x7feb352d | 0;

/** Multipliers of the whole-text (lexical equivalence) hash. */
export const WHOLE_A = 0x2c1b3c6d | 0;
export const WHOLE_B = 0x297a2d39 | 0;

/** 2^20: a fingerprint is mixed * 2^20 + tail. */
export const TAIL = 1048576;

/** Murmur3's 32-bit finalizer: a bijection that spreads every input bit over the output. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** b^e mod 2^32 for the rolling hash's outgoing term. */
export function powMod32(b: number, e: number): number {
  let r = 1;
  for (let i = 0; i < e; i++) r = Math.imul(r, b);
  return r;
}

/** Two 32-bit seeds derived from one user seed, so seed 0 and seed 1 give unrelated permutations. */
export function seedLanes(seed: number): [number, number] {
  const a = fmix32((seed | 0) ^ 0x3c6ef372);
  const b = fmix32(Math.imul(seed | 0, 0x27d4eb2f) ^ 0x165667b1);
  return [a, b];
}

/** Finish a pair of lanes (already XOR-ed with the seed lanes) into one 52-bit fingerprint. */
export function finishFingerprint(ha: number, hb: number): number {
  const mixed = fmix32(ha ^ Math.imul(hb, 0x9e3779b1)) >>> 0;
  return mixed * TAIL + (hb >>> 12);
}

/** The mixed 32 bits of a fingerprint, whose low bits decide MOD_{2^i} membership. */
export function sampleBits(fp: number): number {
  return (fp / TAIL) >>> 0;
}
