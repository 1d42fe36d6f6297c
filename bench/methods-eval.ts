/**
 * Precision, recall and F1 of scored document pairs at a threshold, and the threshold with the best F1
 * (bench/methods.bench.ts). Pairs are parallel arrays: truth (1 true, 0 false, −1 left out) and one
 * score array per method; a method predicts "near-duplicate" by a rule over the scores.
 */

export interface PairSet {
  truth: Int8Array;
  /** Min-hash estimated resemblance (lib sketch, w = 5, s = 128). */
  r: Float64Array;
  /** SimHash Hamming distance (0..64). */
  d: Uint8Array;
  /** Debian simhash's similarity (0..1), NaN when it did not run. */
  deb: Float64Array;
}

export interface Score {
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  fp: number;
  fn: number;
}

export function score(p: PairSet, predict: (k: number) => boolean): Score {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let k = 0; k < p.truth.length; k++) {
    const t = p.truth[k];
    if (t < 0) continue;
    const y = predict(k);
    if (y && t === 1) tp++;
    else if (y) fp++;
    else if (t === 1) fn++;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, tp, fp, fn };
}

/** Thresholds swept: resemblance and Debian similarity 0.05..1 by 0.05; Hamming distance 0..32. */
export const R_STEPS = Array.from({ length: 20 }, (_, i) => Math.round((i + 1) * 5) / 100);
export const K_STEPS = Array.from({ length: 33 }, (_, i) => i);
/** The combined mode's looser shingle thresholds (Henzinger: shingles at a low bar, SimHash filters). */
export const LOOSE_STEPS = R_STEPS.filter((t) => t <= 0.6);

export interface MethodScores {
  minhash: { best: Score & { threshold: number }; atDefault: Score & { threshold: number } };
  simhash: { best: Score & { k: number }; atDefault: Score & { k: number } };
  combined: { best: Score & { threshold: number; k: number }; atDefault: Score & { threshold: number; k: number } };
  debian?: { best: Score & { threshold: number } };
}

/** Best by F1; ties go to the first met (thresholds are swept from the strictest side where it matters). */
function best<T extends object>(cands: Iterable<T>, f: (c: T) => Score): Score & T {
  let top: (Score & T) | undefined;
  for (const c of cands) {
    const s = f(c);
    if (top === undefined || s.f1 > top.f1) top = { ...s, ...c };
  }
  return top!;
}

export function evaluate(p: PairSet, defaults: { r: number; k: number; combined: { threshold: number; k: number } }, withDebian: boolean): MethodScores {
  const byR = (t: number) => score(p, (k) => p.r[k] >= t);
  const byK = (kk: number) => score(p, (k) => p.d[k] <= kk);
  const both = (t: number, kk: number) => score(p, (k) => p.r[k] >= t && p.d[k] <= kk);
  const grid: { threshold: number; k: number }[] = [];
  for (const threshold of LOOSE_STEPS) for (const k of K_STEPS) grid.push({ threshold, k });
  const out: MethodScores = {
    minhash: {
      best: best(
        [...R_STEPS].reverse().map((threshold) => ({ threshold })),
        (c) => byR(c.threshold),
      ),
      atDefault: { ...byR(defaults.r), threshold: defaults.r },
    },
    simhash: {
      best: best(
        K_STEPS.map((k) => ({ k })),
        (c) => byK(c.k),
      ),
      atDefault: { ...byK(defaults.k), k: defaults.k },
    },
    combined: {
      best: best(grid, (c) => both(c.threshold, c.k)),
      atDefault: { ...both(defaults.combined.threshold, defaults.combined.k), ...defaults.combined },
    },
  };
  if (withDebian)
    out.debian = {
      best: best(
        [...R_STEPS].reverse().map((threshold) => ({ threshold })),
        (c) => score(p, (k) => p.deb[k] >= c.threshold - 1e-9),
      ),
    };
  return out;
}

/** Pair sets joined (the overall figures: one threshold for every corpus). */
export function concat(sets: PairSet[]): PairSet {
  const n = sets.reduce((s, p) => s + p.truth.length, 0);
  const out: PairSet = { truth: new Int8Array(n), r: new Float64Array(n), d: new Uint8Array(n), deb: new Float64Array(n) };
  let at = 0;
  for (const p of sets) {
    out.truth.set(p.truth, at);
    out.r.set(p.r, at);
    out.d.set(p.d, at);
    out.deb.set(p.deb, at);
    at += p.truth.length;
  }
  return out;
}

/** F1 (and precision, recall) of SimHash alone and of the combined rule over a small grid: how flat the optimum is. */
export function grid(p: PairSet, ts: number[], ks: number[]): { simhash: Record<number, Score>; combined: Record<string, Score> } {
  const simhash: Record<number, Score> = {};
  const combined: Record<string, Score> = {};
  for (const kk of ks) {
    simhash[kk] = score(p, (k) => p.d[k] <= kk);
    for (const t of ts) combined[`${t},${kk}`] = score(p, (k) => p.r[k] >= t && p.d[k] <= kk);
  }
  return { simhash, combined };
}
