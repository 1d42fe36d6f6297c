/**
 * Issue #39: the content script as a small state machine (entrypoints/results/machine.ts), driven here
 * with fakes for the page, the watcher, the background and storage. What it does in each state is what
 * results.content.ts did before as closures; the engine-off teardown is now written once and complete.
 */
import { describe, expect, it } from 'vitest';
import type { ResultsBatch } from '../../lib/engines/batch';
import type { Extraction } from '../../lib/engines/types';
import type { Payload, Replies } from '../../lib/messages';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import type { PageGroups } from '../../lib/tab/page-groups';
import type { PageInputs } from '../../entrypoints/results/local-groups';
import { type MachineParts, ResultsMachine, type WatchEvents } from '../../entrypoints/results/machine';

const SEARCH = 'https://www.google.com/search?q=sourdough';

/** Groups as the fakes make them: every result held in one group, said as `evidence:ranks`. */
function groupsOf(ranks: number[], evidence: 'snippets' | 'pages' = 'snippets'): PageGroups {
  const members = ranks.slice(1).map((rank) => ({ rank, reason: { kind: 'snippet' as const, resemblance: 0.9 } }));
  return { mode: 'collapse', threshold: 0.5, groups: ranks.length > 1 ? [{ id: 1, representative: ranks[0], members, evidence }] : [] };
}
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const said = (g: PageGroups) => `${g.groups[0]?.evidence ?? 'none'}:${g.groups.flatMap((x) => [x.representative, ...x.members.map((m) => m.rank)]).join(',')}`;

/** The watcher's part (watcher.ts): reads at start and on changes, reports each batch read, then sends it in turn. */
class FakeWatcher {
  stopped = false;
  private queue: Promise<void> = Promise.resolve();
  private count = 0;
  constructor(private on: WatchEvents) {}
  start(first: Extraction): void {
    this.report(first.results, first);
  }
  stop(): void {
    this.stopped = true;
  }
  /** The page added results, or (`navigated`) shows another view at another address. */
  check(navigated = false): void {
    if (navigated) (this.count = 0), this.on.navigated();
    const x = this.on.read();
    if (x) this.report(x.results.slice(this.count), x);
  }
  done(): Promise<void> {
    return this.queue;
  }
  private report(results: Extraction['results'], x: Extraction): void {
    const b: ResultsBatch = {
      engine: x.engine,
      url: SEARCH,
      query: x.query,
      results: results.map((r, i) => ({ ...r, rank: this.count + i + 1 })),
      ...(this.count ? { append: true } : {}),
    };
    this.count += results.length;
    this.on.batchRead(b);
    this.queue = this.queue.then(() => (this.stopped ? undefined : this.on.batchSent(b)));
  }
}

function setup(o: { on?: boolean; urls?: string[] | undefined } = {}) {
  const log: string[] = [];
  const page = { on: o.on ?? true, urls: 'urls' in o ? o.urls : ['a', 'b', 'c', 'd'] };
  const inputs = (): PageInputs => ({
    settings: { ...DEFAULT_SETTINGS, engines: { ...DEFAULT_SETTINGS.engines, google: page.on } },
    boilerplate: undefined,
    notACopy: [],
  });
  const extraction = (urls: string[]): Extraction => ({
    engine: 'google',
    variant: 'web',
    query: 'sourdough',
    reader: 'spec',
    results: urls.map((u, i) => ({ rank: i + 1, url: `https://${u}.example/`, title: u, snippet: `${u} words`, displayUrl: `${u}.example` })),
  });
  const watchers: FakeWatcher[] = [];
  const sent: Payload<'page/results'>[] = [];
  /** The background's answer to page/results: its snippet groups of the view's results so far (ranks 1 to the batch's last). */
  let reply = (b: Payload<'page/results'>): Replies['page/results'] | undefined => ({
    accepted: b.results.length,
    groups: groupsOf(upTo(b.results.at(-1)?.rank ?? 0)),
  });
  const parts: MachineParts = {
    read: () => (page.urls ? extraction(page.urls) : undefined),
    readInputs: async () => inputs(),
    watch: (on) => {
      const w = new FakeWatcher(on);
      watchers.push(w);
      return w;
    },
    send: async (b) => (sent.push(b), b.disabled ? { accepted: 0, disabled: true } : reply(b)),
    askGroups: async () => (log.push('ask page/groups'), groupsOf([1, 2])),
    newLocal: () => {
      let ranks: number[] = [];
      return {
        add: (b: ResultsBatch) => void (ranks = [...ranks, ...b.results.map((r) => r.rank)]),
        reset: () => void (log.push('local.reset'), (ranks = [])),
        groups: (i: unknown) => (i ? groupsOf(ranks) : undefined),
      };
    },
    blocks: { ranked: (r) => void log.push(`ranked ${r.map((x) => x.rank)}`), reset: () => void log.push('blocks.reset') },
    shown: {
      apply: async (g) => void log.push(`apply ${said(g)}`),
      clear: async () => void log.push('clear'),
      forget: () => void log.push('forget'),
      progress: () => {},
    },
    markCopycats: () => void log.push('copycats'),
    restorePage: () => void log.push('restorePage'),
    href: () => SEARCH,
  };
  const m = new ResultsMachine(parts);
  /** The script up to its listeners: inputs read, the page loaded, the first batch answered. */
  const load = async () => {
    m.inputsRead(inputs());
    const loaded = m.loaded();
    await settle();
    return loaded;
  };
  const settings = (on: boolean) => {
    page.on = on;
    return m.storageChanged({ settings: { newValue: {} } }, 'sync');
  };
  const fresh = () => log.splice(0);
  return { m, log, fresh, page, sent, watchers, load, settings, setReply: (r: typeof reply) => (reply = r) };
}

/** The watcher's task-later sends and the background's answers. */
const settle = () => new Promise((r) => setTimeout(r, 5));
const CHECKED = { ...groupsOf([1, 3], 'pages'), checking: { done: 4, total: 4 } };

describe('the results page, state by state', () => {
  it('reading → grouped: the whole page read at load, grouped here, then the background’s answer', async () => {
    const t = setup();
    expect(t.m.is).toBe('reading');
    expect(await t.load()).toBe(true);
    expect(t.m.is).toBe('grouped');
    expect(t.log).toEqual(['copycats', 'ranked 1,2,3,4', 'apply snippets:1,2,3,4', 'apply snippets:1,2,3,4']);
    expect(t.sent.map((b) => b.results.length)).toEqual([4]);
  });

  it('grouped → checked by a page/update from checked pages; a settings change keeps those groups and asks the background', async () => {
    const t = setup();
    await t.load();
    await t.m.update(CHECKED);
    expect(t.m.is).toBe('checked');
    t.fresh();
    await t.settings(true);
    // Snippet groups made here would replace what checked pages said: only the background's answer does.
    expect(t.log).toEqual(['copycats', 'ask page/groups', 'apply snippets:1,2']);
    expect(t.m.is).toBe('grouped');
  });

  it('more results (infinite scroll) are grouped here at once, even over checked groups, and sent as an append', async () => {
    const t = setup();
    await t.load();
    await t.m.update(CHECKED);
    t.fresh();
    t.page.urls = ['a', 'b', 'c', 'd', 'e'];
    t.watchers[0].check();
    expect(t.m.is).toBe('grouped');
    await settle();
    expect(t.log).toEqual(['ranked 5', 'apply snippets:1,2,3,4,5', 'apply snippets:1,2,3,4,5']);
    expect(t.sent.at(-1)).toMatchObject({ append: true });
  });

  it('an answer to an older batch is not applied over a newer one’s (no going back)', async () => {
    const t = setup();
    await t.load();
    t.fresh();
    // Two appends read before either is answered: the first one's answer is for a page that is gone.
    t.page.urls = ['a', 'b', 'c', 'd', 'e'];
    t.watchers[0].check();
    t.page.urls = ['a', 'b', 'c', 'd', 'e', 'f'];
    t.watchers[0].check();
    await t.watchers[0].done();
    expect(t.sent.map((b) => b.results.map((r) => r.rank).join())).toEqual(['1,2,3,4', '5', '6']);
    expect(t.log).toEqual(['ranked 5', 'apply snippets:1,2,3,4,5', 'ranked 6', 'apply snippets:1,2,3,4,5,6', 'apply snippets:1,2,3,4,5,6']);
  });

  it('engine turned off in the settings: the one teardown, complete, exactly once; a second off does nothing', async () => {
    const t = setup();
    await t.load();
    t.fresh();
    await t.settings(false);
    expect(t.m.is).toBe('off');
    expect(t.watchers[0].stopped).toBe(true);
    expect(t.log).toEqual(['copycats', 'clear', 'blocks.reset', 'local.reset']);
    t.fresh();
    await t.settings(false);
    expect(t.log).toEqual(['copycats']);
    expect(t.m.is).toBe('off');
  });

  it('engine turned off by the background (its settings newer): the same teardown, the local groups forgotten too', async () => {
    const t = setup();
    t.setReply(() => ({ accepted: 0, disabled: true }));
    await t.load();
    expect(t.m.is).toBe('off');
    expect(t.watchers[0].stopped).toBe(true);
    expect(t.log.slice(-3)).toEqual(['clear', 'blocks.reset', 'local.reset']);
    // The local groups start from nothing when it is on again: only the page as read anew.
    t.setReply((b) => ({ accepted: b.results.length, groups: groupsOf([1]) }));
    t.fresh();
    await t.settings(true);
    expect(t.log).toContain('apply snippets:1,2,3,4');
  });

  it('on again: the page is read again from rank 1 and watched by a new watcher', async () => {
    const t = setup();
    await t.load();
    await t.settings(false);
    t.fresh();
    await t.settings(true);
    await settle();
    expect(t.m.is).toBe('grouped');
    expect(t.watchers).toHaveLength(2);
    expect(t.watchers[1].stopped).toBe(false);
    expect(t.sent.at(-1)).toMatchObject({ results: [{ rank: 1 }, { rank: 2 }, { rank: 3 }, { rank: 4 }] });
    expect(t.sent.at(-1)).not.toHaveProperty('append');
    expect(t.log).toEqual(['copycats', 'ranked 1,2,3,4', 'apply snippets:1,2,3,4', 'apply snippets:1,2,3,4']);
  });

  it('off at load: the background is told, nothing is read or shown; on in the settings reads the page', async () => {
    const t = setup({ on: false });
    expect(await t.load()).toBe(true);
    expect(t.m.is).toBe('off');
    expect(t.watchers).toHaveLength(0);
    expect(t.sent).toEqual([{ engine: 'google', url: SEARCH, query: 'sourdough', results: [], disabled: true }]);
    expect(t.log).toEqual(['copycats']);
    await t.settings(false);
    expect(t.log).toEqual(['copycats', 'copycats']);
    await t.settings(true);
    expect(t.m.is).toBe('grouped');
  });

  it('an in-page navigation (pushState, history) forgets the old view and reads the new one from rank 1', async () => {
    const t = setup();
    await t.load();
    await t.m.update(CHECKED);
    t.fresh();
    t.page.urls = ['x', 'y', 'z'];
    t.watchers[0].check(true);
    expect(t.m.is).toBe('grouped');
    await settle();
    expect(t.log).toEqual(['blocks.reset', 'local.reset', 'forget', 'ranked 1,2,3', 'apply snippets:1,2,3', 'apply snippets:1,2,3']);
    expect(t.sent.at(-1)).not.toHaveProperty('append');
  });

  it('page/update: ignored while reading and on a page with no results (no listener yet, as before)', async () => {
    const t = setup();
    await t.m.update(CHECKED);
    expect(t.m.is).toBe('reading');
    const u = setup({ urls: undefined });
    expect(await u.load()).toBe(false);
    expect(u.m.is).toBe('unread');
    await u.m.update(CHECKED);
    await u.m.storageChanged({ settings: {} }, 'sync');
    expect([...t.log, ...u.log.filter((l) => l !== 'copycats')]).toEqual([]);
  });

  it('page/update after the engine-off teardown: applied, as the listener that stays always did', async () => {
    const t = setup();
    await t.load();
    await t.settings(false);
    t.fresh();
    await t.m.update(CHECKED);
    expect(t.log).toEqual(['apply pages:1,3']);
    expect(t.m.is).toBe('checked');
    // Something is shown again, so turning off (again) clears it; no watcher was started meanwhile.
    await t.settings(false);
    expect(t.m.is).toBe('off');
    expect(t.watchers).toHaveLength(1);
  });

  it('the extension leaves the page: the teardown and the page given back, once; nothing is heard after', async () => {
    const t = setup();
    await t.load();
    t.fresh();
    t.m.end();
    t.m.end();
    await settle();
    expect(t.m.is).toBe('ended');
    expect(t.watchers[0].stopped).toBe(true);
    expect(t.log).toEqual(['clear', 'restorePage', 'blocks.reset', 'local.reset']);
    t.fresh();
    await t.m.update(CHECKED);
    await t.m.answer(CHECKED);
    await t.settings(false);
    t.m.inputsRead(undefined);
    expect(t.m.loaded()).toBe(false);
    expect(t.log).toEqual([]);
  });

  it('ended while reading: nothing is read at load and no listener is added', async () => {
    const t = setup();
    t.m.end();
    expect(await t.load()).toBe(false);
    expect(t.watchers).toHaveLength(0);
    expect(t.sent).toEqual([]);
  });
});

describe('while the page loads', () => {
  it('the results parsed so far, all but the last, are grouped before they are painted', () => {
    const t = setup();
    t.m.parsedSoFar();
    expect(t.log).toEqual([]); // no inputs yet: nothing is grouped here
    t.m.inputsRead({ settings: DEFAULT_SETTINGS, boilerplate: undefined, notACopy: [] });
    t.m.parsedSoFar();
    expect(t.log).toEqual(['copycats', 'ranked 1,2,3', 'apply snippets:1,2,3']);
    expect(t.m.is).toBe('reading');
  });

  it('nothing is grouped early with fewer than three results or the engine off', () => {
    for (const t of [setup({ urls: ['a', 'b'] }), setup({ on: false })]) {
      t.m.inputsRead({ settings: { ...DEFAULT_SETTINGS, engines: { ...DEFAULT_SETTINGS.engines, google: t.page.on } }, boilerplate: undefined, notACopy: [] });
      t.m.parsedSoFar();
      expect(t.log).toEqual(['copycats']);
    }
  });

  it('once loaded, the frames’ early grouping stops', async () => {
    const t = setup();
    await t.load();
    t.fresh();
    t.m.parsedSoFar();
    expect(t.log).toEqual([]);
  });
});
