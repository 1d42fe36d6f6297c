import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { containmentEstimate, exactContainment, exactResemblance, intersectionSize, resemblance, shingleSet, sketchText } from './helpers/lib';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';
import { mulberry32 } from './helpers/random';

// Real text: Broder's paper from ../shared when present; otherwise generated prose (and it says so).
const PAPER = path.resolve(__dirname, '../../../shared/papers/broder-1997-on-the-resemblance-and-containment-of-documents.txt');
const base = existsSync(PAPER) ? readFileSync(PAPER, 'utf8') : proseText(11, 3200);
if (!existsSync(PAPER)) console.warn('unbiasedness: ../shared is absent, using generated prose instead of the paper');

const S = 128;
const TRIALS = 600;

function meanSd(xs: number[]): { mean: number; sd: number } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
  return { mean, sd };
}

describe('the estimators are unbiased with the spread the theory gives', () => {
  // Each trial: a fresh random edit and a fresh hash seed (a fresh random permutation).
  it.each([0.05, 0.2, 0.45])('resemblance from MIN_s, edit rate %f', (rate) => {
    const z: number[] = [];
    const rs: number[] = [];
    for (let t = 0; t < TRIALS; t++) {
      const edited = editWords(base, rate, 1000 + t);
      const opts = { seed: 7919 * t + 1, size: S, shingle: 3 };
      const fa = shingleSet(base, opts);
      const fb = shingleSet(edited, opts);
      const r = exactResemblance(fa, fb);
      const union = fa.length + fb.length - intersectionSize(fa, fb);
      const est = resemblance(sketchText(base, opts), sketchText(edited, opts));
      // MIN_s(A ∪ B) is a sample without replacement from the union: finite-population correction.
      const sd = Math.sqrt(((r * (1 - r)) / S) * ((union - S) / (union - 1)));
      z.push((est - r) / sd);
      rs.push(r);
    }
    const { mean, sd } = meanSd(z);
    console.log(`resemblance, rate ${rate}: mean r ${meanSd(rs).mean.toFixed(3)}, mean z ${mean.toFixed(3)}, sd(z) ${sd.toFixed(3)}`);
    expect(Math.abs(mean)).toBeLessThan(4 / Math.sqrt(TRIALS));
    expect(sd).toBeGreaterThan(0.9);
    expect(sd).toBeLessThan(1.1);
  });

  it.each([0.05, 0.3])('containment from MOD samples at the larger modulus, edit rate %f', (rate) => {
    const z: number[] = [];
    let fromMin = 0;
    const rnd = mulberry32(5);
    const words = base.split(/\s+/);
    for (let t = 0; t < TRIALS; t++) {
      const from = Math.floor(rnd() * words.length * 0.5);
      const excerpt = editWords(words.slice(from, from + Math.floor(words.length * (0.45 + 0.2 * rnd()))).join(' '), rate, 77 + t);
      const whole = editWords(base, rate, 5000 + t);
      const opts = { seed: 104729 * t + 3, shingle: 3 };
      const fa = shingleSet(excerpt, opts);
      const c = exactContainment(fa, shingleSet(whole, opts));
      const est = containmentEstimate(sketchText(excerpt, opts), sketchText(whole, opts));
      // Too few of A's values at B's modulus: the estimate falls back to MIN_s and is not this test's.
      if (est.method !== 'mod') {
        fromMin++;
        continue;
      }
      // Given k sampled values of A, the count also in B is hypergeometric.
      const sd = Math.sqrt(((c * (1 - c)) / est.sample) * ((fa.length - est.sample) / (fa.length - 1)));
      z.push((est.value - c) / sd);
    }
    const { mean, sd } = meanSd(z);
    console.log(`containment, rate ${rate}: mean z ${mean.toFixed(3)}, sd(z) ${sd.toFixed(3)}, ${fromMin} of ${TRIALS} from MIN_s`);
    expect(fromMin).toBeLessThan(TRIALS * 0.1);
    expect(Math.abs(mean)).toBeLessThan(4 / Math.sqrt(z.length));
    expect(sd).toBeGreaterThan(0.9);
    expect(sd).toBeLessThan(1.1);
  });
});
