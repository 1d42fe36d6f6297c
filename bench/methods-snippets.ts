/**
 * The extension's snippet case for bench/methods.bench.ts: does SimHash help group 30-word snippets
 * (w = 2, lib SNIPPET_OPTIONS)? Real result pages carry no ground truth, so snippet pairs are made from
 * real prose (the corpora's texts): 30-word passages, each paired with a near-duplicate of itself, as
 * one page's snippet differs from its copy's (even: 2 words replaced and 1 dropped, the edit SNIPPET_OPTIONS
 * was measured on; odd: the window shifted by 4 words, as engines cut snippets at other places);
 * every other pair is unrelated (false).
 */
import { SNIPPET_OPTIONS, type Sketch, resemblance, sketchTexts } from '../lib/index';
import { simhashText } from '../lib/corpus/simhash-index';
import { hamming } from '../lib/corpus/simhash';
import { canonicalSource } from '../lib/sketch/sketch';
import type { PairSet } from './methods-eval';

/** Deterministic LCG. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export function snippetPairs(texts: string[], count: number): { pairs: PairSet; snippets: number } {
  const rand = rng(31);
  const pool = texts
    .map((t) =>
      canonicalSource(t)
        .split(/\s+/)
        .filter((w) => /[A-Za-z]/.test(w)),
    )
    .filter((w) => w.length > 200);
  const snips: string[] = [];
  for (let p = 0; p < count; p++) {
    const words = pool[Math.floor(rand() * pool.length)];
    const at = Math.floor(rand() * (words.length - 40));
    const a = words.slice(at, at + 30);
    let b: string[];
    if (p % 2 === 0) {
      b = [...a];
      for (let e = 0; e < 2; e++) b[Math.floor(rand() * 30)] = pool[0][Math.floor(rand() * pool[0].length)];
      b.splice(Math.floor(rand() * 29), 1);
    } else b = words.slice(at + 4, at + 34);
    snips.push(a.join(' '), b.join(' '));
  }
  const sk = sketchTexts(snips, SNIPPET_OPTIONS) as Sketch[];
  const sh = snips.map((s) => simhashText(s, SNIPPET_OPTIONS));
  const n = snips.length;
  const m = (n * (n - 1)) / 2;
  const pairs: PairSet = { truth: new Int8Array(m), r: new Float64Array(m), d: new Uint8Array(m), deb: new Float64Array(m).fill(Number.NaN) };
  let k = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++, k++) {
      pairs.truth[k] = j === i + 1 && i % 2 === 0 ? 1 : 0;
      pairs.r[k] = resemblance(sk[i], sk[j]);
      pairs.d[k] = hamming(sh[i], sh[j]);
    }
  }
  return { pairs, snippets: n };
}
