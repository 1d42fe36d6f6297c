import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, sketchText } from '../../lib/index';
import { type PageEvidence, fromSnippets, groupWithPages } from '../../lib/group/pages';
import { groupResults } from '../../lib/group/results';
import { cutSketch } from '../../lib/store/compact';
import { editWords } from './helpers/edits';
import { proseText } from './helpers/prose';

const body = proseText(5, 1500);
const other = proseText(6, 1500);
const page = (text: string, canonical?: string): PageEvidence => ({ sketch: cutSketch(sketchText(text, PAGE_OPTIONS)), ...(canonical ? { canonical } : {}) });
const items = [1, 2, 3, 4, 5].map((rank) => ({
  rank,
  url: `https://site${rank}.example/story`,
  title: `Story ${rank}`,
  snippet: `A short snippet about the story number ${rank} today`,
}));
const opts = { threshold: 0.5, containment: 0.8 };

describe('groupWithPages', () => {
  const snippets = groupResults(items, { threshold: 0.5 });

  it('confirms copies by their pages, keeps others apart, and names excerpts and containers', () => {
    const pages = new Map<number, PageEvidence>([
      [1, page(body)],
      [2, page(editWords(body, 0.03, 1))], // a lightly edited copy
      [3, page(other)],
      [4, page(body.split(' ').slice(300, 900).join(' '))], // an excerpt of #1
      [5, page(`${other} ${proseText(7, 1500)} ${body}`)], // contains #1 (and #3)
    ]);
    const groups = groupWithPages(items, snippets, pages, opts);
    expect(groups).toHaveLength(1);
    const [g1] = groups;
    expect(g1.representative).toBe(1);
    expect(g1.evidence).toBe('pages');
    expect(g1.members.map((m) => [m.rank, m.reason.kind])).toEqual([
      [2, 'page'],
      [4, 'excerpt'],
      [5, 'contains'],
    ]);
    const excerpt = g1.members[1].reason as { containment: number; resemblance: number };
    expect(excerpt.containment).toBeGreaterThanOrEqual(0.8);
    expect(excerpt.resemblance).toBeLessThan(0.5);
    // #3 is inside #5 as well, but #5 joined #1's group (greedy: #1 is the better-ranked representative).
    expect(groups.flatMap((g) => [g.representative, ...g.members.map((m) => m.rank)])).not.toContain(3);
  });

  it('splits a snippet group whose pages differ, and identity wins whatever the text (a canonical link within one site)', () => {
    const alike = items.map((it) => ({ ...it, snippet: 'The same words in every snippet of this results page about one thing' }));
    const s = groupResults(alike, { threshold: 0.5, minBoilerplateDocs: Infinity });
    expect(fromSnippets(s)[0].members).toHaveLength(4);
    const pages = new Map<number, PageEvidence>([
      [1, page(body, 'https://canon.example/a')],
      [2, page(other, 'https://www.canon.example/a/')], // another text, the same canonical page
      [3, page(other)],
      [4, page(proseText(9, 1500))],
    ]);
    const [g] = groupWithPages(alike, s, pages, { ...opts, sameSite: () => true });
    expect(g.representative).toBe(1);
    // #2: same canonical page; #3 and #4: pages known and unlike #1; #5: no page, its snippet still speaks.
    expect(g.members.map((m) => [m.rank, m.reason.kind])).toEqual([
      [2, 'same-text'],
      [5, 'snippet'],
    ]);
    expect(g.evidence).toBe('snippets');
  });

  it("issue #28: a page naming another site's page as its canonical does not hide it (never on a canonical alone)", () => {
    const two = [
      { rank: 1, url: 'https://spam.example/landing', title: 'Cheap pills', snippet: 'Buy cheap pills online today with free shipping worldwide' },
      { rank: 2, url: 'https://honest.example/story', title: 'A story', snippet: 'The lighthouse keeper counted the ships that passed in the night' },
    ];
    const s = groupResults(two, { threshold: 0.5, minBoilerplateDocs: Infinity });
    const pages = new Map<number, PageEvidence>([
      [1, page(other, 'https://honest.example/story')], // the spam page names the honest page as its canonical
      [2, page(body, 'https://honest.example/story')],
    ]);
    const oneSite = (a: string, b: string) => new URL(a).hostname === new URL(b).hostname;
    expect(groupWithPages(two, s, pages, { ...opts, sameSite: oneSite })).toEqual([]);
    expect(groupWithPages(two, s, pages, opts)).toEqual([]);
    // The same canonical between two pages whose texts resemble: the same page.
    const alike = new Map<number, PageEvidence>([
      [1, page(body, 'https://honest.example/story')],
      [2, page(editWords(body, 0.02, 3), 'https://honest.example/story')],
    ]);
    const [g] = groupWithPages(two, s, alike, { ...opts, sameSite: oneSite });
    expect(g.members.map((m) => [m.rank, m.reason.kind])).toEqual([[2, 'same-text']]);
  });

  it('lexically equivalent pages are the same text', () => {
    const pages = new Map<number, PageEvidence>([
      [1, page(body)],
      [2, page(body.toUpperCase().replace(/\./g, ' . '))],
    ]);
    const [g] = groupWithPages(items.slice(0, 2), groupResults(items.slice(0, 2), { threshold: 0.5 }), pages, opts);
    expect(g.members[0].reason).toEqual({ kind: 'same-text', how: 'lexical' });
    expect(g.evidence).toBe('pages');
  });
});
