/** Verifying and ranking the alternates of a dead page (lib/lost/rank.ts, issue #7). */
import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, sketchText } from '../../lib/index';
import { type AlternateSource, rankAlternates, verify } from '../../lib/lost/rank';
import { compactSketch, readCompactSketch } from '../../lib/store/compact';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';

const O = { threshold: 0.5, containment: 0.8 };
const text = proseText(11, 1200);
const lostSketch = sketchText(text, PAGE_OPTIONS);
/** The dead page's sketch as the store gives it back: values cut to 32 bits. */
const stored = readCompactSketch(compactSketch(lostSketch));
const lost = { sketch: stored, title: 'The harbour at night – Example News' };
const cand = (t: string, title = 'x') => ({ url: 'https://copy.example/a', title, sketch: sketchText(t, PAGE_OPTIONS) });

describe('verify: page basis', () => {
  it('accepts the same text and a lightly edited copy, measured on cut sketches', () => {
    const same = verify(lost, cand(text), O);
    expect(same).toMatchObject({ resemblance: 1, containment: 1, basis: 'page', accepted: true, weak: false });
    const edited = verify(lost, cand(editWords(text, 0.03, 1)), O);
    expect(edited.accepted).toBe(true);
    expect(edited.resemblance).toBeGreaterThan(0.6);
    expect(edited.resemblance).toBeLessThan(1);
    // The fresh (uncut) and the stored (cut) sketch of the dead page measure alike.
    expect(verify({ ...lost, sketch: lostSketch }, cand(editWords(text, 0.03, 1)), O)).toEqual(edited);
  });

  it('rejects an unrelated page', () => {
    const v = verify(lost, cand(proseText(12, 1200)), O);
    expect(v.accepted).toBe(false);
    expect(v.resemblance).toBeLessThan(0.1);
  });

  it('accepts a page that contains the dead one, by containment', () => {
    const v = verify(lost, cand(`${proseText(13, 2500)} ${text} ${proseText(14, 2500)}`), O);
    expect(v.resemblance).toBeLessThan(O.threshold);
    expect(v.containment).toBeGreaterThanOrEqual(O.containment);
    expect(v.accepted).toBe(true);
  });

  it('never accepts a candidate without a sketch', () => {
    expect(verify(lost, { url: 'https://x.example/', title: lost.title }, O)).toEqual({
      resemblance: 0,
      containment: 0,
      basis: 'page',
      accepted: false,
      weak: false,
      note: 'no-candidate-sketch',
    });
  });

  it('falls back to the titles when the sketches were made with another shingle size', () => {
    const other = { url: 'https://x.example/', title: lost.title, sketch: sketchText(text, { ...PAGE_OPTIONS, shingle: 4 }) };
    expect(verify(lost, other, O)).toMatchObject({ basis: 'title', note: 'incompatible-sketches', weak: true, accepted: true });
  });
});

describe('verify: title basis (no sketch of the dead page)', () => {
  const noSketch = { title: 'PEP 8 – Style Guide for Python Code | peps.python.org' };
  it('accepts the same title under another site name, as weak evidence', () => {
    const v = verify(noSketch, { url: 'https://mirror.example/pep8', title: 'PEP 8 — Style Guide for Python Code' }, O);
    expect(v).toMatchObject({ basis: 'title', accepted: true, weak: true, resemblance: 1 });
  });

  it('rejects other titles and titles too short to tell pages apart', () => {
    expect(verify(noSketch, { url: 'https://x.example/', title: 'PEP 7 – Style Guide for C Code' }, O).accepted).toBe(false);
    expect(verify({ title: 'Home' }, { url: 'https://x.example/', title: 'Home' }, O).accepted).toBe(false);
    expect(verify({ title: 'About us | A' }, { url: 'https://x.example/', title: 'About us | B' }, O).accepted).toBe(false);
    expect(verify(noSketch, { url: 'https://x.example/', title: '' }, O)).toMatchObject({ resemblance: 0, accepted: false });
  });

  it('a higher user threshold raises the bar', () => {
    const v = verify({ title: 'The old harbour at night in winter' }, { url: 'https://x.example/', title: 'The old harbour at night in summer' }, O);
    expect(v.resemblance).toBeCloseTo(5 / 7, 5);
    expect(v.accepted).toBe(false); // below TITLE_THRESHOLD 0.8
    expect(verify({ title: 'a b c d e f g h i j k' }, { url: 'u', title: 'a b c d e f g h i j k l' }, { ...O, threshold: 0.95 }).accepted).toBe(false);
  });
});

describe('rankAlternates', () => {
  const alt = (url: string, resemblance: number, containment: number, source: AlternateSource, extra: object = {}) => ({
    url,
    resemblance,
    containment,
    source,
    title: url,
    ...extra,
  });

  it('orders by resemblance, containment, source, then URL', () => {
    const items = [
      alt('https://d.example/', 0.7, 0.9, 'store'),
      alt('https://a.example/', 0.9, 0.9, 'archive'),
      alt('https://c.example/', 0.7, 0.9, 'group'),
      alt('https://b.example/', 0.7, 0.95, 'search'),
      alt('https://f.example/', 0.7, 0.9, 'group'),
      alt('https://e.example/', 0.7, 0.9, 'group'),
    ];
    expect(rankAlternates(items).map((a) => a.url)).toEqual([
      'https://a.example/',
      'https://b.example/',
      'https://c.example/',
      'https://e.example/',
      'https://f.example/',
      'https://d.example/',
    ]);
    expect(items[0].url).toBe('https://d.example/'); // not sorted in place
  });

  it('keeps one entry per page, the best, and drops the excluded URLs', () => {
    const items = [
      alt('http://www.x.example/a/?utm_source=feed', 0.8, 0.9, 'search'),
      alt('https://x.example/a', 0.8, 0.9, 'store', { checkedAt: 1 }),
      alt('https://x.example/a#part', 0.6, 0.9, 'group'),
      alt('https://dead.example/page', 1, 1, 'store'),
      alt('https://y.example/b', 0.5, 0.5, 'group'),
    ];
    const out = rankAlternates(items, { exclude: ['http://dead.example/page/'] });
    expect(out.map((a) => [a.url, a.source])).toEqual([
      ['https://x.example/a', 'store'],
      ['https://y.example/b', 'group'],
    ]);
    expect(out[0]).toHaveProperty('checkedAt', 1); // the caller's fields are kept
  });

  it('puts accepted page evidence before title evidence and before rejected candidates', () => {
    const out = rankAlternates([
      alt('https://t.example/', 1, 1, 'group', { basis: 'title' as const }),
      alt('https://r.example/', 0.9, 0.1, 'group', { accepted: false }),
      alt('https://p.example/', 0.6, 0.7, 'archive', { basis: 'page' as const }),
    ]);
    expect(out.map((a) => a.url)).toEqual(['https://p.example/', 'https://t.example/', 'https://r.example/']);
  });
});
