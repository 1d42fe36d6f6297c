import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  containmentEstimate,
  exactContainment,
  exactResemblance,
  intersectionSize,
  minContainment,
  modContainment,
  resemblance,
  shingleSet,
  sketchText,
} from './helpers/lib';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';
import { sharedFileIfPresent } from './helpers/shared';
import { mulberry32 } from './helpers/random';

// Real text: Broder's paper from ../shared when present; otherwise generated prose (and it says so).
const PAPER = sharedFileIfPresent('papers/broder-1997-on-the-resemblance-and-containment-of-documents.txt');
const base = PAPER ? readFileSync(PAPER, 'utf8') : proseText(11, 3200);
if (!PAPER) console.warn('unbiasedness: ../shared is absent, using generated prose instead of the paper');

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

  it.each([0.05, 0.3])('containment of an excerpt in an edited whole, edit rate %f (each estimator and the choice)', (rate) => {
    const z: number[] = [];
    const zBy = { mod: [] as number[], min: [] as number[] };
    const methods = { mod: 0, min: 0, sizes: 0 };
    const rnd = mulberry32(5);
    const words = base.split(/\s+/);
    for (let t = 0; t < TRIALS; t++) {
      const from = Math.floor(rnd() * words.length * 0.5);
      // Excerpts of 45-65%: both estimators get used across trials.
      const excerpt = editWords(words.slice(from, from + Math.floor(words.length * (0.45 + 0.2 * rnd()))).join(' '), rate, 77 + t);
      const whole = editWords(base, rate, 5000 + t);
      const opts = { seed: 104729 * t + 3, shingle: 3 };
      const fa = shingleSet(excerpt, opts);
      const c = exactContainment(fa, shingleSet(whole, opts));
      const [ska, skb] = [sketchText(excerpt, opts), sketchText(whole, opts)];
      const est = containmentEstimate(ska, skb);
      const hyper = (k: number) => Math.sqrt(((c * (1 - c)) / k) * ((fa.length - k) / (fa.length - 1)));
      for (const [name, f] of [
        ['mod', modContainment],
        ['min', minContainment],
      ] as const) {
        const { hits, sample } = f(ska, skb);
        if (sample > 0) zBy[name].push((hits / sample - c) / hyper(sample));
      }
      methods[est.method]++;
      // Either sample is a uniform random k-subset of S(A): the count also in B is hypergeometric.
      const sd = Math.sqrt(((c * (1 - c)) / est.sample) * ((fa.length - est.sample) / (fa.length - 1)));
      z.push((est.value - c) / sd);
    }
    for (const [name, zs] of Object.entries(zBy)) {
      const m = meanSd(zs);
      console.log(`  ${name} estimator alone: mean z ${m.mean.toFixed(3)}, sd(z) ${m.sd.toFixed(3)} over ${zs.length}`);
      expect(zs.length).toBe(TRIALS);
      expect(Math.abs(m.mean)).toBeLessThan(4 / Math.sqrt(zs.length));
      expect(m.sd).toBeGreaterThan(0.9);
      expect(m.sd).toBeLessThan(1.1);
    }
    const { mean, sd } = meanSd(z);
    console.log(`containment, rate ${rate}: mean z ${mean.toFixed(3)}, sd(z) ${sd.toFixed(3)}, methods ${JSON.stringify(methods)}`);
    expect(methods.sizes).toBe(0);
    expect(Math.abs(mean)).toBeLessThan(4 / Math.sqrt(z.length));
    expect(sd).toBeGreaterThan(0.9);
    expect(sd).toBeLessThan(1.1);
  });
});
