import { prefixLength } from '../sketch/candidate-index';
import { sortSpread } from '../sketch/sort';
import type { UnionFind } from '../sketch/cluster';
import { resemblesAtLeast, type SketchColumns } from './sketch-columns';
import { BUCKETS, type RunLog, prefixCounts } from './prefix-parts';
import { type BandKeys, bandColumn, SUPER_SHINGLES } from './super-shingles';

/**
 * Single-link clustering of a corpus held in SketchColumns, with sort-based candidate steps whose
 * temporary arrays are 8 bytes an entry (no Map, no array per key).
 *
 * Both candidate steps group (32-bit key, document) entries: entries are counted per bucket of the key's
 * top 16 bits, buckets are cut into passes of at most PASS_ENTRIES entries, and each pass packs its
 * entries as (key's low 16 bits)·2^32 + document into one Float64Array (48 bits: exact), places them by
 * bucket and sorts each bucket. A run of equal packed keys is one key's documents, ascending.
 *
 * 'prefix' keys a document by each value of its prefix (candidate-index.ts prefixLength: exact recall of
 *  a full comparison) and verifies every pair of a run not already joined; a run whose members share one
 *  component costs one pass over it. Exact, except that a run longer than PREFIX_EXACT_RUN (a value that
 *  many documents share) is bounded like 'super''s; so a document costs at most PREFIX_EXACT_RUN
 *  comparisons a prefix value. Compact values also collide by chance: a document's prefix values lie below ≈ 2^32·p/N (N its
 *  shingles), so E prefix entries of similar documents meet ≈ E²/(2^33·p/N) chance pairs. Measured on
 *  1 M documents of 800 shingles: 65 M entries, 5.6 M pairs compared, 15 k joined, 41 s CPU; that grows
 *  with the square of the corpus (≈ 5·10^9 pairs at 30 M), so 'prefix' is for corpora up to a few million.
 * 'super' keys a document by its super shingle of each band, one band at a time. A run of at most
 *  EXACT_RUN documents (a family, nearly always) is compared pair by pair like 'prefix'; in a longer run
 *  each member is compared only with at most MAX_REPS earlier members of distinct components (the run's
 *  representatives). So a run of m documents costs at most max(EXACT_RUN − 1, MAX_REPS)·m comparisons
 *  however it arose (shared boilerplate, an attacker's many copies). Comparing with representatives
 *  alone loses chains (k resembles j, j joined the representative, k does not resemble it), which is
 *  why short runs are compared in full. A member that joins none of the representatives' components
 *  when MAX_REPS are already kept is counted in `boundedSkips`: later members of that run are not
 *  compared with it there (other bands still may).
 */
export interface CorpusClusterOptions {
  /** Resemblance (estimated from the sketches) a pair needs to be joined. */
  threshold: number;
  /** 'prefix': every pair at the threshold (exact recall of a full comparison); 'super': super shingles (bounded memory). */
  candidates: 'prefix' | 'super';
  /**
   * For 'super': the documents' super shingles (64 bytes a document). Without them each band's keys are
   * computed from `cols` when clustering, one band at a time (no bytes kept, the hashing done here).
   */
  keys?: BandKeys;
  /** Bands and rows when the keys are computed from `cols` (default SUPER_SHINGLES). */
  bands?: number;
  rows?: number;
  /** Entries per pass (default PASS_ENTRIES): lower bounds the index's bytes further; tests cross passes with it. */
  passEntries?: number;
  /** Further test a pair must pass (the combined mode's SimHash check); called only for pairs at the threshold. */
  accept?: (i: number, j: number) => boolean;
}

export interface CorpusClusterStats {
  /** Pairs met in the candidate step (repeats included). */
  candidatePairs: number;
  /** Pairs whose sketches were compared. */
  verifiedPairs: number;
  /** Pairs at the threshold (and accepted) that were joined. */
  joinedPairs: number;
  /** Peak bytes of the candidate step's own arrays. */
  indexBytes: number;
  /** Passes over the (key, document) entries. */
  passes: number;
  /** Members of an oversized run not kept as representatives (see MAX_REPS). */
  boundedSkips: number;
}

/** 'super': a run of at most this many documents is compared pair by pair (a family's members link in any order). */
export const EXACT_RUN = 32;
/**
 * 'prefix': a run of at most this many documents is compared pair by pair; a longer one is a prefix value
 * that many documents share (boilerplate: a footer, a licence, an attacker's padding; Broder dropped such
 * "very common shingles" altogether) and is bounded as 'super' bounds its runs. Without it 3,000
 * documents sharing a 40-word footer cost 92 M comparisons (211 s); a pair found only through such a
 * value is compared with its run's representatives, not with every member.
 */
export const PREFIX_EXACT_RUN = 64;
/** In a longer run, representatives of distinct components each member is compared with. */
export const MAX_REPS = 8;
/** Entries per pass: 2^24 × 8 bytes = 128 MB of packed keys at most (a bucket larger than this is its own pass). */
export const PASS_ENTRIES = 1 << 24;
const LOW = 4294967296;

/** Joins in `uf` every pair of documents in `cols` found and passing the threshold. */
export function clusterCorpus(cols: SketchColumns, opts: CorpusClusterOptions, uf: UnionFind): CorpusClusterStats {
  const job = new Job(cols, opts, uf);
  if (opts.candidates === 'prefix') job.prefix();
  else job.super();
  return job.stats;
}

/**
 * 'prefix' over the keys in buckets [from, to) only: clusterCorpus is this over [0, split) and then
 * over [split, BUCKETS), in order. With a `log`, the range is done apart (on another thread, with a
 * union-find of its own): its joins and its long runs are written to the log instead, for
 * `replayPrefixPart` to apply in order after the ranges before it. The clusters are then exactly
 * clusterCorpus's: an exact run joins every pair at the threshold that is not yet in one component
 * (which pairs are compared changes, not the components), and a long run, whose outcome depends on the
 * components so far, is replayed where it stood, after everything before it.
 */
export function clusterPrefixPart(
  cols: SketchColumns,
  opts: CorpusClusterOptions,
  uf: UnionFind,
  from: number,
  to: number,
  log?: RunLog,
  counts?: Uint32Array,
): CorpusClusterStats {
  const job = new Job(cols, opts, uf, log);
  job.prefix(from, to, counts);
  return job.stats;
}

/** Applies a range's log (see clusterPrefixPart) to `uf`, after the ranges before it. */
export function replayPrefixPart(cols: SketchColumns, opts: CorpusClusterOptions, uf: UnionFind, log: Int32Array): CorpusClusterStats {
  const job = new Job(cols, opts, uf);
  job.replay(log);
  return job.stats;
}

class Job {
  stats: CorpusClusterStats = { candidatePairs: 0, verifiedPairs: 0, joinedPairs: 0, indexBytes: 0, passes: 0, boundedSkips: 0 };
  private counts = new Uint32Array(65537);
  private packed = new Float64Array(0);
  private reps = new Int32Array(MAX_REPS);
  private roots = new Int32Array(64);
  private extraBytes = 0;
  private readonly t: number;
  private readonly bounded: boolean;
  private readonly passCap: number;

  constructor(
    private cols: SketchColumns,
    private opts: CorpusClusterOptions,
    private uf: UnionFind,
    private log?: RunLog,
  ) {
    this.t = opts.threshold;
    this.bounded = opts.candidates === 'super';
    this.passCap = Math.max(1, opts.passEntries ?? PASS_ENTRIES);
  }

  /** `given`: prefixCounts already made (the join turns its own copy into offsets). */
  prefix(from = 0, to = BUCKETS, given?: Uint32Array): void {
    this.counts.set(given ?? prefixCounts(this.cols, this.t));
    this.passes(null, from, to);
  }

  /** A log of clusterPrefixPart, applied in its order. */
  replay(log: Int32Array): void {
    const { uf, stats } = this;
    for (let k = 0; k < log.length; ) {
      const i = log[k];
      if (i >= 0) {
        const j = log[k + 1];
        k += 2;
        if (uf.find(i) === uf.find(j)) continue;
        uf.union(i, j);
        stats.joinedPairs++;
      } else {
        const m = -i;
        this.stats.candidatePairs += (m * (m - 1)) / 2;
        stats.boundedSkips += boundedRun(
          (q) => log[q],
          k + 1,
          k + 1 + m,
          uf,
          (x, y) => this.verify(x, y),
          this.reps,
        );
        k += 1 + m;
      }
    }
  }

  super(): void {
    const { cols, opts } = this;
    const bands = opts.keys ? opts.keys.bands : (opts.bands ?? SUPER_SHINGLES.bands);
    const rows = opts.rows ?? SUPER_SHINGLES.rows;
    if (opts.keys && opts.keys.count !== cols.count) throw new RangeError(`keys hold ${opts.keys.count} documents, columns ${cols.count}`);
    let scratch: Uint32Array | undefined;
    for (let b = 0; b < bands; b++) {
      let keys: Uint32Array;
      if (opts.keys) keys = opts.keys.band(b);
      else {
        keys = scratch = bandColumn(cols, b, rows, scratch);
        this.extraBytes = scratch.byteLength;
      }
      const counts = this.counts;
      counts.fill(0);
      for (let i = 0; i < keys.length; i++) counts[keys[i] >>> 16]++;
      this.passes(keys);
    }
  }

  /** Cuts buckets into passes, fills each pass's entries (from prefixes, or from one band's keys) and scans runs. */
  private passes(keys: Uint32Array | null, from = 0, to = BUCKETS): void {
    const counts = this.counts;
    let b0 = from;
    while (b0 < to) {
      let b1 = b0;
      let m = 0;
      while (b1 < to && (b1 === b0 || m + counts[b1] <= this.passCap)) m += counts[b1++];
      if (m > 0) this.pass(keys, b0, b1, m);
      b0 = b1;
    }
  }

  private pass(keys: Uint32Array | null, b0: number, b1: number, m: number): void {
    const { cols, counts } = this;
    this.stats.passes++;
    if (this.packed.length < m) this.packed = new Float64Array(Math.max(m, Math.min(this.passCap, this.packed.length * 2)));
    const packed = this.packed;
    this.stats.indexBytes = Math.max(this.stats.indexBytes, packed.byteLength + counts.byteLength + this.extraBytes);
    // counts[b] becomes bucket b's next free slot; counts[65536] is scratch.
    let at = 0;
    for (let b = b0; b < b1; b++) {
      const c = counts[b];
      counts[b] = at;
      at += c;
    }
    const n = cols.count;
    if (keys === null) {
      const t = this.t;
      for (let i = 0; i < n; i++) {
        const v = cols.chunkOf(i);
        const a = cols.startOf(i);
        const e = a + prefixLength(cols.lengthOf(i), t);
        for (let k = a; k < e; k++) {
          const b = v[k] >>> 16;
          if (b >= b1) break; // values ascend
          if (b >= b0) packed[counts[b]++] = (v[k] & 0xffff) * LOW + i;
        }
      }
    } else {
      for (let i = 0; i < n; i++) {
        const b = keys[i] >>> 16;
        if (b >= b0 && b < b1) packed[counts[b]++] = (keys[i] & 0xffff) * LOW + i;
      }
    }
    // Now counts[b] is bucket b's end; buckets are contiguous from 0.
    let start = 0;
    for (let b = b0; b < b1; b++) {
      const end = counts[b];
      if (end - start > 1) this.bucket(packed, start, end);
      start = end;
    }
  }

  private bucket(packed: Float64Array, start: number, end: number): void {
    if (end - start <= 32) {
      for (let i = start + 1; i < end; i++) {
        const x = packed[i];
        let j = i - 1;
        while (j >= start && packed[j] > x) {
          packed[j + 1] = packed[j];
          j--;
        }
        packed[j + 1] = x;
      }
    } else {
      // Packed keys spread evenly over [0, 2^48): the sketcher's counting sort, not TypedArray#sort
      // (on 200,000 pages the prefix step went from 2.4 to 1.6 s with it alone).
      sortSpread(packed.subarray(start, end), end - start, LOW * 65536);
    }
    let r = start;
    while (r < end) {
      const key = Math.floor(packed[r] / LOW);
      const base = key * LOW;
      const next = base + LOW; // the run's entries are sorted and below the next key's: one comparison each
      let e = r + 1;
      while (e < end && packed[e] < next) e++;
      if (e - r > 1) {
        if (e - r > (this.bounded ? EXACT_RUN : PREFIX_EXACT_RUN)) this.runBounded(packed, r, e, base);
        else this.runExact(packed, r, e, base);
      }
      r = e;
    }
  }

  /**
   * Every pair of the run not already in one component is compared. Roots are cached per member: two
   * members once in one component stay so (components only merge), so an equal cached root skips the
   * pair with one integer compare; an unequal one is rechecked with find.
   */
  private runExact(packed: Float64Array, r: number, e: number, base: number): void {
    const { uf, stats } = this;
    const m = e - r;
    stats.candidatePairs += (m * (m - 1)) / 2;
    if (this.roots.length < m) this.roots = new Int32Array(Math.max(m, this.roots.length * 2));
    const roots = this.roots;
    let one = true;
    for (let q = 0; q < m; q++) {
      roots[q] = uf.find(packed[r + q] - base);
      if (roots[q] !== roots[0]) one = false;
    }
    if (one) return;
    for (let q = 1; q < m; q++) {
      const j = packed[r + q] - base;
      for (let p = 0; p < q; p++) {
        if (roots[p] === roots[q]) continue;
        roots[p] = uf.find(packed[r + p] - base);
        roots[q] = uf.find(j);
        if (roots[p] !== roots[q] && this.verify(packed[r + p] - base, j)) roots[q] = uf.find(j);
      }
    }
  }

  /** Each member against at most MAX_REPS representatives of distinct components met earlier in the run. */
  private runBounded(packed: Float64Array, r: number, e: number, base: number): void {
    if (this.log) {
      this.log.run(packed, r, e, base); // its outcome depends on everything before it: replayed in order
      return;
    }
    const m = e - r;
    this.stats.candidatePairs += (m * (m - 1)) / 2;
    this.stats.boundedSkips += boundedRun(
      (q) => packed[q] - base,
      r,
      e,
      this.uf,
      (i, j) => this.verify(i, j),
      this.reps,
    );
  }

  /** Compares i and j; joins them at the threshold (and if accepted). */
  private verify(i: number, j: number): boolean {
    const { cols, stats } = this;
    stats.verifiedPairs++;
    if (!resemblesAtLeast(cols.chunkOf(i), cols.startOf(i), cols.lengthOf(i), cols.chunkOf(j), cols.startOf(j), cols.lengthOf(j), cols.size, this.t))
      return false;
    const accept = this.opts.accept;
    if (accept !== undefined && !accept(i, j)) return false;
    this.uf.union(i, j);
    // Done apart: the union-find holds this range's joins only; they are counted when replayed.
    if (this.log) this.log.join(i, j);
    else stats.joinedPairs++;
    return true;
  }
}

/**
 * A run longer than the exact bound (see clusterCorpus): members doc(from) … doc(to − 1), ascending,
 * each compared with at most `reps.length` representatives of distinct components met earlier in the
 * run; `verify` compares and joins. Returns the members left out when the representatives were full.
 * Shared with the SQL band join (cli/duckdb), which hands its long runs here in the same order.
 */
export function boundedRun(
  doc: (q: number) => number,
  from: number,
  to: number,
  uf: UnionFind,
  verify: (i: number, j: number) => boolean,
  reps: Int32Array,
): number {
  let skips = 0;
  let nr = 1;
  reps[0] = doc(from);
  for (let q = from + 1; q < to; q++) {
    const j = doc(q);
    let inRep = false;
    for (let p = 0; p < nr; p++) {
      const i = reps[p];
      if (uf.find(i) === uf.find(j)) inRep = true;
      else if (verify(i, j)) inRep = true;
    }
    if (!inRep) {
      if (nr < reps.length) reps[nr++] = j;
      else skips++;
    }
  }
  return skips;
}
