import { ResembleError } from '../errors';
import { WordHashes, hashWords } from '../text/tokenize';
import { powMod32, seedLanes } from '../sketch/hash';
import { type SketchOptions, resolveOptions } from '../sketch/options';
import type { SimHash } from './simhash';
import { CHUNK, type InputFormat, canonicalSource, chunkEnd } from '../sketch/sketch';

/**
 * SimHash of a text in one pass of lib's rolling shingle hash, equal to `simhash(shingleSet(text, opts))`
 * bit for bit (test/unit/simhash.test.ts holds this) without making the sorted shingle set.
 *
 * Why it is fast (bench/methods.bench.ts: MB/s against sketch() of the same texts):
 * - the fingerprints are the Sketcher's (same word hashes, same rolling hash, same finishing mix, same
 *   chunking of long texts), made inline with no calls in the loop;
 * - set semantics without sorting: an open-addressing table of the shingles seen (keyed by the mixed
 *   32 bits, which are already uniform), so a repeated shingle votes once;
 * - the 64 votes of a new shingle are counted in 8-bit lanes (SWAR): `(a >>> j) & 0x01010101` adds bits
 *   j, 8+j, 16+j, 24+j at once, so 16 masked adds replace 64 branches; the byte lanes are emptied into
 *   the 64 totals every 255 shingles, before any can overflow.
 */

// The same chunks as sketch.ts (CHUNK, chunkEnd) give the same shingles.

const words = new WordHashes();
/**
 * Shingles seen, open addressing with linear probing: slot p holds tail + 1 at 2p (0 = empty) and the
 * mixed 32 bits at 2p + 1, side by side so that a probe touches one cache line (a book's table is MBs).
 */
let tab = new Int32Array(2 * 4096);
/** Slots in use (a power of two): the table is kept between texts and only its used prefix cleared. */
let slots = 4096;
let used = 0;
/** Distinct shingles voted so far, and the 64 vote totals (ones per bit; a bit is set when ones > half). */
let distinct = 0;
const ones = new Int32Array(64);
/** Eight byte-lane counters per 32-bit half, emptied every 255 shingles. */
const lanes = new Int32Array(16);

function reset(expect: number): void {
  let size = 4096;
  while (size < 2 * expect) size *= 2;
  // Kept across texts and cleared only as far as this text needs: allocating a zeroed table per book
  // cost more than hashing it.
  if (tab.length < 2 * size) tab = new Int32Array(2 * size);
  else tab.fill(0, 0, 2 * size);
  slots = size;
  used = 0;
  distinct = 0;
  ones.fill(0);
  lanes.fill(0);
}

/** Doubles the table (load above a half), reinserting what it holds. */
function grow(): void {
  const old = tab.slice(0, 2 * slots);
  slots *= 2;
  if (tab.length < 2 * slots) tab = new Int32Array(2 * slots);
  else tab.fill(0, 0, 2 * slots);
  const mask = slots - 1;
  for (let i = 0; i < old.length; i += 2) {
    if (old[i] === 0) continue;
    let p = old[i + 1] & mask;
    while (tab[2 * p] !== 0) p = (p + 1) & mask;
    tab[2 * p] = old[i];
    tab[2 * p + 1] = old[i + 1];
  }
}

/** Byte lanes into the totals. */
function flushLanes(): void {
  for (let j = 0; j < 8; j++) {
    const a = lanes[j];
    const b = lanes[8 + j];
    for (let k = 0; k < 4; k++) {
      ones[8 * k + j] += (a >>> (8 * k)) & 0xff;
      ones[32 + 8 * k + j] += (b >>> (8 * k)) & 0xff;
    }
    lanes[j] = 0;
    lanes[8 + j] = 0;
  }
}

/**
 * Windows of `win` words over words[0, n) ending at index ≥ win − 1, each fingerprinted as the
 * Sketcher's scan does, new ones voting. `ignore` (rare) is checked per distinct shingle.
 */
function scan(win: number, sa: number, sb: number, ignore: ReadonlySet<number> | undefined): void {
  const { a: A, b: B, n } = words;
  const powA = powMod32(0x9e3779b1 | 0, win);
  const powB = powMod32(0x7feb352d, win);
  let ha = 0;
  let hb = 0;
  // Lane counters in locals (registers), stored back at the end.
  let l0 = lanes[0],
    l1 = lanes[1],
    l2 = lanes[2],
    l3 = lanes[3],
    l4 = lanes[4],
    l5 = lanes[5],
    l6 = lanes[6],
    l7 = lanes[7];
  let h0 = lanes[8],
    h1 = lanes[9],
    h2 = lanes[10],
    h3 = lanes[11],
    h4 = lanes[12],
    h5 = lanes[13],
    h6 = lanes[14],
    h7 = lanes[15];
  let t2 = tab;
  let mask = slots - 1;
  // Counters in locals (module bindings reload on every use), stored back at the end.
  let full = used;
  let dist = distinct;
  let left = 255 - (distinct % 255);
  for (let i = 0; i < n; i++) {
    const x = A[i];
    const y = B[i];
    if (i < win) {
      ha = (Math.imul(ha, 0x9e3779b1) + x) | 0;
      hb = (Math.imul(hb, 0x7feb352d) + y) | 0;
      if (i < win - 1) continue;
    } else {
      ha = (Math.imul(ha, 0x9e3779b1) + x - Math.imul(A[i - win], powA)) | 0;
      hb = (Math.imul(hb, 0x7feb352d) + y - Math.imul(B[i - win], powB)) | 0;
    }
    // The fingerprint, as finishFingerprint: m * 2^20 + tail.
    let m = ha ^ sa ^ Math.imul(hb ^ sb, 0x9e3779b1);
    m ^= m >>> 16;
    m = Math.imul(m, 0x85ebca6b);
    m ^= m >>> 13;
    m = Math.imul(m, 0xc2b2ae35);
    m ^= m >>> 16;
    const tail = (hb ^ sb) >>> 12;
    // Seen before? (tail + 1 so that 0 marks an empty slot)
    let p = m & mask;
    let t = t2[2 * p];
    while (t !== 0 && (t !== tail + 1 || t2[2 * p + 1] !== m)) {
      p = (p + 1) & mask;
      t = t2[2 * p];
    }
    if (t !== 0) continue;
    if (ignore?.has((m >>> 0) * 1048576 + tail)) continue;
    t2[2 * p] = tail + 1;
    t2[2 * p + 1] = m;
    if (2 * ++full > mask) {
      used = full;
      grow();
      t2 = tab;
      mask = slots - 1;
    }
    // simhash()'s two 32-bit words of the 52-bit fingerprint (hi = f / 2^32, lo = f mod 2^32), mixed.
    const hi = m >>> 12;
    const lo = (m << 20) | tail;
    let u = hi ^ 0x9e3779b9;
    u ^= u >>> 16;
    u = Math.imul(u, 0x85ebca6b);
    u ^= u >>> 13;
    u = Math.imul(u, 0xc2b2ae35);
    u ^= u >>> 16;
    let a = lo ^ u;
    a ^= a >>> 16;
    a = Math.imul(a, 0x85ebca6b);
    a ^= a >>> 13;
    a = Math.imul(a, 0xc2b2ae35);
    a ^= a >>> 16;
    let b = a ^ hi ^ 0x7feb352d;
    b ^= b >>> 16;
    b = Math.imul(b, 0x85ebca6b);
    b ^= b >>> 13;
    b = Math.imul(b, 0xc2b2ae35);
    b ^= b >>> 16;
    l0 = (l0 + (a & 0x01010101)) | 0;
    l1 = (l1 + ((a >>> 1) & 0x01010101)) | 0;
    l2 = (l2 + ((a >>> 2) & 0x01010101)) | 0;
    l3 = (l3 + ((a >>> 3) & 0x01010101)) | 0;
    l4 = (l4 + ((a >>> 4) & 0x01010101)) | 0;
    l5 = (l5 + ((a >>> 5) & 0x01010101)) | 0;
    l6 = (l6 + ((a >>> 6) & 0x01010101)) | 0;
    l7 = (l7 + ((a >>> 7) & 0x01010101)) | 0;
    h0 = (h0 + (b & 0x01010101)) | 0;
    h1 = (h1 + ((b >>> 1) & 0x01010101)) | 0;
    h2 = (h2 + ((b >>> 2) & 0x01010101)) | 0;
    h3 = (h3 + ((b >>> 3) & 0x01010101)) | 0;
    h4 = (h4 + ((b >>> 4) & 0x01010101)) | 0;
    h5 = (h5 + ((b >>> 5) & 0x01010101)) | 0;
    h6 = (h6 + ((b >>> 6) & 0x01010101)) | 0;
    h7 = (h7 + ((b >>> 7) & 0x01010101)) | 0;
    dist++;
    if (--left === 0) {
      left = 255;
      storeLanes(l0, l1, l2, l3, l4, l5, l6, l7, h0, h1, h2, h3, h4, h5, h6, h7);
      flushLanes();
      l0 = l1 = l2 = l3 = l4 = l5 = l6 = l7 = 0;
      h0 = h1 = h2 = h3 = h4 = h5 = h6 = h7 = 0;
    }
  }
  storeLanes(l0, l1, l2, l3, l4, l5, l6, l7, h0, h1, h2, h3, h4, h5, h6, h7);
  used = full;
  distinct = dist;
}

/** The 16 byte-lane counters into `lanes` (every 255 shingles and at the end: not the hot path). */
function storeLanes(
  l0: number,
  l1: number,
  l2: number,
  l3: number,
  l4: number,
  l5: number,
  l6: number,
  l7: number,
  h0: number,
  h1: number,
  h2: number,
  h3: number,
  h4: number,
  h5: number,
  h6: number,
  h7: number,
): void {
  lanes[0] = l0;
  lanes[1] = l1;
  lanes[2] = l2;
  lanes[3] = l3;
  lanes[4] = l4;
  lanes[5] = l5;
  lanes[6] = l6;
  lanes[7] = l7;
  lanes[8] = h0;
  lanes[9] = h1;
  lanes[10] = h2;
  lanes[11] = h3;
  lanes[12] = h4;
  lanes[13] = h5;
  lanes[14] = h6;
  lanes[15] = h7;
}

/** SimHash of a text (plain text, HTML or XML as `sketch` reads it) over the same shingles as its sketch. */
export function simhashText(input: string, opts?: Partial<SketchOptions> & { format?: InputFormat }): SimHash {
  const o = resolveOptions(opts);
  const text = canonicalSource(input, opts?.format);
  const [sa, sb] = seedLanes(o.seed);
  const w = o.shingle;
  // About one word in six characters of prose; the table grows past that if needed.
  reset(Math.min(text.length, CHUNK) / 6);
  words.n = 0;
  let tokens = 0;
  let chars = 0;
  // The Sketcher's update(): whole when small, else chunks ending at word boundaries with the last
  // w − 1 words carried over, up to maxChars.
  let from = 0;
  while (from < text.length && chars < o.maxChars) {
    let to: number;
    if (from === 0 && text.length <= CHUNK && text.length <= o.maxChars) to = text.length;
    else {
      to = chunkEnd(text, from + Math.min(CHUNK, o.maxChars - chars));
      if (chars + (to - from) > o.maxChars) {
        to = from + (o.maxChars - chars);
        const last = text.charCodeAt(to - 1);
        if (last >= 0xd800 && last <= 0xdbff && to - 1 > from) to--;
      }
    }
    chars += to - from;
    const carried = words.n;
    hashWords(from === 0 && to === text.length ? text : text.slice(from, to), words);
    tokens += words.n - carried;
    scan(w, sa, sb, o.ignore);
    words.keepLast(w - 1);
    from = to;
  }
  if (tokens === 0) throw new ResembleError('EMPTY_INPUT', 'no words in the input after canonicalization');
  // Fewer than w words: one shingle of them all (as the Sketcher's finish()).
  if (tokens < w) scan(words.n, sa, sb, o.ignore);
  flushLanes();
  let hi = 0;
  let lo = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (2 * ones[bit] > distinct) lo |= 1 << bit;
    if (2 * ones[32 + bit] > distinct) hi |= 1 << bit;
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}
