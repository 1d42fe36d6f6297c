import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, SNIPPET_OPTIONS, type ResembleError, type Sketch, isResembleError, sketchText, sketchTexts } from './helpers/lib';
import { handleWorkerRequest } from '../../lib/worker/handle';
import { deserializeSketch, sketch } from './helpers/lib';
import { proseText } from './helpers/prose';

/** Snippets, pages, Unicode, empty and whitespace-only texts, markup left as text, repeats. */
function corpus(): string[] {
  const texts: string[] = [];
  for (let i = 0; i < 60; i++) texts.push(proseText(100 + i, 5 + (i % 40)));
  texts.push(
    '',
    ' ',
    '   \n\t  ',
    '!!! ... ---',
    'one',
    'two words',
    'Ünïcode wörds and 東京の本, twice: Ünïcode wörds',
    'ﬁne ΣΊΣΥΦΟΣ straße naïve café ÇA',
    'Ελληνικά κείμενα και русский текст, עברית, العربية',
    '<p>Hello <b>world</b>, this is <a href="/x">HTML</a> read as text.</p>',
    'soft\u00adhyphen zero\u200bwidth \ufeffbom',
    'the same the same the same the same the same the same',
    proseText(7, 400), // beyond the short path's cap: streamed
    proseText(8, 3000),
    `${proseText(9, 50)} 😀 emoji 👍🏽 and ${proseText(10, 20)}`,
  );
  return texts;
}

const plain = (s: Sketch) => ({ ...s, min: Array.from(s.min), mod: Array.from(s.mod) });

describe('sketchTexts (batch)', () => {
  it.each([
    ['snippet', SNIPPET_OPTIONS],
    ['page', PAGE_OPTIONS],
    ['w = 3, seed 9', { ...PAGE_OPTIONS, shingle: 3, seed: 9 }],
    ['s = 8, modMax 4', { ...PAGE_OPTIONS, shingle: 1, size: 8, modMax: 4 }],
  ])('equals sketchText of each text, value for value (%s)', (_, o) => {
    const texts = corpus();
    const batch = sketchTexts(texts, o);
    expect(batch).toHaveLength(texts.length);
    texts.forEach((t, i) => {
      let one: Sketch | ResembleError;
      try {
        one = sketchText(t, o);
      } catch (e) {
        one = e as ResembleError;
      }
      const b = batch[i];
      if (isResembleError(one)) {
        expect(isResembleError(b), `text ${i}`).toBe(true);
        expect((b as ResembleError).code).toBe(one.code);
      } else {
        expect(isResembleError(b), `text ${i}`).toBe(false);
        expect(plain(b as Sketch), `text ${i}`).toEqual(plain(one));
        expect((b as Sketch).min).toBeInstanceOf(Float64Array);
      }
    });
  });

  it('a batch in a different order gives the same sketches (no state carried between texts)', () => {
    const texts = corpus();
    const forward = sketchTexts(texts, SNIPPET_OPTIONS);
    const backward = sketchTexts([...texts].reverse(), SNIPPET_OPTIONS).reverse();
    forward.forEach((s, i) => {
      if (isResembleError(s)) expect(isResembleError(backward[i])).toBe(true);
      else expect(plain(backward[i] as Sketch)).toEqual(plain(s));
    });
  });

  it('the Worker sketches a batch of items exactly as lib sketches each (text, HTML, auto)', () => {
    const texts = corpus();
    const items = texts.map((text, i) => ({ text, format: (['auto', 'text', 'html'] as const)[i % 3] }));
    const resp = handleWorkerRequest({ id: 1, op: 'sketch', items, options: { shingle: 2 } }) as unknown as {
      ok: boolean;
      results: { ok: boolean; bytes?: Uint8Array; error?: { code: string } }[];
    };
    expect(resp.ok).toBe(true);
    items.forEach((item, i) => {
      const r = resp.results[i];
      let one: Sketch | undefined;
      try {
        one = sketch(item.text, { ...SNIPPET_OPTIONS, format: item.format });
      } catch {
        one = undefined;
      }
      expect(r.ok, `item ${i}`).toBe(one !== undefined);
      if (one) expect(plain(deserializeSketch(r.bytes!)), `item ${i}`).toEqual(plain(one));
    });
  });

  it('an all-ASCII batch (encoded as one buffer) equals sketchText of each, at the short path edges', () => {
    const texts = corpus().filter((t) => !/[^\x00-\x7f]/.test(t));
    const at = (n: number) => `${proseText(20, 600)}`.slice(0, n);
    texts.push(at(2047), at(2048), at(2049), 'x'.repeat(7), `${'ab '.repeat(5)}\n\t`, 'end');
    for (const o of [SNIPPET_OPTIONS, PAGE_OPTIONS, { ...PAGE_OPTIONS, shingle: 1, size: 8, modMax: 4 }]) {
      const batch = sketchTexts(texts, o);
      texts.forEach((t, i) => {
        let one: Sketch | ResembleError;
        try {
          one = sketchText(t, o);
        } catch (e) {
          one = e as ResembleError;
        }
        if (isResembleError(one)) expect((batch[i] as ResembleError).code, `text ${i}`).toBe(one.code);
        else expect(plain(batch[i] as Sketch), `text ${i}`).toEqual(plain(one));
      });
    }
  });
});
