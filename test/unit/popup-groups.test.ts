import { parseHTML } from 'linkedom';
import { type ComponentChild, h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { mountIn } from './helpers/mount';
import { GroupList, reasonParts, safeHref } from '../../components/group-list';
import { representativeNote } from '../../words/groups';
import { GroupsView } from '../../entrypoints/popup/groups-view';
import { countsText, noGroupsText, progressText } from '../../entrypoints/popup/summary';
import { searxngHostOf } from '../../lib/url/host';
import { WorkingView } from '../../entrypoints/popup/working-view';
import type { PageGroup as Group } from '../../lib/group/pages';
import type { ResultSummary } from '../../lib/group/result-item';

const item = (rank: number, url: string, title: string): ResultSummary => ({ rank, url, title, displayUrl: url });

const groups: Group[] = [
  {
    id: 1,
    representative: 1,
    evidence: 'snippets',
    members: [
      { rank: 3, reason: { kind: 'snippet', resemblance: 0.873 } },
      { rank: 4, reason: { kind: 'same-page', url: 'https://a.example/story' } },
    ],
  },
  { id: 2, representative: 2, evidence: 'snippets', members: [{ rank: 5, reason: { kind: 'snippet', resemblance: 0.5 } }] },
];

/** Renders with Preact into a linkedom document (no browser needed: the list imports no extension API). */
function renderList(g: Group[], items: ResultSummary[]) {
  // Kept mounted across a describe's tests (rendered once for them): the list runs no effects.
  const { document } = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  const root = document.getElementById('root')!;
  render(h(GroupList, { groups: g, items }), root as unknown as Element);
  return root;
}

describe('popup: texts', () => {
  it('counts results, groups and copies', () => {
    expect(countsText(10, groups)).toBe('10 results · 2 groups · 3 near-copies');
    expect(countsText(1, [groups[1]])).toBe('1 result · 1 group · 1 near-copy');
    expect(countsText(7, [])).toBe('7 results · 0 groups · 0 near-copies');
  });

  it('says plainly when there are no groups', () => {
    expect(noGroupsText(10)).toBe('No near-duplicates among 10 results.');
    expect(noGroupsText(1)).toMatch(/nothing to compare/);
    expect(noGroupsText(0)).toMatch(/No results/);
  });

  it('shows progress when known, and only sensible numbers', () => {
    expect(progressText({ done: 3, total: 10 })).toBe('Grouping: 3 of 10 done…');
    expect(progressText({ done: 12, total: 10 })).toBe('Grouping: 10 of 10 done…');
    expect(progressText(undefined)).toBe('Reading the results…');
    expect(progressText({ done: 0, total: 0 })).toBe('Reading the results…');
  });

  it('finds a SearXNG host in the form the settings keep', () => {
    expect(searxngHostOf('https://Searx.Example.org/search?q=x')).toBe('searx.example.org');
    expect(searxngHostOf('https://searx.example.org:8443/search')).toBe('searx.example.org:8443');
    expect(searxngHostOf('file:///tmp/x.html')).toBeUndefined();
    expect(searxngHostOf('not a url')).toBeUndefined();
    expect(searxngHostOf(undefined)).toBeUndefined();
  });
});

describe('popup: reasons and links', () => {
  it('links only http(s) targets', () => {
    expect(safeHref('https://a.example/x')).toBe('https://a.example/x');
    expect(safeHref('http://a.example/')).toBe('http://a.example/');
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', '/relative', '']) {
      expect(safeHref(bad), bad).toBeUndefined();
    }
  });

  it('uses the shared words for known reasons and stays readable for kinds it does not know', () => {
    expect(reasonParts({ kind: 'snippet', resemblance: 0.873 }, 1)).toMatchObject({ label: 'near-copy of #1, 87% alike', measures: [] });
    expect(reasonParts({ kind: 'same-page', url: 'https://a.example/' }, 2).label).toBe('same page as #2');
    const page = reasonParts({ kind: 'page', resemblance: 0.9 }, 1);
    expect(page.label).toBe('near-copy of #1, 90% alike');
    expect(page.detail).toContain('Evidence: the pages');
    const excerpt = reasonParts({ kind: 'excerpt', containment: 0.95, resemblance: 0.2 }, 2);
    expect(excerpt.label).toBe('excerpt of #2');
    expect(excerpt.measures).toEqual(['containment 95%', '20% alike']);
    const future = reasonParts({ kind: 'archived', resemblance: 0.9, containment: 0.95 }, 1);
    expect(future.label).toBe('grouped with #1');
    expect(future.measures).toEqual(['90% alike', 'containment 95%']);
    const odd = reasonParts({ kind: 'whatever', resemblance: 'x' }, 3);
    expect(odd.measures).toEqual([]);
    expect(odd.label).not.toMatch(/NaN|undefined/);
  });
});

describe('popup: the group list', () => {
  const items = [
    item(1, 'https://www.a.example/story', 'The story'),
    item(2, 'https://b.example/other', 'Another story'),
    item(3, 'https://mirror.example/story', '<img src=x onerror=alert(1)>'),
    item(4, 'javascript:alert(1)', 'Click me'),
    item(5, 'https://c.example/copy', ''),
  ];
  const root = renderList(groups, items);

  it('lists each representative with its members, as lists with names', () => {
    const ol = root.querySelector('ol.groups')!;
    expect(ol.getAttribute('aria-label')).toBe('Groups of near-duplicates');
    const gs = ol.querySelectorAll(':scope > li');
    expect(gs.length).toBe(2);
    expect(gs[0].querySelector('h2')!.textContent).toContain('#1');
    expect(gs[0].querySelector('h2')!.textContent).toContain('The story');
    expect(gs[0].querySelector('h2 .domain')!.textContent).toBe('a.example');
    expect(gs[0].querySelector('ul')!.getAttribute('aria-label')).toBe('Copies of result #1');
    expect([...gs[0].querySelectorAll('.member')].map((m) => m.querySelector('.rank')!.textContent)).toEqual(['#3', '#4']);
    expect(gs[0].querySelector('.member summary')!.textContent).toBe('near-copy of #1, 87% alike');
    expect(gs[0].querySelector('.member details p')!.textContent).toContain('87%');
  });

  it('opens http(s) results in a new tab without a referrer', () => {
    const a = root.querySelector('h2 a')!;
    expect(a.getAttribute('href')).toBe('https://www.a.example/story');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noreferrer');
  });

  it('sets page text as text: markup shows literally, a javascript: URL is no link, an empty title falls back to the address', () => {
    expect(root.querySelector('img')).toBeNull();
    const members = root.querySelectorAll('.member');
    expect(members[0].querySelector('a')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(members[1].querySelector('a')).toBeNull();
    expect(members[1].querySelector('.result-title')!.textContent).toBe('Click me');
    expect(root.innerHTML).not.toContain('href="javascript:');
    expect(members[2].querySelector('a')!.textContent).toBe('https://c.example/copy');
  });

  it('still names a rank whose result is missing', () => {
    const r = renderList([{ id: 1, representative: 1, evidence: 'snippets', members: [{ rank: 9, reason: { kind: 'snippet', resemblance: 0.6 } }] }], []);
    expect(r.textContent).toContain('#9');
    expect(r.querySelectorAll('a').length).toBe(0);
  });
});

describe('popup: page states', () => {
  const mount = (vnode: ComponentChild) => mountIn(vnode).root;
  const base = { tabId: 7, engine: 'google', query: 'sourdough', url: 'https://www.google.com/search?q=sourdough' };

  it('a finished page: counts on top, then the groups or the clear "none" state', () => {
    const full = mount(
      h(GroupsView, {
        s: {
          ...base,
          status: 'done',
          results: 5,
          items: [item(1, 'https://a.example/', 'A'), item(2, 'https://b.example/', 'B')],
          groups: [{ id: 1, representative: 1, evidence: 'snippets', members: [{ rank: 2, reason: { kind: 'snippet', resemblance: 0.7 } }] }],
          threshold: 0.5,
        },
      }),
    );
    expect(full.querySelector('.count')!.textContent).toBe('5 results · 1 group · 1 near-copy');
    expect(full.querySelectorAll('.group').length).toBe(1);
    const none = mount(h(GroupsView, { s: { ...base, status: 'done', results: 10, items: [], groups: [] } }));
    expect(none.textContent).toContain('No near-duplicates among 10 results.');
    expect(none.querySelector('.groups')).toBeNull();
  });

  it('a page in progress: a determinate bar when steps are known', () => {
    const w = mount(h(WorkingView, { s: { ...base, status: 'working', results: 10, progress: { done: 3, total: 10 } } }));
    const bar = w.querySelector('progress')!;
    expect(bar.getAttribute('value')).toBe('3');
    expect(bar.getAttribute('max')).toBe('10');
    expect(w.textContent).toContain('Grouping: 3 of 10 done…');
    const early = mount(h(WorkingView, { s: { ...base, status: 'working', results: 0 } }));
    expect(early.querySelector('progress')!.hasAttribute('value')).toBe(false);
  });

  it('a representative says the containment from its side: "contains #4", "excerpt of #7"', () => {
    const members = [
      { rank: 4, reason: { kind: 'excerpt', containment: 0.93, resemblance: 0.21 } },
      { rank: 6, reason: { kind: 'page', resemblance: 0.8 } },
      { rank: 7, reason: { kind: 'contains', containment: 0.88, resemblance: 0.3 } },
      { rank: 9, reason: { kind: 'excerpt', containment: 0.81, resemblance: 0.1 } },
    ] as Group['members'];
    const note = representativeNote(members)!;
    expect(note.label).toBe('contains #4, #9; excerpt of #7');
    expect(note.detail.split('\n')).toEqual([
      "93% of result #4's text is inside this page (containment 0.93).",
      "81% of result #9's text is inside this page (containment 0.81).",
      "88% of this page's text is inside result #7's page (containment 0.88).",
      'Evidence: the pages.',
    ]);
    expect(representativeNote(groups[0].members), 'no containment: nothing to say').toBeUndefined();
    const odd = representativeNote([{ rank: 2, reason: { kind: 'excerpt', containment: 'x' } } as unknown as Group['members'][number]])!;
    expect(odd.detail).not.toMatch(/NaN|undefined/);

    const root = renderList([{ id: 1, representative: 2, evidence: 'pages', members }], [item(2, 'https://a.example/full', 'Full text')]);
    expect(root.querySelector('.group .rep-note summary')!.textContent).toBe('contains #4, #9; excerpt of #7');
    expect(renderList(groups, []).querySelector('.rep-note'), 'only when a copy is related by containment').toBeNull();
  });
});
