import { describe, expect, it } from 'vitest';
import { encodeBatch, hashBatch } from '../../lib/text/batch';
import { WordHashes, hashWords } from '../../lib/text/tokenize';
import { proseText } from './helpers/prose';

/** hashWords of each text, one after another, with the word count after each. */
function oneByOne(texts: string[]) {
  const out = new WordHashes();
  const ends: number[] = [];
  for (const t of texts) ends.push(hashWords(t, out).n);
  return { a: Array.from(out.a.subarray(0, out.n)), b: Array.from(out.b.subarray(0, out.n)), ends };
}

function batched(texts: string[]) {
  const out = new WordHashes();
  const ends: number[] = [];
  hashBatch(texts, out, ends);
  return { a: Array.from(out.a.subarray(0, out.n)), b: Array.from(out.b.subarray(0, out.n)), ends };
}

describe('hashBatch (texts encoded as one buffer)', () => {
  const ascii = [proseText(1, 30), '', '  ', 'one', 'Two words.', proseText(2, 200), 'x'];
  it('equals hashWords of each text, all ASCII', () => {
    expect(batched(ascii)).toEqual(oneByOne(ascii));
  });

  it('equals hashWords of each text with non-ASCII ones among them (their bytes shift the rest)', () => {
    const texts = [
      'café au lait',
      ...ascii,
      'naïve ﬁne straße',
      'plain after',
      '😀 emoji 👍🏽 here',
      'and after',
      'lone \ud800 high',
      'mid',
      'lone \udc00 low',
      'end \ud83d',
      'ok',
      '東京の本',
      'x'.repeat(3000),
      'Ünïcode at the end',
    ];
    expect(batched(texts)).toEqual(oneByOne(texts));
    expect(batched([...texts].reverse())).toEqual(oneByOne([...texts].reverse()));
  });

  it('marks exactly the non-ASCII texts, and gives each ASCII text its byte offset', () => {
    const texts = ['ab', 'é', 'cd', '😀', '', 'ef'];
    const start: number[] = [];
    const buf = encodeBatch(texts, start);
    expect(start.map((s) => s >= 0)).toEqual([true, false, true, false, true, true]);
    for (const [i, t] of texts.entries()) {
      if (start[i] < 0) continue;
      expect(new TextDecoder().decode(buf.subarray(start[i], start[i] + t.length)), `text ${i}`).toBe(t);
      expect(buf[start[i] + t.length]).toBe(32);
    }
  });
});
