import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, Sketcher, commonShingles, resolveOptions, sketchText, type SketchOptions } from './helpers/lib';
import { proseText } from './helpers/prose';

/** The streaming sketch: one `update`, no guessed starting points. */
function streamed(text: string, o: SketchOptions) {
  const sk = new Sketcher(o);
  sk.update(text);
  return sk.finish();
}

const plain = (s: ReturnType<typeof sketchText>) => ({ ...s, min: Array.from(s.min), mod: Array.from(s.mod) });

/** `n` words cycling over `distinct` different ones: a text with about `distinct` distinct shingles. */
const cycle = (distinct: number, n: number) => Array.from({ length: n }, (_, i) => `w${i % distinct}`).join(' ');

describe('sketchText of a whole text (guessed MIN_s threshold and MOD level, checked)', () => {
  const cases: [string, string][] = [
    ['prose, 3,000 words', proseText(31, 3000)],
    ['prose, 40,000 words', proseText(32, 40_000)],
    ['few distinct shingles (MIN_s guess fails)', cycle(40, 5000)],
    ['a few hundred distinct shingles', cycle(300, 20_000)],
    ['a few hundred distinct shingles, fewer words (MOD guess fails)', cycle(300, 5000)],
    ['just under s distinct', cycle(127, 4000)],
    ['just over s distinct', cycle(129, 4000)],
    ['repeated paragraphs', `${proseText(33, 200)} `.repeat(30)],
  ];
  const options: [string, SketchOptions][] = [
    ['page', resolveOptions(PAGE_OPTIONS)],
    ['w = 2', resolveOptions({ shingle: 2 })],
    ['s = 8, modMax 4', resolveOptions({ shingle: 3, size: 8, modMax: 4, seed: 7 })],
    ['s = 512, modMax 1000', resolveOptions({ size: 512, modMax: 1000 })],
    // No MIN_s guess below 8s shingles: the MOD guess alone, and failing on few distinct shingles.
    ['s = 2048, modMax 50', resolveOptions({ size: 2048, modMax: 50 })],
  ];
  it.each(cases)('equals the streaming sketch bit for bit: %s', (_, text) => {
    for (const [name, o] of options) expect(plain(sketchText(text, o)), name).toEqual(plain(streamed(text, o)));
  });

  it('with common shingles ignored', () => {
    const text = proseText(34, 20_000);
    const ignore = commonShingles([sketchText(text).min, sketchText(proseText(35, 20_000)).min], 2);
    const o = resolveOptions({ ...PAGE_OPTIONS, ignore: new Set([...ignore, ...sketchText(text).min.slice(0, 40)]) });
    expect(plain(sketchText(text, o))).toEqual(plain(streamed(text, o)));
  });
});
