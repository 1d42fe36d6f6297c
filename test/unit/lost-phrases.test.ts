/** Distinctive phrases remembered for lost-and-found searches (lib/lost/phrases.ts, issue #7). */
import { describe, expect, it } from 'vitest';
import { pickPhrases } from '../../lib/lost/phrases';
import { PAGE_OPTIONS, shingleSet, sketchText } from '../../lib/index';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';
import { mulberry32 } from './helpers/random';

const VOCAB =
  'harbour engine winter question doctor captain country evening paper market judge bridge candle forest doorway orchard lantern river morning letter window mountain village silence garden house'.split(
    ' ',
  );

/** `n` sentences of `len` distinct-ish words each, one per line. */
function sentences(seed: number, n: number, len: number): string[] {
  const rnd = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const words = Array.from({ length: len }, () => VOCAB[Math.floor(rnd() * VOCAB.length)]);
    return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
  });
}

/** The smallest fingerprint of a sentence's shingles, as the sketch orders them. */
const keyOf = (s: string) => sketchText(s, PAGE_OPTIONS).min[0];

describe('pickPhrases', () => {
  it('is deterministic, bounded by count and maxChars', () => {
    const text = proseText(7, 3000);
    const a = pickPhrases(text);
    pickPhrases(proseText(8, 500)); // shared buffers between calls must not leak
    expect(pickPhrases(text)).toEqual(a);
    expect(a).toHaveLength(3);
    expect(a.join('').length).toBeLessThanOrEqual(200);
    for (const p of a) expect(text.replace(/\s+/g, ' ')).toContain(p);
    const five = pickPhrases(text, { count: 5, maxChars: 400 });
    expect(five).toHaveLength(5);
    expect(five.join('').length).toBeLessThanOrEqual(400);
    expect(pickPhrases(text, { count: 0 })).toEqual([]);
    expect(pickPhrases('')).toEqual([]);
  });

  it('chooses the sentences holding the smallest shingle fingerprints, mid-length ones first', () => {
    const lines = sentences(3, 40, 8);
    const long = sentences(4, 5, 30); // long sentences (cut) come after every mid-length one
    const text = [...lines, ...long].join('\n');
    const expected = [...lines].sort((x, y) => keyOf(x) - keyOf(y)).slice(0, 3);
    const all = shingleSet(text);
    const got = pickPhrases(text);
    expect(got).toHaveLength(3);
    // A sentence longer than its share of maxChars is cut around its smallest shingle.
    got.forEach((p, i) => {
      expect(expected[i]).toContain(p);
      expect(all.includes(keyOf(p))).toBe(true); // a value of the page's own shingle set
      expect(keyOf(p)).toBe(keyOf(expected[i])); // the sentence's smallest shingle is kept
    });
  });

  it('mostly keeps its phrases on a lightly edited copy', () => {
    // Measured over seeds 1-100: 81% kept at 1% of words edited, 66% at 2%, 42% at 5%. A ~10-word phrase
    // survives 1% of edits (substitute, delete, insert) with probability ~0.87, and an edit elsewhere may
    // bring a sentence with a smaller key.
    const keptShare = (rate: number) => {
      let kept = 0;
      let total = 0;
      for (let seed = 1; seed <= 20; seed++) {
        const text = proseText(100 + seed, 1500);
        const a = pickPhrases(text);
        const b = pickPhrases(editWords(text, rate, seed));
        total += a.length;
        kept += a.filter((p) => b.includes(p)).length;
      }
      return kept / total;
    };
    expect(keptShare(0)).toBe(1);
    expect(keptShare(0.01)).toBeGreaterThanOrEqual(0.75);
    expect(keptShare(0.02)).toBeGreaterThanOrEqual(0.6);
  });

  it('leaves out boilerplate, code and addresses', () => {
    const bad = [
      'Copyright 2024 Example Corporation and its many friends.',
      'This document has been placed in the public domain by its author.',
      'We use cookies to improve your experience on this website today.',
      'All rights reserved by the publisher of this fine example page.',
      'See https://example.com/some/long/path for the rest of the story.',
      'x = compute(a, b) if a > b else compute(b, a) + other',
    ];
    // Boilerplate sentences are tried with every seed: none is ever picked, whatever its shingles.
    for (let seed = 0; seed < 20; seed++) {
      const got = pickPhrases([...sentences(seed, 3, 7), ...bad].join('\n'), { seed, count: 6, maxChars: 600 });
      expect(got).toHaveLength(3);
      for (const p of got) expect(bad.some((b) => b.includes(p))).toBe(false);
    }
  });

  it('joins hard-wrapped lines into sentences, and keeps headings apart', () => {
    const text = [
      'Abstract',
      '',
      '    This proposal describes a lantern protocol for harbour engines that',
      '    remember the evening market and every bridge in the village.',
      '',
      'Rationale',
      'Orchard doors open slowly when the winter captain walks at night.',
    ].join('\n');
    const got = pickPhrases(text, { maxChars: 600 });
    expect(got).toContain('This proposal describes a lantern protocol for harbour engines that remember the evening market and every bridge in the village.');
    expect(got).toContain('Orchard doors open slowly when the winter captain walks at night.');
    expect(got.some((p) => p.startsWith('Abstract') || p.startsWith('Rationale'))).toBe(false);
  });

  it('reads texts without spaces (CJK) by characters', () => {
    const text = '今天的天气非常好我们一起去公园散步吧。这个城市的历史非常悠久而且文化丰富。他每天早上都在河边跑步锻炼身体。';
    const got = pickPhrases(text);
    expect(got.length).toBeGreaterThan(0);
    for (const p of got) expect(text).toContain(p);
  });

  it('follows the sketch options (seed and shingle size)', () => {
    const text = proseText(55, 3000);
    expect(pickPhrases(text, { seed: 1 })).not.toEqual(pickPhrases(text, { seed: 0 }));
    expect(pickPhrases(text, { shingle: 3 })).not.toEqual(pickPhrases(text));
  });
});
