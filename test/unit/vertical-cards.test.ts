/**
 * Issue #41: lib/engines/vertical-cards.ts, the cards of other verticals on a results page with their
 * targets, for the content script to mark a card that is the same page as an organic result. On a real
 * Google page for "carbonara recipe" the Recipes carousel's three cards are the same pages as organic
 * results 1, 3 and 4: found on the repository's trimmed copy (test/fixtures/serp/google-recipes.html)
 * and on the whole page in ../shared (skipped visibly when absent), the same verdict on both, as
 * saved and with every class name and id renamed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extract, findEngine } from '../../lib/engines/extract';
import { MAX_CARDS, verticalCards } from '../../lib/engines/vertical-cards';
import { normalizeUrl } from '../../lib/url/normalize';
import { renameNames } from '../helpers/rename-names';
import { parseSerp } from './helpers/serp';
import { SHARED, SHARED_ABSENT_TEST, hasShared, readSharedText, repoRoot, warnSharedAbsent } from './helpers/shared';

const URL_ = 'https://www.google.com/search?q=carbonara+recipe';
const engine = findEngine(URL_);

const PAGES = [
  {
    name: "the repository's trimmed page (test/fixtures/serp/google-recipes.html)",
    needsShared: false,
    html: () => readFileSync(path.join(repoRoot, 'test/fixtures/serp/google-recipes.html'), 'utf8'),
  },
  {
    name: "../shared's whole page (google/2024-07_carbonara-recipe_kjellberg.html)",
    needsShared: true,
    html: () => readSharedText('fixtures/serp/google/2024-07_carbonara-recipe_kjellberg.html'),
  },
] as const;

/** The page read as the content script reads it, then its cards; each card with the rank of the organic result it is the same page as. */
function cardsOf(html: string) {
  const doc = parseSerp(html);
  const blocks: Element[][] = [];
  const x = extract(doc, URL_, { blocks })!;
  const rankOf = new Map(x.results.map((r) => [normalizeUrl(r.url), r.rank]));
  const cards = verticalCards(doc, blocks, { url: URL_, engine });
  return { x, blocks, cards, same: cards.map((c) => ({ rank: rankOf.get(normalizeUrl(c.url)), card: c.card, url: c.url })) };
}

for (const page of PAGES) {
  describe.skipIf(page.needsShared && !hasShared)(`vertical cards on ${page.name} (issue #41)`, () => {
    for (const renamed of [false, true]) {
      it(`${renamed ? 'renamed' : 'as saved'}: the Recipes carousel's three cards, the same pages as organic results 1, 3 and 4`, () => {
        const html = page.html();
        const { x, blocks, cards, same } = cardsOf(renamed ? renameNames(html, 7) : html);
        expect(x.reader).toBe(renamed ? 'structure' : 'spec');
        const matched = same.filter((s) => s.rank !== undefined);
        expect(matched.map((s) => s.rank)).toEqual([1, 3, 4]);
        // The cards are the carousel's, one card each (its tags survive renaming), and none is inside an organic result.
        for (const m of matched) {
          expect(m.card.closest('g-section-with-header'), m.url).not.toBeNull();
          expect(m.card.closest('g-inner-card') ?? m.card.querySelectorAll('g-inner-card').length, m.url).toBeTruthy();
          expect(m.card.querySelectorAll('g-inner-card').length, m.url).toBeLessThanOrEqual(1);
        }
        const organic = blocks.flat();
        for (const c of cards)
          expect(
            organic.some((b) => b.contains(c.card) || c.card.contains(b)),
            c.url,
          ).toBe(false);
        // Their addresses are the results' after normalising, and none of them was read as a result.
        expect(matched.map((s) => normalizeUrl(s.url))).toEqual([1, 3, 4].map((r) => normalizeUrl(x.results[r - 1].url)));
        expect(x.results.every((r) => !cards.some((c) => c.url === r.url && organic.some((b) => b.contains(c.card))))).toBe(true);
        console.log(
          `${page.name}${renamed ? ', renamed' : ''}: ${cards.length} cards, ${matched.length} the same page as a result (#${matched.map((m) => m.rank).join(', #')})`,
        );
      });
    }
  });
}

if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent(`whole Google page of ${SHARED} (vertical cards)`));

describe('vertical cards: what is not one, and the bounds', () => {
  const BASE = 'https://www.bing.com/search?q=sourdough';
  const result = (i: number) =>
    `<li><div><h2><a href="https://site${i}.example/page">Sourdough result number ${i}</a></h2><cite>site${i}.example/page</cite><p>The page's own words about sourdough starters and their flour.</p></div></li>`;
  const card = (url: string, title: string, extra = '') => `<div><a href="${url}"><img alt=""></a><a href="${url}"><span>${title}</span></a>${extra}</div>`;
  const page = (cards: string) =>
    `<nav><a href="https://elsewhere.example/nav">A navigation link elsewhere</a></nav><ol>${result(1)}${result(2)}${result(3)}</ol><section><h3>Videos</h3>${cards}</section>` +
    '<div><a href="/search?q=sourdough+starter">sourdough starter recipe</a> <a href="https://www.bing.com/aclk?ld=e3&u=x">Buy a starter, cheap cheap</a></div>';
  const read = (html: string, max?: number) => {
    const doc = parseSerp(html);
    const blocks: Element[][] = [];
    extract(doc, BASE, { blocks });
    expect(blocks).toHaveLength(3);
    return verticalCards(doc, blocks, { url: BASE, engine: findEngine(BASE) }, max);
  };

  it("a card's thumbnail and title links are one card; navigation, the engine's own searches and ad clicks are none", () => {
    const cards = read(
      page(card('https://site2.example/page', 'How to make sourdough, in a video') + card('https://video.example/w', 'Sourdough starter in ten days')),
    );
    expect(cards.map((c) => c.url)).toEqual(['https://site2.example/page', 'https://video.example/w']);
    expect(cards[0].card.querySelectorAll('a')).toHaveLength(2);
  });

  it('an opaque engine redirect is kept, marked unresolved; a short link is a control, not a card', () => {
    const cards = read(page(card('https://www.bing.com/ck/a?!&&p=abc', 'A video behind a redirect') + card('https://more.example/', 'More')));
    expect(cards).toEqual([{ url: 'https://www.bing.com/ck/a?!&&p=abc', card: expect.anything(), unresolved: true }]);
  });

  it(`at most ${MAX_CARDS} cards (or as many as asked), a page of 3,000 cards read in bounded time`, () => {
    const many = Array.from({ length: 3000 }, (_, i) => card(`https://v${i}.example/`, `Video number ${i} about sourdough`)).join('');
    const t0 = performance.now();
    expect(read(page(many))).toHaveLength(MAX_CARDS);
    expect(read(page(many), 5)).toHaveLength(5);
    expect(performance.now() - t0).toBeLessThan(20_000);
  });

  it('an element as the scope: its cards only', () => {
    const doc = parseSerp(page(card('https://video.example/w', 'Sourdough starter in ten days')));
    const section = doc.querySelector('section')!;
    expect(verticalCards(section, [], { url: BASE }).map((c) => c.url)).toEqual(['https://video.example/w']);
  });
});
