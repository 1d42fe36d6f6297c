/**
 * Lost and found's phrases split blocks into sentences by hand (lib/lost/phrases.ts `sentences`), for
 * speed; the split must stay exactly the regular expression's, `SENTENCE_END`, whose quirks included
 * (a run of spaces before lower case gives up its last space; no split after the last character).
 */
import { describe, expect, it } from 'vitest';
import { SENTENCE_END, sentences } from '../../lib/lost/phrases';
import { prosePages } from '../../bench/corpus';

const PIECES = ['a', 'b', 'Z', 'é', 'É', 'ß', '1', '.', '!', '?', ',', ' ', ' ', '  ', '\u00a0', '\t', '\u3000', '。', '！', '？', '東', '😀', '𝐀', '"', ')'];

function rng(seed: number) {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

describe('sentences', () => {
  it('splits as the regular expression does, on made-up strings full of its edge cases', () => {
    const rand = rng(7);
    for (let n = 0; n < 20_000; n++) {
      let s = '';
      const len = 1 + Math.floor(rand() * 14);
      for (let i = 0; i < len; i++) s += PIECES[Math.floor(rand() * PIECES.length)];
      expect(sentences(s), JSON.stringify(s)).toEqual(s.split(SENTENCE_END));
    }
  });

  it('splits as the regular expression does on prose', () => {
    for (const page of prosePages(20, 3000, 11)) {
      const block = page.replace(/\n+/g, ' ');
      const got = sentences(block);
      expect(got.length).toBeGreaterThan(10);
      expect(got).toEqual(block.split(SENTENCE_END));
    }
  });

  it('keeps the cases that matter by name', () => {
    expect(sentences('One. Two! three? Four。五')).toEqual(['One.', 'Two! three?', 'Four。', '五']);
    expect(sentences('End.  lower')).toEqual(['End.', ' lower']);
    expect(sentences('Last.')).toEqual(['Last.']);
    expect(sentences('終わり。')).toEqual(['終わり。']);
  });
});
