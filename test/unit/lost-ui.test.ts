import { type ComponentChild, h } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { grantedOrigins } from './helpers/fake-browser';
import { mountIn } from './helpers/mount';
import { LostReportView } from '../../components/lost-report';
import {
  archiveOff,
  deadKindShort,
  formatDate,
  formatDateTime,
  lostQuery,
  measuresText,
  noCopyText,
  parseLostTarget,
  progressLine,
  reasonWords,
  sketchText,
  sourceName,
  sourceStateText,
  sourceWords,
  statusWords,
  titleBasisLabel,
} from '../../words/lost';
import { App } from '../../entrypoints/lost/app';
import { pollReport as pollLost } from '../../page-support/poll-report';
import { DeadPageOffer, deadCountText, deadLines } from '../../entrypoints/popup/dead-page';
import { PRIVATE_LOST_PREFIX } from '../../shared/private-lost';
import type { Alternate, LostReport } from '../../lib/lost/report';
import type { TabState } from '../../lib/tab/tab-state';

// The popup's "Find a copy" opens a tab (fakeBrowser's tabs), and its live copies ask whether sites
// may be read: granted (fakeBrowser has no permissions of its own).
grantedOrigins(() => true);
/** The addresses of the tabs opened (fakeBrowser's tab 0 has none). */
const opened = async () => (await fakeBrowser.tabs.query({})).flatMap((t) => (t.url ? [t.url] : []));

const DAY = Date.UTC(2024, 2, 15, 12); // midday UTC: the same date in every time zone within ±11 h

const alt = (over: Partial<Alternate>): Alternate => ({
  url: 'https://copy.example/story',
  title: 'The story',
  source: 'group',
  resemblance: 0.87,
  containment: 0.93,
  checkedAt: DAY,
  basis: 'page',
  ...over,
});

const allDone: LostReport['sources'] = [
  { source: 'group', state: 'done', candidates: 2 },
  { source: 'store', state: 'done', candidates: 0 },
  { source: 'search', state: 'done', candidates: 5 },
  { source: 'archive', state: 'skipped', note: 'archive lookups are off (options)' },
];

const report = (over: Partial<LostReport> = {}): LostReport => ({
  url: 'https://dead.example/story',
  known: {
    title: 'The old story',
    firstSeen: DAY - 86_400_000 * 30,
    lastSeen: DAY,
    fetchedAt: DAY,
    status: 'gone',
    sketch: { shingles: 412, values: 128 },
    phrases: ['a phrase remembered', 'another one'],
  },
  hasSketch: true,
  alternates: [],
  sources: allDone,
  done: true,
  ...over,
});

const mount = (vnode: ComponentChild) => mountIn(vnode);

describe('lost and found: the address', () => {
  it('takes ?url= when it is an http(s) address', () => {
    expect(parseLostTarget('?url=https%3A%2F%2Fdead.example%2Fa%3Fb%3D1')).toEqual({ ok: true, url: 'https://dead.example/a?b=1' });
    expect(parseLostTarget(lostQuery('http://dead.example/x y#z'))).toEqual({ ok: true, url: 'http://dead.example/x%20y#z' });
  });

  it('refuses anything else with a clear sentence', () => {
    for (const bad of [
      '',
      '?url=',
      '?other=1',
      '?url=not%20a%20url',
      '?url=javascript%3Aalert(1)',
      '?url=data%3Atext%2Fhtml%2Cx',
      '?url=file%3A%2F%2F%2Fetc%2Fpasswd',
      '?url=chrome%3A%2F%2Fsettings',
    ]) {
      const t = parseLostTarget(bad);
      expect(t.ok, bad).toBe(false);
      if (!t.ok) expect(t.error.length).toBeGreaterThan(20);
    }
    const js = parseLostTarget('?url=javascript%3Aalert(1)');
    expect(js.ok === false && js.error).toMatch(/http/);
  });
});

describe('lost and found: words', () => {
  it('says a check status in words', () => {
    expect(statusWords('gone')).toBe('the site answered 404/410 (gone)');
    expect(statusWords('dns')).toBe("the site's name no longer resolves");
    expect(statusWords('soft404')).toBe("a 'page not found' page served as a normal page");
    expect(statusWords('soft-404')).toBe(statusWords('soft404'));
    expect(statusWords('connection')).toMatch(/could not be reached/);
    expect(statusWords('timeout')).toMatch(/did not answer in time/);
    expect(statusWords('http-404')).toBe('the site answered 404 (gone)');
    expect(statusWords('http-500')).toBe('the site answered 500');
    expect(statusWords('net::ERR_NAME_NOT_RESOLVED')).toBe(statusWords('dns'));
    expect(statusWords(undefined)).toBe('no check was recorded');
    expect(statusWords('something-new')).toBe('the check said “something-new”');
    expect(reasonWords('dns')).toBe("the site's name no longer resolves");
    expect(reasonWords('the site refused or dropped the connection')).toBe('the site refused or dropped the connection');
    expect(reasonWords('  ')).toBe('no reason was given');
    expect(deadKindShort('gone')).toBe('gone (404/410)');
    expect(deadKindShort('dns')).toBe('name no longer resolves');
    expect(deadKindShort('weird')).toBe('did not load');
  });

  it('names sources and where an alternate came from', () => {
    expect(sourceWords(alt({ source: 'group' }))).toBe('in its group on the results page');
    expect(sourceWords(alt({ source: 'store' }))).toBe('from pages Resemble has seen');
    expect(sourceWords(alt({ source: 'search' }))).toBe('found by searching phrases');
    expect(sourceWords(alt({ source: 'search' }), false)).toBe('found by searching its title');
    expect(sourceWords(alt({ source: 'archive', archivedAt: DAY }), true, 'en-GB')).toBe('archived copy from 15 Mar 2024');
    expect(sourceWords(alt({ source: 'archive' }))).toBe('archived copy');
    expect(sourceName('search', false)).toBe('A search for its title');
    expect(sourceName('archive')).toBe('Archived copies (Internet Archive)');
  });

  it('says each source state, and knows when the archive was skipped for being off', () => {
    expect(sourceStateText({ source: 'group', state: 'pending' })).toBe('waiting');
    expect(sourceStateText({ source: 'group', state: 'running' })).toBe('searching…');
    expect(sourceStateText({ source: 'group', state: 'done', candidates: 3 })).toBe('3 candidates');
    expect(sourceStateText({ source: 'group', state: 'done', candidates: 1 })).toBe('1 candidate');
    expect(sourceStateText({ source: 'store', state: 'done', candidates: 0 })).toBe('no candidates');
    expect(sourceStateText({ source: 'search', state: 'failed', note: 'the search engine refused' })).toBe('failed: the search engine refused');
    expect(sourceStateText({ source: 'search', state: 'failed' })).not.toMatch(/undefined/);
    const off = { source: 'archive', state: 'skipped', note: 'archive lookups are off (options)' } as const;
    expect(sourceStateText(off, false)).toBe('skipped: archive lookups are off');
    expect(archiveOff(off, false)).toBe(true);
    expect(archiveOff(off, undefined)).toBe(true);
    expect(archiveOff(off, true)).toBe(false);
    const alive = { source: 'archive', state: 'skipped', note: 'the address answered when checked again' } as const;
    expect(archiveOff(alive, false)).toBe(false);
    expect(sourceStateText(alive, false)).toBe('skipped: the address answered when checked again');
  });

  it('formats measures, and a title comparison says only what it measured', () => {
    expect(measuresText(alt({}))).toBe('87% alike · 93% of the old text inside');
    expect(measuresText(alt({ resemblance: 0.999, containment: 1 }))).toBe('99% alike · 100% of the old text inside');
    expect(measuresText(alt({ basis: 'title', resemblance: 0.6 }))).toBe('titles 60% alike');
    expect(measuresText(alt({ resemblance: Number.NaN }))).toBe('not measured');
    expect(titleBasisLabel()).toBe('compared by title only');
  });

  it('formats dates, and says so when one is missing', () => {
    expect(formatDate(DAY, 'en-GB')).toBe('15 Mar 2024');
    expect(formatDateTime(DAY, 'en-GB')).toMatch(/^15 Mar 2024, \d\d:\d\d$/);
    expect(formatDate(undefined)).toBe('an unknown date');
    expect(formatDate(Number.NaN)).toBe('an unknown date');
  });

  it('says whether a sketch was kept', () => {
    expect(sketchText(report())).toBe('Resemble kept a sketch of this page (412 shingles).');
    expect(sketchText(report({ known: undefined }))).toBe('Resemble kept a sketch of this page.');
    expect(sketchText(report({ hasSketch: false }))).toBe(
      'Resemble has no sketch of this page: copies are looked for by its title, and can only be compared by title.',
    );
  });

  it('says how far the search is, and what it found', () => {
    const running = report({
      done: false,
      sources: [
        { source: 'group', state: 'done', candidates: 1 },
        { source: 'store', state: 'running' },
        { source: 'search', state: 'pending' },
        { source: 'archive', state: 'pending' },
      ],
    });
    expect(progressLine(running)).toBe('Looking for copies: 1 of 4 sources done…');
    expect(progressLine({ ...running, alternates: [alt({})] })).toBe('Looking for copies: 1 of 4 sources done; 1 copy so far…');
    expect(progressLine(report({ alternates: [alt({}), alt({ url: 'https://b.example/' })] }))).toBe('Done: 2 copies found.');
    expect(progressLine(report())).toBe('Done: no copy of this page was found.');
    expect(noCopyText(report())).toBe('No copy of this page was found. Not searched: archived copies (Internet Archive).');
    expect(noCopyText(report({ sources: allDone.slice(0, 3) }))).toBe('No copy of this page was found.');
  });
});

describe('lost and found: polling', () => {
  const immediate = () => Promise.resolve();

  it('asks until done, with again only on the first call', async () => {
    const answers = [report({ done: false }), report({ done: false }), report({ done: true })];
    const ask = vi.fn(async (_again: boolean) => answers.shift()!);
    const seen: LostReport[] = [];
    await pollLost({
      ask,
      again: true,
      signal: new AbortController().signal,
      onReport: (r) => seen.push(r),
      onError: () => expect.fail('no error'),
      sleep: immediate,
    });
    expect(ask.mock.calls.map((c) => c[0])).toEqual([true, false, false]);
    expect(seen.map((r) => r.done)).toEqual([false, false, true]);
  });

  it('stops when aborted, reporting nothing after', async () => {
    const ctl = new AbortController();
    const seen: LostReport[] = [];
    const ask = vi.fn(async () => {
      ctl.abort();
      return report({ done: false });
    });
    await pollLost({ ask, again: false, signal: ctl.signal, onReport: (r) => seen.push(r), onError: () => {}, sleep: immediate });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
  });

  it('tolerates a failure or two (a waking service worker), then reports the error', async () => {
    let n = 0;
    const flaky = async () => {
      if (n++ < 2) throw new Error('Could not establish connection');
      return report();
    };
    const seen: LostReport[] = [];
    await pollLost({
      ask: flaky,
      again: false,
      signal: new AbortController().signal,
      onReport: (r) => seen.push(r),
      onError: () => expect.fail('no error'),
      sleep: immediate,
    });
    expect(seen.length).toBe(1);
    const errors: unknown[] = [];
    await pollLost({
      ask: () => Promise.reject(new Error('down')),
      again: false,
      signal: new AbortController().signal,
      onReport: () => {},
      onError: (e) => errors.push(e),
      sleep: immediate,
    });
    expect(errors.map((e) => (e as Error).message)).toEqual(['down']);
  });
});

describe('lost and found: the report', () => {
  const alternates = [
    alt({ url: 'https://mirror.example/story', title: 'Mirror', source: 'group', resemblance: 0.95, containment: 0.97 }),
    alt({
      url: 'https://web.archive.org/web/2024id_/https://dead.example/story',
      title: '<img src=x onerror=alert(1)>',
      source: 'archive',
      archivedAt: DAY,
      resemblance: 0.9,
      containment: 0.9,
    }),
    alt({ url: 'javascript:alert(1)', title: 'Click me', source: 'store', resemblance: 0.6, containment: 0.7 }),
    alt({ url: 'https://b.example/by-title', title: 'By title', source: 'search', resemblance: 0.55, containment: 0.55, basis: 'title' }),
  ];

  it('lists the alternates in the order given, with the test hooks', () => {
    const { root } = mount(h(LostReportView, { report: report({ alternates }), locale: 'en-GB' }));
    const lis = [...root.querySelectorAll('[data-testid="alternates"] li[data-source]')];
    expect(lis.map((li) => li.getAttribute('data-url'))).toEqual(alternates.map((a) => a.url));
    expect(lis.map((li) => li.getAttribute('data-source'))).toEqual(['group', 'archive', 'store', 'search']);
    expect(lis.map((li) => li.getAttribute('data-resemblance'))).toEqual(['0.95', '0.9', '0.6', '0.55']);
    expect(lis[0].querySelector('.measures-text')!.textContent).toBe('95% alike · 97% of the old text inside');
    expect(lis[0].querySelector('.domain')!.textContent).toBe('mirror.example');
    expect(lis[0].textContent).toContain('in its group on the results page');
    expect(lis[0].textContent).toContain('checked 15 Mar 2024');
    expect(lis[1].textContent).toContain('archived copy from 15 Mar 2024');
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Done: 4 copies found.');
  });

  it('links only http(s) alternates, in a new tab without a referrer', () => {
    const { root } = mount(h(LostReportView, { report: report({ alternates }) }));
    const lis = root.querySelectorAll('[data-testid="alternates"] li');
    const a = lis[0].querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://mirror.example/story');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noreferrer');
    expect(lis[2].querySelector('a')).toBeNull();
    expect(lis[2].querySelector('h3')!.textContent).toBe('Click me');
    expect(root.innerHTML).not.toContain('href="javascript:');
  });

  it('sets page text as text: a title with markup shows literally', () => {
    const { root } = mount(
      h(LostReportView, { report: report({ alternates, known: { ...report().known!, title: '<script>alert(1)</script>', phrases: ['<b>bold</b>'] } }) }),
    );
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelectorAll('[data-testid="alternates"] li')[1].querySelector('a')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(root.querySelector('.known-title')!.textContent).toBe('<script>alert(1)</script>');
    expect(root.querySelector('.phrases q')!.textContent).toBe('<b>bold</b>');
  });

  it('labels a title-only comparison visibly as weaker', () => {
    const { root } = mount(h(LostReportView, { report: report({ alternates }) }));
    const weak = root.querySelector('li[data-basis="title"]')!;
    expect(weak.getAttribute('class')).toContain('weak');
    expect(weak.querySelector('.basis-title')!.textContent).toBe('compared by title only');
    expect(weak.querySelector('.measures-text')!.textContent).toBe('titles 55% alike');
    expect(root.querySelectorAll('.basis-title').length).toBe(1);
  });

  it('never shows an alternate without a measured resemblance', () => {
    const { root } = mount(h(LostReportView, { report: report({ alternates: [alt({ resemblance: Number.NaN }), alt({ url: 'https://ok.example/' })] }) }));
    expect([...root.querySelectorAll('[data-testid="alternates"] li')].map((li) => li.getAttribute('data-url'))).toEqual(['https://ok.example/']);
  });

  it('shows what was known: title, dates, last check in words, the sketch and the phrases', () => {
    const { root } = mount(h(LostReportView, { report: report(), locale: 'en-GB' }));
    const known = root.querySelector('[data-testid="known"]')!;
    expect(known.querySelector('h2')!.textContent).toBe('What Resemble last knew of it');
    expect(known.textContent).toContain('The old story');
    expect(known.textContent).toContain('first 14 Feb 2024, last 15 Mar 2024');
    expect(known.querySelector('.known-status')!.textContent).toContain('the site answered 404/410 (gone)');
    expect(known.textContent).toContain('Resemble kept a sketch of this page (412 shingles).');
    expect([...known.querySelectorAll('.phrases li')].map((li) => li.textContent)).toEqual(['a phrase remembered', 'another one']);
  });

  it('says what the check lost and found just made said, even of a page it never saw', () => {
    const at = DAY + 3_600_000;
    const seen = mount(h(LostReportView, { report: report({ recheck: { at, status: 'dns' } }), locale: 'en-GB' })).root;
    expect(seen.querySelector('.known-status')!.textContent, 'the last page check, kept apart').toContain('the site answered 404/410 (gone)');
    const line = seen.querySelector('[data-testid="recheck"]')!;
    expect(line.getAttribute('data-status')).toBe('dns');
    expect(line.textContent).toMatch(/^15 Mar 2024, \d\d:\d\d: the site's name no longer resolves$/);
    const never = mount(h(LostReportView, { report: report({ known: undefined, hasSketch: false, recheck: { at, status: 'http-500' } }) })).root;
    expect(never.textContent).toContain('Resemble has no record of this page');
    expect(never.querySelector('[data-testid="recheck"]')!.textContent).toContain('the site answered 500');
    expect(mount(h(LostReportView, { report: report() })).root.querySelector('[data-testid="recheck"]'), 'none before the check').toBeNull();
  });

  it('without access to sites: says why nothing was measured, and offers one click to allow it', () => {
    const onAllowAccess = vi.fn();
    const skipped = report().sources.map((x) =>
      x.source === 'archive' ? x : { source: x.source, state: 'skipped' as const, note: 'Resemble has no access to other sites' },
    );
    const r = report({ needsAccess: true, done: true, alternates: [], sources: skipped });
    const { root, window } = mount(h(LostReportView, { report: r, onAllowAccess }));
    const notice = root.querySelector('[data-testid="needs-access"]')!;
    expect(notice.textContent).toContain('It needs your permission to read sites');
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Stopped: Resemble needs access to sites to look for copies.');
    const button = [...notice.querySelectorAll('button')].find((b) => b.textContent === 'Allow access to sites')!;
    button.dispatchEvent(new window.Event('click', { bubbles: true }));
    expect(onAllowAccess).toHaveBeenCalledTimes(1);
    const asking = mount(h(LostReportView, { report: r, onAllowAccess, allowing: true, accessError: 'Access was not granted.' })).root;
    expect(asking.querySelector('[data-testid="needs-access"] button')!.hasAttribute('disabled')).toBe(true);
    expect(asking.querySelector('[data-testid="needs-access"] [role="alert"]')!.textContent).toBe('Access was not granted.');
    expect(mount(h(LostReportView, { report: report() })).root.querySelector('[data-testid="needs-access"]'), 'not when access is there').toBeNull();
  });

  it('says plainly when there is no sketch, and when nothing was found', () => {
    const { root } = mount(h(LostReportView, { report: report({ hasSketch: false, known: { title: 'T', firstSeen: DAY, lastSeen: DAY, phrases: [] } }) }));
    expect(root.querySelector('[data-testid="known"]')!.textContent).toContain(
      'Resemble has no sketch of this page: copies are looked for by its title, and can only be compared by title.',
    );
    expect(root.querySelector('[data-testid="known"] .phrases')).toBeNull();
    expect(root.querySelector('[data-testid="alternates"]')).toBeNull();
    expect(root.querySelector('.lost-alternates .none')!.textContent).toMatch(/^No copy of this page was found\./);
    expect(root.querySelector('.lost-sources')!.textContent).toContain('A search for its title');
    const unknown = mount(h(LostReportView, { report: report({ known: undefined, hasSketch: false }) })).root;
    expect(unknown.textContent).toContain('Resemble has no record of this page');
  });

  it('lists the sources with their state, and offers to turn archive lookups on', () => {
    const onEnableArchive = vi.fn();
    const onAgain = vi.fn();
    const { root, window } = mount(h(LostReportView, { report: report(), archiveLookups: false, onEnableArchive, onAgain }));
    const lis = [...root.querySelectorAll('[data-testid="sources"] li')];
    expect(lis.map((li) => li.getAttribute('data-source'))).toEqual(['group', 'store', 'search', 'archive']);
    expect(lis.map((li) => li.getAttribute('data-state'))).toEqual(['done', 'done', 'done', 'skipped']);
    expect(lis[0].textContent).toBe('Its group on the results page: 2 candidates');
    expect(lis[3].textContent).toContain('skipped: archive lookups are off');
    const buttons = root.querySelectorAll('button');
    const turnOn = [...buttons].find((b) => b.textContent!.includes('archive lookups on'))!;
    turnOn.dispatchEvent(new window.Event('click'));
    expect(onEnableArchive).toHaveBeenCalledTimes(1);
    const again = [...buttons].find((b) => b.textContent === 'Search again')!;
    again.dispatchEvent(new window.Event('click'));
    expect(onAgain).toHaveBeenCalledTimes(1);
  });

  it('while running: a status line and a bar, no "none found" yet', () => {
    const { root } = mount(
      h(LostReportView, {
        report: report({
          done: false,
          sources: [
            { source: 'group', state: 'running' },
            { source: 'store', state: 'pending' },
            { source: 'search', state: 'pending' },
            { source: 'archive', state: 'pending' },
          ],
        }),
        onAgain: () => {},
      }),
    );
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Looking for copies: 0 of 4 sources done…');
    expect(root.querySelector('progress')).not.toBeNull();
    expect(root.querySelector('.none')).toBeNull();
    expect([...root.querySelectorAll('button')].some((b) => b.textContent === 'Search again')).toBe(false);
    expect(root.querySelector('[data-testid="sources"] li')!.textContent).toContain('searching…');
  });

  it('says when the address answered again, with a link to it', () => {
    const skipped = allDone.map((s) => ({ source: s.source, state: 'skipped' as const, note: 'the address answered when checked again' }));
    const { root } = mount(h(LostReportView, { report: report({ alive: true, sources: skipped }), archiveLookups: false, onEnableArchive: () => {} }));
    const alive = root.querySelector('[data-testid="alive"]')!;
    expect(alive.textContent).toContain('answered when Resemble checked it again');
    expect(alive.querySelector('a')!.getAttribute('href')).toBe('https://dead.example/story');
    expect([...root.querySelectorAll('button')].some((b) => b.textContent!.includes('archive lookups on'))).toBe(false);
  });

  it('the page refuses an address that is not http(s), as an alert', () => {
    const { root } = mount(h(App, { search: '?url=javascript%3Aalert(1)' }));
    expect(root.querySelector('h1')!.textContent).toBe('Lost and found');
    expect(root.querySelector('[role="alert"]')!.textContent).toMatch(/http/);
    expect(root.querySelector('[data-testid="sources"]')).toBeNull();
  });
});

describe('popup: a dead page and dead results', () => {
  const base: TabState = { tabId: 3, results: 0, status: 'not-results-page', url: 'https://dead.example/story' };
  beforeEach(() => fakeBrowser.reset());

  it('offers to find a copy of the tab’s own page', () => {
    const { root } = mount(h(DeadPageOffer, { s: { ...base, deadPage: { url: 'https://dead.example/story', reason: 'dns' } } }));
    expect(root.textContent).toContain("This page did not load (the site's name no longer resolves).");
    expect(root.textContent).toContain('Resemble can look for a copy elsewhere.');
    expect(root.querySelector('button')!.textContent).toBe('Find a copy');
  });

  it('"Find a copy" opens lost and found for that address and closes the popup', async () => {
    const close = vi.fn();
    vi.stubGlobal('window', { close });
    try {
      const { root, window } = mount(h(DeadPageOffer, { s: { ...base, deadPage: { url: 'https://dead.example/a?b=1&c=2', reason: 'gone' } } }));
      root.querySelector('button')!.dispatchEvent(new window.Event('click'));
      await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
      const [page, ...more] = await opened();
      expect(more).toEqual([]);
      expect(page).toBe('chrome-extension://test-extension-id/lost.html?url=https%3A%2F%2Fdead.example%2Fa%3Fb%3D1%26c%3D2');
      expect(parseLostTarget(new URL(page).search)).toEqual({ ok: true, url: 'https://dead.example/a?b=1&c=2' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('"Find a copy" in a private tab opens a run, never the address (issue #28)', async () => {
    vi.stubGlobal('window', { close: vi.fn() });
    // fakeBrowser's tabs are never private: this one is.
    const get = vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation(async (id) => ({ id, index: 0, incognito: true }) as never);
    try {
      const { root, window } = mount(h(DeadPageOffer, { s: { ...base, deadPage: { url: 'https://private-diary.example/a', reason: 'gone' } } }));
      root.querySelector('button')!.dispatchEvent(new window.Event('click'));
      await vi.waitFor(async () => expect(await opened()).toHaveLength(1));
      const [page] = await opened();
      expect(page).toMatch(/^chrome-extension:\/\/test-extension-id\/lost\.html\?run=[0-9a-f-]{36}$/);
      expect(get).toHaveBeenCalledWith(3);
      // The address is kept in the run (storage.session), not in the page's.
      const run = new URL(page).searchParams.get('run');
      expect(await fakeBrowser.storage.session.get(null)).toEqual({ [PRIVATE_LOST_PREFIX + run]: 'https://private-diary.example/a' });
    } finally {
      get.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('shows a reason the background wrote in words as it is', () => {
    const { root } = mount(
      h(DeadPageOffer, { s: { ...base, deadPage: { url: 'https://dead.example/story', reason: 'the site answered that the page is gone (404/410)' } } }),
    );
    expect(root.textContent).toContain('This page did not load (the site answered that the page is gone (404/410)).');
  });

  it('lists a dead result’s live copies from the tab’s state, best first, as text, with "search for more"', async () => {
    const s: TabState = {
      ...base,
      status: 'done',
      results: 1,
      items: [{ rank: 1, url: 'https://dead.example/', title: 'Dead', displayUrl: 'dead.example' }],
      dead: [
        {
          rank: 1,
          kind: 'gone',
          alternates: [
            alt({ url: 'https://b.example/x', resemblance: 0.6, containment: 0.7 }),
            alt({ url: 'javascript:alert(1)', title: '<img src=x>', resemblance: 0.9 }),
          ],
        },
      ],
    };
    const { root } = mount(h(DeadPageOffer, { s }));
    const lines = root.querySelectorAll('[data-testid="alternates"] li.alternate');
    expect([...lines].map((l) => l.getAttribute('data-url'))).toEqual(['javascript:alert(1)', 'https://b.example/x']);
    expect(lines[0].querySelector('a')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(lines[1].querySelector('a')!.getAttribute('href')).toBe('https://b.example/x');
    expect(lines[1].textContent).toContain('b.example');
    expect(lines[1].textContent).toContain('60% alike · 70% inside');
    expect(lines[1].textContent).toContain('in its group on the results page · checked');
    await vi.waitFor(() => expect(root.querySelector('[data-testid="alternates"]')!.getAttribute('data-state')).toBe('found'));
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Found 2 copies');
    expect(root.querySelector('[data-testid="alternates"] button')!.textContent).toBe('search for more');
  });

  it('shows nothing when nothing is dead', () => {
    const { root } = mount(h(DeadPageOffer, { s: base }));
    expect(root.innerHTML).toBe('');
  });

  it('lists dead results by rank with a "find a copy" for http(s) ones', () => {
    const s: TabState = {
      ...base,
      status: 'done',
      results: 3,
      items: [
        { rank: 1, url: 'https://a.example/', title: 'A', displayUrl: 'a.example' },
        { rank: 2, url: 'javascript:alert(1)', title: '<img src=x onerror=alert(1)>', displayUrl: 'x' },
        { rank: 3, url: 'https://c.example/', title: 'C', displayUrl: 'c.example' },
      ],
      dead: [
        { rank: 3, kind: 'gone' },
        { rank: 2, kind: 'soft404' },
      ],
    };
    expect(deadLines(s).map((d) => [d.rank, d.url])).toEqual([
      [2, undefined],
      [3, 'https://c.example/'],
    ]);
    expect(deadCountText(1)).toBe('1 result on this page seems dead');
    const { root } = mount(h(DeadPageOffer, { s }));
    expect(root.textContent).toContain('2 results on this page seem dead');
    const lis = root.querySelectorAll('li[data-rank]');
    expect(lis.length).toBe(2);
    expect(lis[0].querySelector('button')).toBeNull();
    expect(lis[0].querySelector('.result-title')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(root.querySelector('img')).toBeNull();
    expect(lis[1].querySelector('button')!.getAttribute('aria-label')).toBe('Find a copy of result #3');
    expect(lis[1].textContent).toContain('gone (404/410)');
  });
});
