/**
 * Issue #38: the structural reader (lib/engines/structure*.ts) and extract() on pages 100,000
 * elements deep, built through the DOM (linkedom's own parse of such a page is slow: quadratic in its
 * depth, bench/structure-deep.ts). They must finish with the right read, without overflowing the
 * stack; the time is printed, not asserted (the goal, ≤ 1 s, is npm run bench's). The walks that make
 * this linear (lib/engines/structure-tree.ts, textWithin) are held to the naive walks they replace.
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extract } from '../../lib/engines/extract';
import { readByStructure } from '../../lib/engines/structure';
import { countsAbove, nearestUp } from '../../lib/engines/structure-tree';
import { textWithin } from '../../lib/engines/text-of';
import { mulberry32 } from './helpers/random';

const DEPTH = 100_000;

function page(build: (doc: Document, body: Element) => void): Document {
  const doc = parseHTML('<html><body></body></html>').document as unknown as Document;
  build(doc, doc.body);
  return doc;
}
function el(doc: Document, tag: string, attrs: Record<string, string> = {}, text?: string): Element {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.append(doc.createTextNode(text));
  return e;
}
const titleLink = (doc: Document, i: number) => {
  const a = el(doc, 'a', { href: `https://site${i}.example/page` });
  a.append(el(doc, 'h3', {}, `The title of result ${i}`));
  return a;
};
/** `n` nested `tag`s under `from` (`each` fills each one); the innermost. */
function chain(doc: Document, from: Element, n: number, tag = 'div', each?: (e: Element, i: number) => void): Element {
  let e = from;
  for (let i = 0; i < n; i++) {
    const d = el(doc, tag);
    each?.(d, i);
    e.append(d);
    e = d;
  }
  return e;
}

const OPTS = { base: 'https://example.invalid/', isEnginePage: () => false, isEngineHost: () => false };

function timed<T>(label: string, f: () => T): T {
  const t = performance.now();
  const out = f();
  console.log(`[structure-deep] ${label}: ${(performance.now() - t).toFixed(0)} ms`);
  return out;
}

describe('the structural reader on deep pages (issue #38)', () => {
  it(`reads a title link under ${DEPTH.toLocaleString('en')} nested divs, its snippet beside it`, () => {
    const doc = page((d, body) => {
      const bottom = chain(d, body, DEPTH);
      bottom.append(titleLink(d, 1), el(d, 'span', {}, 'The snippet of the one result'));
    });
    const s = timed(`readByStructure, ${DEPTH} nested divs`, () => readByStructure(doc, OPTS));
    expect(s.results).toMatchObject([{ rank: 1, url: 'https://site1.example/page', title: 'The title of result 1', snippet: 'The snippet of the one result' }]);
    const x = timed(`extract, ${DEPTH} nested divs`, () => extract(doc, undefined, { anyPage: true }));
    expect(x).toMatchObject({ engine: 'unknown', reader: 'structure', results: s.results });
  }, 60_000);

  it('reads pages whose every level holds a result, a label or another link (each level once, not once per level)', () => {
    const levels = DEPTH / 10;
    const everyLevel = page((d, body) => void chain(d, body, levels, 'div', (e, i) => e.append(titleLink(d, i))));
    const linkInLink = page((d, body) => {
      let e: Element = body;
      for (let i = 0; i < levels; i++) {
        const a = titleLink(d, i);
        e.append(a);
        e = a.firstElementChild as Element;
      }
    });
    const labels = page((d, body) => {
      const bottom = chain(d, body, DEPTH, 'div', (e, i) => (i % 2 ? e.setAttribute('aria-label', 'Ad') : e.append(d.createTextNode('Spon'))));
      for (let i = 0; i < 3; i++) bottom.append(titleLink(d, i));
    });
    const every = timed(`extract, a result at each of ${levels} levels`, () => extract(everyLevel, undefined, { anyPage: true }));
    expect(every?.results.length).toBeGreaterThan(levels / 2);
    const nested = timed(`extract, ${levels} links nested in links`, () => extract(linkInLink, undefined, { anyPage: true }));
    expect(nested?.results.map((r) => r.url)).toEqual(['https://site0.example/page']);
    // Every record lies under an ad label: none is organic.
    const paid = timed(`extract, 3 results under ${DEPTH} labelled levels`, () => extract(labels, undefined, { anyPage: true }));
    expect(paid?.results).toEqual([]);
  }, 120_000);
});

describe('the walks behind it (lib/engines/structure-tree.ts, textWithin)', () => {
  /** A random tree of `n` elements (some with text), in one document. */
  function randomTree(seed: number, n: number): { doc: Document; all: Element[] } {
    const rand = mulberry32(seed);
    const doc = parseHTML('<html><body></body></html>').document as unknown as Document;
    const all: Element[] = [doc.body];
    for (let i = 0; i < n; i++) {
      const parent = all[Math.floor(rand() * all.length)];
      const e = el(doc, rand() < 0.2 ? 'p' : 'div', {}, rand() < 0.5 ? `t${i} ` : undefined);
      parent.append(e);
      all.push(e);
    }
    return { doc, all };
  }

  it('countsAbove and nearestUp answer as a walk up from each element does', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { all } = randomTree(seed, 300);
      const rand = mulberry32(seed * 31);
      const items = all.filter(() => rand() < 0.3);
      const stop = rand() < 0.5 ? all[0] : null;
      const naive = new Map<Element, number>();
      for (const x of items) for (let e = x.parentElement; e && e !== stop; e = e.parentElement) naive.set(e, (naive.get(e) ?? 0) + 1);
      expect(countsAbove(items, stop)).toEqual(naive);
      const marked = new Set(all.filter(() => rand() < 0.1));
      const up = nearestUp((e) => marked.has(e));
      for (const x of all) {
        let want: Element | null = x;
        while (want && !marked.has(want)) want = want.parentElement;
        expect(up(x)).toBe(want);
      }
    }
  });

  it("textWithin reads an element's textContent while its budget lasts, and says when it ran out", () => {
    const { all } = randomTree(7, 200);
    for (const e of all) {
      const whole = e.textContent ?? '';
      const budget = { left: 1_000_000 };
      expect(textWithin(e, budget)).toEqual({ text: whole, done: true });
      const short = textWithin(e, { left: 10 });
      expect(whole.startsWith(short.text)).toBe(true);
      if (!short.done) expect(short.text.length).toBeLessThan(whole.length + 1);
    }
    const deep = page((d, body) => void chain(d, body, DEPTH).append(d.createTextNode('at the bottom')));
    expect(textWithin(deep.body, { left: 1000 })).toEqual({ text: '', done: false });
    expect(textWithin(deep.body, { left: DEPTH + 100 })).toEqual({ text: 'at the bottom', done: true });
  });
});
