/**
 * Timing harness. A contender is a `Batch`: it processes `count` consecutive items of its input list
 * (cycling) starting at `from`, with the per-item loop inside the contender's own module, so the
 * harness makes one indirect call per chunk and never sits between a contender and its items.
 */
export type Batch = (from: number, count: number) => number;

export interface Sample {
  /** Items processed, their bytes, and the time spent inside the batch calls (ms). */
  items: number;
  bytes: number;
  ms: number;
}

export const now = (): number => performance.now();

/** Prefix sums of item sizes, for the bytes of any cyclic range in O(1). */
export function prefixSums(sizes: readonly number[]): Float64Array {
  const p = new Float64Array(sizes.length + 1);
  for (let i = 0; i < sizes.length; i++) p[i + 1] = p[i] + sizes[i];
  return p;
}

function rangeBytes(prefix: Float64Array, from: number, count: number): number {
  const n = prefix.length - 1;
  const total = prefix[n];
  const whole = Math.floor(count / n);
  const rest = count - whole * n;
  const end = from + rest;
  const part = end <= n ? prefix[end] - prefix[from] : prefix[n] - prefix[from] + prefix[end - n];
  return whole * total + part;
}

/** Keeps the results of timed calls reachable so no contender's work can be optimized away. */
export let sink = 0;

/**
 * Runs `run` on chunks of items until `minMs` of wall time have passed and at least `minItems` items
 * were processed. Chunks double until one call takes `chunkMs`, so the clock is read rarely.
 */
export function timeBatches(run: Batch, prefix: Float64Array, minMs: number, minItems = 0, chunkMs = 4): Sample {
  const n = prefix.length - 1;
  let chunk = 1;
  let pos = 0;
  let items = 0;
  let bytes = 0;
  let ms = 0;
  const start = now();
  while (now() - start < minMs || items < minItems) {
    const t0 = now();
    sink += run(pos, chunk);
    const dt = now() - t0;
    ms += dt;
    items += chunk;
    bytes += rangeBytes(prefix, pos, chunk);
    pos = (pos + chunk) % n;
    if (dt < chunkMs) chunk *= 2;
  }
  return { items, bytes, ms };
}

export const mbPerSec = (s: Sample): number => s.bytes / 1e6 / (s.ms / 1e3);
export const perSec = (s: Sample): number => s.items / (s.ms / 1e3);
export const nsPerItem = (s: Sample): number => (s.ms * 1e6) / s.items;

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Spread of the rounds around their median, as a percentage (half the min-max range). */
export function spreadPct(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  return (50 * (Math.max(...xs) - Math.min(...xs))) / median(xs);
}
