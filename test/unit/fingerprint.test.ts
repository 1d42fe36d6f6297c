import { describe, expect, it } from 'vitest';
import { ROLL_A, ROLL_B, WHOLE_A, WHOLE_B, finishFingerprint, sampleBits, seedLanes } from '../../lib/sketch/hash';
import { hashToken } from '../../lib/text/tokenize';
import { tokens } from '../../lib/text/tokens';
import { Sketcher, resolveOptions, shingleSet, sketchText } from './helpers/lib';
import { proseText } from './helpers/prose';

/** Fingerprints by definition: each window hashed from scratch (O(wn)) with the constants lib/sketch/hash.ts names. */
function referenceSet(text: string, w: number, seed: number): number[] {
  const h = tokens(text).map(hashToken);
  const [sa, sb] = seedLanes(seed);
  const out = new Set<number>();
  for (let i = 0; i + w <= h.length; i++) {
    let a = 0;
    let b = 0;
    for (let j = i; j < i + w; j++) {
      a = (Math.imul(a, ROLL_A) + h[j][0]) | 0;
      b = (Math.imul(b, ROLL_B) + h[j][1]) | 0;
    }
    out.add(finishFingerprint(a ^ sa, b ^ sb));
  }
  return [...out].sort((x, y) => x - y);
}

function referenceWhole(text: string): number {
  const h = tokens(text).map(hashToken);
  let a = 0;
  let b = 0;
  for (const [x, y] of h) {
    a = (Math.imul(a, WHOLE_A) + x) | 0;
    b = (Math.imul(b, WHOLE_B) + y) | 0;
  }
  return finishFingerprint(a ^ h.length, b);
}

describe('fingerprints', () => {
  const text = `${proseText(9, 600)} Ünïcode wörds, 東京の本 and ﬁne ligatures.`;

  it.each([1, 3, 5, 8])('the one-pass rolling hash equals hashing each %i-shingle from scratch', (w) => {
    for (const seed of [0, 1, 4294967295]) {
      expect(Array.from(shingleSet(text, { shingle: w, seed }))).toEqual(referenceSet(text, w, seed));
    }
  });

  it('are below 2^52 and spread over the whole range', () => {
    const set = shingleSet(text);
    expect(set[set.length - 1]).toBeLessThan(2 ** 52);
    expect(set[set.length - 1]).toBeGreaterThan(2 ** 51);
    expect(set[0]).toBeLessThan(2 ** 52 / 50);
  });

  it('the sketch is the bottom s of the shingle set and its MOD sample, and the whole-text hash is as defined', () => {
    const set = shingleSet(text);
    const sk = sketchText(text);
    expect(Array.from(sk.min)).toEqual(Array.from(set.slice(0, 128)));
    const m = 2 ** sk.modBits;
    const sampled = (f: number, mod: number) => sampleBits(f) % mod === 0;
    expect(Array.from(sk.mod)).toEqual(Array.from(set).filter((f) => sampled(f, m)));
    expect(sk.mod.length).toBeLessThanOrEqual(100);
    expect(set.filter((f) => sampled(f, m / 2)).length).toBeGreaterThan(100);
    expect(sk.whole).toBe(referenceWhole(text));
    expect(sk.tokens).toBe(tokens(text).length);
    expect(sk.shingles).toBe(sk.tokens - 4);
  });

  it('streams long texts in chunks with the same result wherever the pieces are cut', () => {
    const big = proseText(12, 400_000); // ~2.3 MB: several internal chunks
    const whole = sketchText(big);
    const cut = big.indexOf(' ', 777_777) + 1;
    const sk = new Sketcher(resolveOptions({}));
    sk.update(big.slice(0, cut));
    sk.update(big.slice(cut));
    expect(sk.finish()).toEqual(whole);
    expect(whole.shingles).toBe(whole.tokens - 4);
    expect(whole.tokens).toBe(big.split(' ').length);
  });

  it('the short path for snippets gives exactly the streaming sketch', () => {
    for (const [i, snippet] of [proseText(21, 30), proseText(22, 8), 'one', 'Ünïcode wörds and 東京の本, twice: Ünïcode wörds', proseText(23, 90)].entries()) {
      for (const o of [resolveOptions({ shingle: 2 }), resolveOptions({ shingle: 5, seed: 9 })]) {
        const streamed = new Sketcher(o);
        streamed.update(snippet);
        const s = streamed.finish();
        expect(sketchText(snippet, o), `case ${i}`).toEqual({ ...s, mod: s.min.length === s.mod.length ? s.min : s.mod });
      }
    }
  });

  it('a text shorter than w words is one shingle of all its words', () => {
    const s = sketchText('only three words', { shingle: 5 });
    expect(s.shingles).toBe(1);
    expect(Array.from(s.min)).toEqual(referenceSet('only three words', 3, 0));
  });
});
