import { type SimHash, hamming } from './simhash';

// The fast text path lives beside it (one pass of the rolling shingle hash); exported from here as the contract says.
export { simhashText } from './simhash-text';

/** SimHash fingerprints of a corpus in two growable Uint32Arrays: 8 bytes per document, no object each. */
export class SimHashColumns {
  private hi = new Uint32Array(1024);
  private lo = new Uint32Array(1024);
  private n = 0;

  get count(): number {
    return this.n;
  }
  add(h: SimHash): number {
    if (this.n === this.hi.length) {
      const hi = new Uint32Array(this.n * 2);
      const lo = new Uint32Array(this.n * 2);
      hi.set(this.hi);
      lo.set(this.lo);
      this.hi = hi;
      this.lo = lo;
    }
    this.hi[this.n] = h.hi;
    this.lo[this.n] = h.lo;
    return this.n++;
  }
  get(i: number): SimHash {
    return { hi: this.hi[i], lo: this.lo[i] };
  }
  distance(i: number, j: number): number {
    return hamming(this.get(i), this.get(j));
  }
  /** Bytes held by the two arrays (their capacity, which grows by doubling). */
  get bytes(): number {
    return this.hi.byteLength + this.lo.byteLength;
  }
  /** The columns themselves, [0, count) valid (read-only use: the pair search reads them without copies). */
  views(): { hi: Uint32Array; lo: Uint32Array } {
    return { hi: this.hi.subarray(0, this.n), lo: this.lo.subarray(0, this.n) };
  }
}

export interface SimHashPairStats {
  candidatePairs: number;
  verifiedPairs: number;
  indexBytes: number;
  /** The longest run of equal block values met in any table. */
  largestRun?: number;
  /** Comparisons left out in runs longer than `maxRun` (0 when no run was that long). */
  skippedPairs?: number;
}

/** Mask of bits [s, e) of a 32-bit word (s ≤ e ≤ 32), as a uint32. */
const bitRange = (s: number, e: number): number => (e - s >= 32 ? 0xffffffff : ((2 ** (e - s) - 1) * 2 ** s) >>> 0);

/** Stable LSD radix sort (16-bit digits) of `ids` by the 32-bit `key` of each id; `tmp` is scratch of the same length. */
function radixPass(ids: Uint32Array, tmp: Uint32Array, key: Uint32Array, counts: Uint32Array): void {
  const n = ids.length;
  for (let shift = 0; shift < 32; shift += 16) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(key[ids[i]] >>> shift) & 0xffff]++;
    let sum = 0;
    for (let d = 0; d < 65536; d++) {
      const c = counts[d];
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const id = ids[i];
      tmp[counts[(key[id] >>> shift) & 0xffff]++] = id;
    }
    ids.set(tmp);
  }
}

/** A run of equal block bits longer than this is compared as a band (see simhashPairs). */
export const SIMHASH_MAX_RUN = 2048;

/**
 * Every pair within `maxDistance` bits (Manku, Jain and Das Sarma's permuted tables: maxDistance + 1
 * blocks, one sorted table per block). `emit` gets each pair once, (i, j) with i < j: by pigeonhole two
 * fingerprints within k bits agree on at least one of k + 1 blocks, and a pair is emitted only from the
 * first block they agree on.
 *
 * Bounded work: a run of R documents sharing a block value costs R²/2 comparisons, so inside a run
 * longer than `maxRun` (default 2048) each document is compared only with the next maxRun − 1 in the
 * table. Such a run is first sorted by the whole fingerprint, so identical fingerprints are
 * adjacent and stay linked in a chain (what a clustering's union-find needs); the comparisons left out
 * are counted in `skippedPairs`. Work is then at most n · maxRun per table.
 */
export function simhashPairs(
  cols: SimHashColumns,
  maxDistance: number,
  emit: (i: number, j: number, distance: number) => void,
  opts?: { maxRun?: number },
): SimHashPairStats {
  if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > 63) throw new RangeError('maxDistance must be an integer from 0 to 63');
  const maxRun = Math.max(2, opts?.maxRun ?? SIMHASH_MAX_RUN);
  const { hi, lo } = cols.views();
  const n = hi.length;
  const blocks = maxDistance + 1;
  // Block b covers bits [start[b], start[b + 1]) of the 64 (0–31 in lo, 32–63 in hi).
  const start: number[] = [];
  for (let b = 0; b <= blocks; b++) start.push(Math.round((64 * b) / blocks));
  const maskHi = new Int32Array(blocks);
  const maskLo = new Int32Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const s = start[b];
    const e = start[b + 1];
    maskLo[b] = s < 32 ? bitRange(s, Math.min(e, 32)) : 0;
    maskHi[b] = e > 32 ? bitRange(Math.max(s, 32) - 32, e - 32) : 0;
  }
  const ids = new Uint32Array(n);
  const tmp = new Uint32Array(n);
  const key = new Uint32Array(n);
  const counts = new Uint32Array(65536);
  const stats: SimHashPairStats = {
    candidatePairs: 0,
    verifiedPairs: 0,
    indexBytes: ids.byteLength + tmp.byteLength + key.byteLength + counts.byteLength,
    largestRun: 0,
    skippedPairs: 0,
  };
  let compared = 0;
  let rh = new Int32Array(64);
  let rl = new Int32Array(64);
  for (let b = 0; b < blocks; b++) {
    const mh = maskHi[b];
    const ml = maskLo[b];
    // The table: ids sorted by the block's bits (a block wider than 32 bits, k = 0, is the whole
    // fingerprint: sorted by lo, then hi).
    for (let i = 0; i < n; i++) ids[i] = i;
    if (mh !== 0 && ml !== 0 && start[b + 1] - start[b] > 32) {
      radixPass(ids, tmp, lo, counts);
      radixPass(ids, tmp, hi, counts);
    } else {
      // The block's bits in place (hi's and lo's parts do not overlap in a block of ≤ 32 bits).
      for (let i = 0; i < n; i++) key[i] = ((hi[i] & mh) | (lo[i] & ml)) >>> 0;
      radixPass(ids, tmp, key, counts);
    }
    // Runs of equal block bits, compared pairwise (a band of maxRun in a longer run).
    let runStart = 0;
    for (let r = 1; r <= n; r++) {
      if (r < n) {
        const p = ids[runStart];
        const q = ids[r];
        if (((hi[p] ^ hi[q]) & mh) === 0 && ((lo[p] ^ lo[q]) & ml) === 0) continue;
      }
      const len = r - runStart;
      if (len > stats.largestRun!) stats.largestRun = len;
      if (len > maxRun) {
        stats.skippedPairs! += (len * (len - 1)) / 2 - (maxRun - 1) * len + (maxRun * (maxRun - 1)) / 2;
        // Manku's permuted order inside the run: by the whole fingerprint, so that identical and near
        // fingerprints fall within one band.
        ids.subarray(runStart, r).sort((x, y) => hi[x] - hi[y] || lo[x] - lo[y]);
      }
      // The run's fingerprints side by side (the ids point all over the columns), then pairwise.
      if (rh.length < len) {
        rh = new Int32Array(Math.max(len, 2 * rh.length));
        rl = new Int32Array(rh.length);
      }
      for (let x = 0; x < len; x++) {
        const i = ids[runStart + x];
        rh[x] = hi[i];
        rl[x] = lo[i];
      }
      for (let x = 0; x < len; x++) {
        const hx = rh[x];
        const lx = rl[x];
        const last = Math.min(len, x + maxRun);
        compared += last - x - 1;
        for (let y = x + 1; y < last; y++) {
          const dh = hx ^ rh[y];
          const dl = lx ^ rl[y];
          // Two popcounts (Hacker's Delight 5-1), inlined.
          let u = dh - ((dh >>> 1) & 0x55555555);
          u = (u & 0x33333333) + ((u >>> 2) & 0x33333333);
          let v = dl - ((dl >>> 1) & 0x55555555);
          v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
          const d = (Math.imul(((u + (u >>> 4)) & 0x0f0f0f0f) + ((v + (v >>> 4)) & 0x0f0f0f0f), 0x01010101) >>> 24) & 0xff;
          if (d > maxDistance) continue;
          // Emitted from the first block the two agree on.
          let first = true;
          for (let c = 0; c < b; c++) {
            if ((dh & maskHi[c]) === 0 && (dl & maskLo[c]) === 0) {
              first = false;
              break;
            }
          }
          if (!first) continue;
          stats.verifiedPairs++;
          const i = ids[runStart + x];
          const j = ids[runStart + y];
          if (i < j) emit(i, j, d);
          else emit(j, i, d);
        }
      }
      runStart = r;
    }
  }
  stats.candidatePairs = compared;
  return stats;
}
