/**
 * In-place ascending sort of a[lo, hi) for the sketcher's small buffers: a plain quicksort with an
 * insertion-sort finish. Measured 3x faster than Float64Array.prototype.sort on 512 values in V8.
 */
export function sortRange(a: Float64Array, lo: number, hi: number): void {
  while (hi - lo > 32) {
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot.
    const x = a[lo];
    const y = a[mid];
    const z = a[hi - 1];
    const pivot = x < y ? (y < z ? y : Math.max(x, z)) : x < z ? x : Math.max(y, z);
    let i = lo;
    let j = hi - 1;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    // Recurse into the smaller side, loop on the larger: stack depth stays O(log n).
    if (j - lo < hi - i) {
      sortRange(a, lo, j + 1);
      lo = i;
    } else {
      sortRange(a, i, hi);
      hi = j + 1;
    }
  }
  for (let i = lo + 1; i < hi; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= lo && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

let spreadTmp = new Float64Array(1024);
let spreadCount = new Int32Array(1025);

/**
 * The counting pass both spread sorts share: a[0, n)'s values counted into buckets of [0, max) and
 * summed, spreadCount[b] then the first slot of bucket b (spreadTmp has room for n). Returns the
 * buckets, or 0 when one holds more than 32 values (not spread: the caller sorts otherwise).
 */
function spreadCounts(a: Float64Array, n: number, max: number): number {
  let nb = 64;
  while (nb < n && nb < 4096) nb *= 2;
  if (spreadTmp.length < n) spreadTmp = new Float64Array(n);
  if (spreadCount.length < nb + 1) spreadCount = new Int32Array(nb + 1);
  const c = spreadCount;
  const scale = nb / max;
  c.fill(0, 0, nb + 1);
  for (let i = 0; i < n; i++) {
    const b = Math.min(nb - 1, Math.floor(a[i] * scale));
    if (++c[b + 1] > 32) return 0;
  }
  for (let b = 1; b <= nb; b++) c[b] += c[b - 1];
  return nb;
}

/**
 * In-place ascending sort of a[0, n) for values spread roughly uniformly over [0, max) (fingerprints
 * below a MIN_s threshold): a counting sort on the values' leading bits, then an insertion sort that
 * has almost nothing to move. About a quarter of `sortRange`'s time on the sketcher's 512 candidates,
 * whose quicksort mispredicted a branch on every other comparison. Falls back to `sortRange` when the
 * values are not spread (a bucket holding more than 32 of them), so no input makes it quadratic.
 */
export function sortSpread(a: Float64Array, n: number, max: number): void {
  if (n < 64 || !(max > 0) || !Number.isFinite(max)) {
    sortRange(a, 0, n);
    return;
  }
  const nb = spreadCounts(a, n, max);
  if (nb === 0) {
    sortRange(a, 0, n);
    return;
  }
  const t = spreadTmp;
  const c = spreadCount;
  const scale = nb / max;
  for (let i = 0; i < n; i++) {
    const v = a[i];
    t[c[Math.min(nb - 1, Math.floor(v * scale))]++] = v;
  }
  for (let i = 0; i < n; i++) {
    const v = t[i];
    let j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

/**
 * sortSpread for a caller that keeps only the `k` smallest distinct values: the counting pass picks the
 * smallest buckets holding k values and an eighth more (repeats), only those are insertion-sorted into
 * a[0, m), and the rest follow in a[m, n) unsorted, all of them at least a[m − 1]. Returns m (n when
 * everything was sorted). A caller that finds fewer than k distinct values in a[0, m) sorts a[m, n)
 * with sortRange and reads on: the head and the sorted tail are the whole array sorted. On the
 * sketcher's ~2s candidates the insertion pass had twice the values it needed.
 */
export function sortSpreadHead(a: Float64Array, n: number, max: number, k: number): number {
  if (n < 64 || k + (k >> 3) >= n || !(max > 0) || !Number.isFinite(max)) {
    sortSpread(a, n, max);
    return n;
  }
  const nb = spreadCounts(a, n, max);
  if (nb === 0) {
    sortRange(a, 0, n);
    return n;
  }
  const t = spreadTmp;
  const c = spreadCount;
  const scale = nb / max;
  // The head: the buckets before the first whose end reaches k + k/8 values, and that one.
  let hb = 0;
  while (hb < nb && c[hb + 1] < k + (k >> 3)) hb++;
  const m = c[Math.min(nb, hb + 1)];
  for (let i = 0; i < n; i++) {
    const v = a[i];
    t[c[Math.min(nb - 1, Math.floor(v * scale))]++] = v;
  }
  for (let i = 0; i < m; i++) {
    const v = t[i];
    let j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
  for (let i = m; i < n; i++) a[i] = t[i];
  return m;
}
