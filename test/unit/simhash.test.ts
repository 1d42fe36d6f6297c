import { describe, expect, it } from 'vitest';
import { shingleSet } from '../../lib/sketch/exact';
import { hamming, simhash, simhashHex } from '../../lib/corpus/simhash';
import { simhashText } from '../../lib/corpus/simhash-index';

/** A deterministic text of `n` words from a small vocabulary (seeded LCG), so tests need no corpus. */
function words(n: number, seed: number): string[] {
  const vocab =
    'the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their'.split(
      ' ',
    );
  const out: string[] = [];
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out.push(`${vocab[s % vocab.length]}${(s >>> 8) % 97}`);
  }
  return out;
}

describe('SimHash over the shingle fingerprints', () => {
  const base = words(800, 1);
  const fp = (w: string[]) => simhash(shingleSet(w.join(' ')));

  it('is the same for the same text, and 64 bits wide', () => {
    expect(fp(base)).toEqual(fp([...base]));
    expect(simhashHex(fp(base))).toMatch(/^[0-9a-f]{16}$/);
    expect(simhash(new Float64Array(0))).toEqual({ hi: 0, lo: 0 });
  });

  it('a near-duplicate differs in few bits, an unrelated text in about half', () => {
    const edited = [...base];
    for (const i of [100, 300, 500, 700]) edited[i] = 'changed';
    const near = hamming(fp(base), fp(edited));
    const far = hamming(fp(base), fp(words(800, 2)));
    expect(near).toBeLessThanOrEqual(8);
    expect(far).toBeGreaterThanOrEqual(20);
    expect(far).toBeLessThanOrEqual(44);
  });

  it('counts differing bits in both halves', () => {
    expect(hamming({ hi: 0, lo: 0 }, { hi: 0xffffffff, lo: 0xffffffff })).toBe(64);
    expect(hamming({ hi: 0x80000000, lo: 1 }, { hi: 0, lo: 0 })).toBe(2);
  });
});

describe('simhashText: one pass, equal to simhash(shingleSet(text))', () => {
  const slow = (t: string, o?: Parameters<typeof simhashText>[1]) => simhash(shingleSet(t, o));
  const text = words(3000, 7).join(' ');

  it('equals the set-based SimHash for w = 1, 2, 5, 10 and other seeds', () => {
    for (const shingle of [1, 2, 5, 10]) {
      for (const seed of [0, 1, 0xdeadbeef]) expect(simhashText(text, { shingle, seed })).toEqual(slow(text, { shingle, seed }));
    }
  });

  it('counts a repeated shingle once (set semantics) and past 255 distinct shingles', () => {
    const repeated = `${text} ${text} ${words(50, 9).join(' ')} ${text}`;
    expect(simhashText(repeated)).toEqual(slow(repeated));
    // Repeats do not change the set: the same fingerprint as the text read once, up to the seams.
    const few = Array.from({ length: 40 }, () => 'alpha beta gamma delta epsilon zeta').join(' ');
    expect(simhashText(few)).toEqual(slow(few));
    // One phrase repeated 3,000 times votes as its few distinct shingles, not 3,000 times over.
    const spam = `${text} ${Array.from({ length: 3000 }, () => 'buy cheap pills now today').join(' ')}`;
    expect(simhashText(spam)).toEqual(slow(spam));
    expect(hamming(simhashText(spam), simhashText(text))).toBeLessThanOrEqual(6);
  });

  it('reads markup, non-ASCII words and short texts as the sketch does', () => {
    const html = `<html><body><p>${words(200, 3).join(' ')}</p><script>var x = 1;</script></body></html>`;
    expect(simhashText(html)).toEqual(slow(html));
    const accents = `Ça déjà vu naïve ÉCOLE straße ${words(100, 4).join(' ')} Œuvre`;
    expect(simhashText(accents)).toEqual(slow(accents));
    for (const short of ['one', 'one two', 'one two three four']) expect(simhashText(short)).toEqual(slow(short));
    expect(() => simhashText('   ')).toThrow();
  });

  it('follows the sketch through chunks, maxChars and ignored shingles', () => {
    expect(simhashText(text, { maxChars: 5000 })).toEqual(slow(text, { maxChars: 5000 }));
    expect(simhashText(text, { maxChars: 5000 })).not.toEqual(simhashText(text));
    const ignore = new Set(Array.from(shingleSet(text)).slice(0, 300));
    expect(simhashText(text, { ignore })).toEqual(slow(text, { ignore }));
    expect(simhashText(text, { ignore })).not.toEqual(simhashText(text));
    // Over a million characters: read in chunks with w − 1 words carried across.
    const long = words(200_000, 11).join(' ');
    expect(long.length).toBeGreaterThan(1 << 20);
    expect(simhashText(long)).toEqual(slow(long));
  });
});
