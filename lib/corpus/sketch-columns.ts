/**
 * Compact MIN_s sketches of a corpus: 32-bit values in a few large typed arrays (issue #31, bounded memory).
 *
 * A fingerprint's top 32 bits are the strong mix that orders fingerprints (hash.ts), so truncating keeps the
 * order and the sketch. The s smallest values of a document with N distinct shingles lie below about
 * 2^32·s/N, so a compact value carries log2(2^32·s/N) bits of entropy: ≈ 29 bits for a 5 KB page
 * (N ≈ 800, s = 128), ≈ 19 bits for a 1 M-shingle book. The estimate only suffers when a value of one
 * sketch and a different value of the other truncate to the same 32 bits: with s² cross pairs each equal
 * with probability ≈ N/(2^32·s), that is ≈ s·N/2^32 expected false matches per comparison (2e-5 for a
 * page, 0.03 for the book), each moving the estimate by 1/s. Negligible against the estimate's own
 * spread of ≈ 1/√s.
 */

/** A 52-bit fingerprint's top 32 bits: order-preserving, 4 bytes instead of 8. */
export function compactValue(f: number): number {
  return Math.floor(f / 1048576) >>> 0;
}

/**
 * MIN_s values (ascending 52-bit fingerprints) as compact values, ascending and distinct: two
 * fingerprints sharing their top 32 bits (a truncation tie) keep one value, so the merge below sees sets.
 */
export function compactMin(min: ArrayLike<number>): Uint32Array {
  const out = new Uint32Array(min.length);
  let n = 0;
  for (let i = 0; i < min.length; i++) {
    const v = Math.floor(min[i] / 1048576) >>> 0;
    if (n === 0 || out[n - 1] !== v) out[n++] = v;
  }
  return n === out.length ? out : out.slice(0, n);
}

/** compactMin(min) written into out[at, …) (room for min.length values); returns how many were written. */
export function compactMinInto(min: ArrayLike<number>, out: Uint32Array, at: number): number {
  let n = at;
  for (let i = 0; i < min.length; i++) {
    const v = Math.floor(min[i] / 1048576) >>> 0;
    if (n === at || out[n - 1] !== v) out[n++] = v;
  }
  return n - at;
}

/** Resemblance estimate of two compact MIN_s sketches (as minResemblance on the full values). */
export function compactResemblance(x: Uint32Array, y: Uint32Array, s: number): number {
  return mergeResemblance(x, 0, x.length, y, 0, y.length, s);
}

/**
 * |MIN_s(X ∪ Y) ∩ X ∩ Y| / |MIN_s(X ∪ Y)| over x[xi, xi+nx) and y[yi, yi+ny): the branch-free merge of
 * estimate.ts's minResemblance, on slices so the columns compare documents without making views.
 */
export function mergeResemblance(x: Uint32Array, xi: number, nx: number, y: Uint32Array, yi: number, ny: number, s: number): number {
  const xe = xi + nx;
  const ye = yi + ny;
  let i = xi;
  let j = yi;
  let taken = 0;
  let both = 0;
  while (i < xe && j < ye && taken < s) {
    const u = x[i];
    const v = y[j];
    const le = u <= v ? 1 : 0;
    const ge = u >= v ? 1 : 0;
    both += le & ge;
    i += le;
    j += ge;
    taken++;
  }
  taken += Math.min(s - taken, xe - i + ye - j);
  return taken === 0 ? 0 : both / taken;
}

/**
 * mergeResemblance(x, xi, nx, y, yi, ny, s) >= t, decided as soon as the rest of the merge cannot reach
 * t: most pairs a candidate step meets share one value by chance and are refused after about half the
 * merge (measured 0.87 → 0.45 s for the 709 k pairs of 200,000 generated pages). Every 16 steps the
 * best the rest can give, (both + m) / (taken + m) with m further matches at most, is checked: the final
 * estimate is never above it, and rounding keeps the order, so the answer is mergeResemblance's.
 */
export function resemblesAtLeast(x: Uint32Array, xi: number, nx: number, y: Uint32Array, yi: number, ny: number, s: number, t: number): boolean {
  const xe = xi + nx;
  const ye = yi + ny;
  let i = xi;
  let j = yi;
  let taken = 0;
  let both = 0;
  while (i < xe && j < ye && taken < s) {
    const stop = Math.min(s, taken + 16);
    while (i < xe && j < ye && taken < stop) {
      const u = x[i];
      const v = y[j];
      const le = u <= v ? 1 : 0;
      const ge = u >= v ? 1 : 0;
      both += le & ge;
      i += le;
      j += ge;
      taken++;
    }
    const m = Math.min(xe - i, ye - j, s - taken);
    if ((both + m) / (taken + m) < t) return false;
  }
  taken += Math.min(s - taken, xe - i + ye - j);
  return taken !== 0 && both / taken >= t;
}

/** SketchColumns' arrays, to be read on another thread. */
export interface ColumnParts {
  size: number;
  n: number;
  chunks: Uint32Array[];
  chunkIdx: Uint16Array[];
  starts: Uint32Array[];
  lens: Uint16Array[];
}

/** Documents per block of the per-document arrays (a power of two: block = i >>> DOC_BITS). */
const DOC_BITS = 16;
const DOC_BLOCK = 1 << DOC_BITS;
/** Default values per chunk: 2^23 values = 32 MB, so growing allocates 32 MB and copies nothing. */
export const CHUNK_VALUES = 1 << 23;

/**
 * Compact MIN_s sketches of a corpus in a few large typed arrays (no object per document).
 * Values go into chunks of `chunkValues` (a document never straddles two), so 30 M × 128 values (> 2^32)
 * are addressable and growing never copies more than one chunk (only the first chunk grows by doubling,
 * so a small corpus holds a small array). Per document: its chunk, start and length, in blocks of 2^16
 * documents (8 bytes a document). Documents with fewer than `size` values keep their own length.
 */
export class SketchColumns {
  /** Value chunks; documents' values are packed ascending per document. */
  readonly chunks: Uint32Array[] = [];
  private chunkIdx: Uint16Array[] = [];
  private starts: Uint32Array[] = [];
  private lens: Uint16Array[] = [];
  private n = 0;
  /** Values used in the last chunk. */
  private fill = 0;
  readonly chunkValues: number;

  constructor(
    readonly size: number,
    chunkValues = CHUNK_VALUES,
    /** Makes the value chunks: shared memory (SharedArrayBuffer) lets another thread read them as they are. */
    private readonly alloc: (values: number) => Uint32Array = (k) => new Uint32Array(k),
  ) {
    if (!(size >= 1 && size <= 65535)) throw new RangeError(`sketch size ${size} out of range`);
    this.chunkValues = Math.max(chunkValues, size);
  }

  /** What another thread needs to read these columns (`fromParts`): the chunks as they are, the rest copied. */
  parts(): ColumnParts {
    return { size: this.size, n: this.n, chunks: this.chunks, chunkIdx: this.chunkIdx, starts: this.starts, lens: this.lens };
  }

  static fromParts(p: ColumnParts): SketchColumns {
    const c = new SketchColumns(p.size);
    c.chunks.push(...p.chunks);
    c.chunkIdx = p.chunkIdx;
    c.starts = p.starts;
    c.lens = p.lens;
    c.n = p.n;
    return c;
  }

  get count(): number {
    return this.n;
  }

  /** Adds one document's compact values (ascending, at most `size`); returns its index. */
  add(values: Uint32Array): number {
    const len = values.length;
    if (len > this.size) throw new RangeError(`sketch of ${len} values exceeds the columns' size ${this.size}`);
    let c = this.chunks.length - 1;
    if (c < 0) {
      this.chunks.push(this.alloc(Math.min(this.chunkValues, Math.max(1024, len))));
      c = 0;
    } else if (this.fill + len > this.chunkValues) {
      this.chunks.push(this.alloc(this.chunkValues));
      this.fill = 0;
      c++;
    }
    if (this.fill + len > this.chunks[c].length) this.growLast(this.fill + len);
    this.chunks[c].set(values, this.fill);
    const i = this.n++;
    const b = i >>> DOC_BITS;
    if (b === this.starts.length) {
      this.chunkIdx.push(new Uint16Array(DOC_BLOCK));
      this.starts.push(new Uint32Array(DOC_BLOCK));
      this.lens.push(new Uint16Array(DOC_BLOCK));
    }
    const k = i & (DOC_BLOCK - 1);
    this.chunkIdx[b][k] = c;
    this.starts[b][k] = this.fill;
    this.lens[b][k] = len;
    this.fill += len;
    return i;
  }

  /** Only the first chunk grows (doubling, capped at chunkValues). */
  private growLast(need: number): void {
    const c = this.chunks.length - 1;
    const old = this.chunks[c];
    const next = this.alloc(Math.min(this.chunkValues, Math.max(need, old.length * 2)));
    next.set(old.subarray(0, this.fill));
    this.chunks[c] = next;
  }

  /** The chunk holding document i's values. */
  chunkOf(i: number): Uint32Array {
    return this.chunks[this.chunkIdx[i >>> DOC_BITS][i & (DOC_BLOCK - 1)]];
  }
  startOf(i: number): number {
    return this.starts[i >>> DOC_BITS][i & (DOC_BLOCK - 1)];
  }
  lengthOf(i: number): number {
    return this.lens[i >>> DOC_BITS][i & (DOC_BLOCK - 1)];
  }

  /** Document i's values: a view into its chunk (no copy). */
  get(i: number): Uint32Array {
    if (!(i >= 0 && i < this.n)) throw new RangeError(`document ${i} out of range (0..${this.n - 1})`);
    const start = this.startOf(i);
    return this.chunkOf(i).subarray(start, start + this.lengthOf(i));
  }

  resemblance(i: number, j: number): number {
    const bi = i >>> DOC_BITS;
    const ki = i & (DOC_BLOCK - 1);
    const bj = j >>> DOC_BITS;
    const kj = j & (DOC_BLOCK - 1);
    return mergeResemblance(
      this.chunks[this.chunkIdx[bi][ki]],
      this.starts[bi][ki],
      this.lens[bi][ki],
      this.chunks[this.chunkIdx[bj][kj]],
      this.starts[bj][kj],
      this.lens[bj][kj],
      this.size,
    );
  }

  /** Bytes held by the typed arrays. */
  get bytes(): number {
    let b = 0;
    for (const c of this.chunks) b += c.byteLength;
    return b + this.starts.length * DOC_BLOCK * (2 + 4 + 2);
  }
}
