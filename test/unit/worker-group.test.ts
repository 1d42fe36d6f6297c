import { describe, expect, it } from 'vitest';
import { wholePercent } from '../../lib/group/describe';
import { domainOf } from '../../lib/url/host';
import { copiesLabel, reasonDetail, reasonLabel } from '../../words/groups';
import { fromSnippets } from '../../lib/group/pages';
import { boilerplateFrom, groupResults } from '../../lib/group/results';
import { checkPageGroups } from '../../lib/tab/page-groups';
import { handleWorkerRequest } from '../../lib/worker/handle';
import { parseWorkerRequest, parseWorkerResponse } from '../../lib/worker/protocol';

const story = 'The city council approved a new riverside park with walking trails, a playground and a community garden after months of debate';
const items = [
  { rank: 1, url: 'https://news.example/park', title: 'Council approves riverside park', snippet: story },
  {
    rank: 2,
    url: 'https://other.example/weather',
    title: 'Weekend weather',
    snippet: 'Sunny skies and light winds are expected across the region on Saturday and Sunday',
  },
  { rank: 3, url: 'https://copy.example/park-story', title: 'Council approves riverside park plan', snippet: `${story}.` },
  { rank: 4, url: 'https://www.news.example/park/?utm_source=x', title: 'Something else', snippet: 'entirely different words here' },
];
// A cookie wall several sites serve as their description: boilerplate only a count can tell (an
// engine's placeholder would not group at all: snippet-evidence.test.ts).
const robots = 'This site uses cookies to give you the best experience. By continuing to browse you agree to our use of cookies';
const past = [1, 2, 3, 4].map((p) =>
  [0, 1, 2].map((i) => ({ rank: i + 1, url: `https://site${p}-${i}.example/`, title: `Page ${p} ${i} topic${p * 10 + i}`, snippet: robots })),
);

describe('the Worker groups a results page', () => {
  it("'group' answers what lib's groupResults computes, same page and snippet reasons included", () => {
    const resp = handleWorkerRequest({ id: 3, op: 'group', items, options: { threshold: 0.5 } });
    expect(resp).toEqual({ id: 3, ok: true, outcome: groupResults(items, { threshold: 0.5 }) });
    const outcome = (resp as { outcome: ReturnType<typeof groupResults> }).outcome;
    expect(outcome.groups).toHaveLength(1);
    expect(outcome.groups[0].representative).toBe(1);
    expect(outcome.groups[0].members.map((m) => [m.rank, m.reason.kind])).toEqual([
      [3, 'snippet'],
      [4, 'same-page'],
    ]);
    expect(parseWorkerResponse(resp, 'group').ok).toBe(true);
  });

  it("'boilerplate' counts past pages as boilerplateFrom does, and 'group' leaves those shingles out", () => {
    const resp = handleWorkerRequest({ id: 4, op: 'boilerplate', past, minPages: 3, shingle: 2 });
    const fps = (resp as { fingerprints: number[] }).fingerprints;
    expect(new Set(fps)).toEqual(boilerplateFrom(past, 3, 2));
    expect(fps.length).toBeGreaterThan(5);
    // Two unrelated sites behind the same cookie wall: too few on this page to tell it is
    // boilerplate (that takes 3), so only the past pages' count keeps them apart.
    const blocked = [1, 2].map((r) => ({ rank: r, url: `https://blocked${r}.example/`, title: `Site ${['alpha', 'beta'][r - 1]}`, snippet: robots }));
    const plain = handleWorkerRequest({ id: 6, op: 'group', items: blocked, options: { threshold: 0.5 } }) as { outcome: { groups: unknown[] } };
    const cleaned = handleWorkerRequest({ id: 7, op: 'group', items: blocked, boilerplate: fps, options: { threshold: 0.5 } }) as {
      outcome: { groups: unknown[] };
    };
    expect(plain.outcome.groups).toHaveLength(1);
    expect(cleaned.outcome.groups).toEqual([]);
    expect(groupResults(blocked, { threshold: 0.5, boilerplate: boilerplateFrom(past, 3) }).groups).toEqual([]);
  });

  it('malformed group and boilerplate requests are refused with their id', () => {
    for (const bad of [
      { id: 1, op: 'group', items: [{ rank: 1 }], options: { threshold: 0.5 } },
      { id: 2, op: 'group', items, options: {} },
      { id: 3, op: 'group', items, boilerplate: ['x'], options: { threshold: 0.5 } },
      { id: 4, op: 'group', items, options: { threshold: 0.5, extra: 1 } },
      { id: 5, op: 'boilerplate', past: [[{ rank: 1 }]], minPages: 3, shingle: 2 },
      { id: 6, op: 'boilerplate', past, minPages: '3', shingle: 2 },
    ]) {
      const p = parseWorkerRequest(bad);
      expect(p.ok, JSON.stringify(bad)).toBe(false);
      expect(handleWorkerRequest(bad)).toMatchObject({ id: bad.id, ok: false, error: { code: 'BAD_REQUEST' } });
    }
    expect(handleWorkerRequest({ id: 8, op: 'group', items, options: { threshold: 2 } })).toMatchObject({ ok: false, error: { code: 'BAD_OPTION' } });
    expect(parseWorkerResponse({ id: 1, ok: true, outcome: { groups: 'x', pairs: [], boilerplate: 0 } }, 'group').ok).toBe(false);
    expect(parseWorkerResponse({ id: 1, ok: true, fingerprints: [1, 'x'] }, 'boilerplate').ok).toBe(false);
  });
});

describe('what the page is told, and how reasons read', () => {
  const view = { mode: 'collapse', threshold: 0.5, groups: fromSnippets(groupResults(items, { threshold: 0.5 })) };

  it('checkPageGroups passes a well-formed answer and refuses anything else', () => {
    expect(checkPageGroups(view)).toEqual(view);
    expect(checkPageGroups({ ...view, mode: 'explode' })).toBeUndefined();
    expect(
      checkPageGroups({ ...view, groups: [{ id: 1, representative: 1, evidence: 'pages', members: [{ rank: 2, reason: { kind: 'magic' } }] }] }),
    ).toBeUndefined();
    expect(checkPageGroups({ ...view, groups: [{ id: 1, representative: 0, evidence: 'pages', members: [] }] })).toBeUndefined();
    const excerpt = { id: 1, representative: 1, evidence: 'pages', members: [{ rank: 2, reason: { kind: 'excerpt', containment: 0.9, resemblance: 0.2 } }] };
    expect(checkPageGroups({ ...view, groups: [excerpt] })).toEqual({ ...view, groups: [excerpt] });
    expect(checkPageGroups({ ...view, groups: [{ ...excerpt, evidence: 'rumour' }] })).toBeUndefined();
    expect(checkPageGroups({ ...view, extra: '<script>' })).toBeUndefined();
    expect(checkPageGroups(null)).toBeUndefined();
  });

  it('labels say who the copy resembles and how much; details say why', () => {
    expect(reasonLabel({ kind: 'snippet', resemblance: 0.873 }, 1)).toBe('near-copy of #1, 87% alike');
    expect(reasonLabel({ kind: 'same-page', url: 'https://a.example/x' }, 4)).toBe('same page as #4');
    expect(reasonDetail({ kind: 'same-page', url: 'https://a.example/x' }, 4)).toContain('https://a.example/x');
    expect(reasonDetail({ kind: 'snippet', resemblance: 0.5 }, 2)).toMatch(/50% alike with result #2.*snippets only/);
    expect([wholePercent(0.999), wholePercent(0.001), wholePercent(1), wholePercent(0)]).toEqual([99, 1, 100, 0]);
    expect([copiesLabel(1), copiesLabel(2)]).toEqual(['1 near-copy', '2 near-copies']);
    expect([domainOf('https://www.example.org/a'), domainOf('not a url')]).toEqual(['example.org', 'not a url']);
  });
});
