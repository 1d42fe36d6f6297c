import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { type ResultsBatch, batches } from '../lib/engines/batch';
import { extract } from '../lib/engines/extract';
import { ENGINES } from '../lib/engines/table';
import { PAST_BOILERPLATE_KEY } from '../lib/group/snippet-groups';
import { settingsChanged } from '../shared/settings';
import { COPYCAT_PAGE_KEYS } from '../lib/copycat/table';
import { type PageGroups, checkPageGroups } from '../lib/tab/page-groups';
import { type MessageType, type Payload, type Replies, readTabMessage } from '../lib/messages';
import { engineOff } from '../lib/tab/inputs';
import { type AskOptions, RETRY_BACKOFF_MS, ask as askWith } from './results/ask';
import { CheckingIndicator } from './results/checking-indicator';
import { GroupsOnPage } from './results/groups-on-page';
import { PageLifetime } from './results/lifetime';
import { LocalGroups, type PageInputs, readInputs, warmUp } from './results/local-groups';
import { ResultBlocks, restorePage } from './results/marks';
import { ResultsWatcher } from './results/watcher';
import { holdPaint } from './results/paint-gate';
import { beforeFramesWhileLoading } from './results/while-loading';

/**
 * Reads the organic results of a results page once they are there, and again when the page adds
 * more (infinite scroll, "more results"). Groups them here at once with lib (the function the
 * background answers with) and applies the groups, then sends them to the background, which stores
 * them, checks their pages and stays the one deciding the page's groups: its answer is applied when
 * it differs, and its page-level regroups come as `page/update` (issue #17).
 */
export default defineContentScript({
  matches: ENGINES.flatMap((e) => e.matches),
  // Started while the page loads: the settings and the boilerplate are read from storage by the time
  // the document is parsed, and the groups applied at DOMContentLoaded, before the first paint.
  runAt: 'document_start',
  // WXT's context (main's argument) is not used: a page can end it (see PageLifetime).
  async main() {
    const ctx = new PageLifetime('results');
    const reading = readInputs().catch(() => undefined);
    // While storage answers: the first grouping in a page pays one-time setup (regular expressions,
    // cold code: about half its time), here rather than between DOMContentLoaded and the groups.
    warmUp();
    // Firefox runs document_start scripts before the root element exists: everything below needs it.
    if (!document.documentElement) {
      await new Promise<void>((r) => {
        const o = new MutationObserver(() => document.documentElement && (o.disconnect(), r()));
        o.observe(document, { childList: true });
      });
    }
    // What a copy of this script left behind when its extension went away without cleaning up.
    restorePage();
    // Not painted until grouped (or until it is known there is nothing to group): see paint-gate.ts.
    const letPaint = document.readyState === 'loading' ? holdPaint() : () => {};
    const alive = () => ctx.check();
    const blocks = new ResultBlocks();
    const notACopy = async (rank: number, of: number) => shown.answer(await ask('page/not-a-copy', { rank, of }, { alive }));
    const page = new GroupsOnPage(
      ctx,
      blocks,
      (rank) => void ask('lost/open', { rank }, { alive }),
      (rank, of) => void notACopy(rank, of),
    );
    const shown = new Shown(page, new CheckingIndicator(ctx));
    const local = new LocalGroups();
    // Without them (storage failed) nothing is grouped here: the background answers as it always did.
    let inputs: PageInputs | undefined;
    const copycats = (i: PageInputs | undefined) =>
      i && page.setCopycats({ lookup: i.copycats ?? { table: {}, lists: [], unlisted: [] }, display: i.settings.copycatDisplay });
    void reading.then((i) => {
      inputs = i;
      copycats(i);
      // Read before the document was: what is parsed so far is grouped now, the rest before each frame.
      if (document.readyState !== 'loading') return;
      try {
        early();
      } finally {
        letPaint();
      }
    });
    const read = () => {
      const found: Element[][] = [];
      const x = extract(document, location.href, {
        searxngHosts: inputs?.settings.searxngHosts ?? [],
        addedEngines: inputs?.settings.addedEngines ?? [],
        blocks: found,
      });
      if (x)
        blocks.saw(
          x.results.map((r) => r.url),
          found,
        );
      return x;
    };
    const off = (engine: string) => inputs !== undefined && engineOff(inputs.settings, engine);
    // Results already parsed are grouped before they are painted: all but the last, which may be cut
    // short. DOMContentLoaded reads the whole page and sends it; the groups change only if it differs.
    const early = () => {
      const x = inputs && read();
      if (!x || off(x.engine) || x.results.length < 3) return;
      const parsed = batches({ engine: x.engine, url: location.href, query: x.query, results: x.results.slice(0, -1).map((r, i) => ({ ...r, rank: i + 1 })) });
      const now = new LocalGroups();
      for (const b of parsed) blocks.ranked(b.results), now.add(b);
      shown.local(now.groups(inputs));
    };
    if (document.readyState === 'loading') {
      const stop = beforeFramesWhileLoading(early);
      await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
      stop();
    }
    // Results get data-resemble-* attributes; this one says the script is running.
    document.documentElement.dataset.resembleReady = 'true';
    inputs = await reading;
    let watcher: ResultsWatcher | undefined;
    /** Batches read so far: an answer is applied only when it is for the latest (no going back). */
    let seq = 0;

    const start = () => {
      const first = read();
      if (!first) return false;
      if (off(first.engine)) {
        // Turned off: the page is left as it came; the background hears of it (the popup offers to turn it on).
        void send({ ...batches({ engine: first.engine, url: location.href, query: first.query, results: [] })[0], disabled: true }, alive);
        return true;
      }
      // Each batch's place when read: the background's answer may come after later batches were read.
      const order = new WeakMap<ResultsBatch, number>();
      const onRead = (batch: ResultsBatch) => {
        order.set(batch, ++seq);
        blocks.ranked(batch.results);
        local.add(batch);
        shown.local(local.groups(inputs));
      };
      const onSend = async (batch: ResultsBatch) => {
        // A task later: the groups just applied are on the page before the message's cost (cloning
        // the results, cold messaging code) is paid in the same task, ahead of the paint.
        await new Promise((r) => setTimeout(r, 0));
        const reply = await send(batch, alive);
        if (reply?.disabled) {
          // Turned off meanwhile (the background's settings are newer): nothing more is read.
          watcher?.stop();
          watcher = undefined;
          await shown.clear();
          blocks.reset();
          return;
        }
        if (order.get(batch) === seq) await shown.answer(reply?.groups);
      };
      const onNewView = () => (blocks.reset(), local.reset(), shown.newView());
      watcher = new ResultsWatcher(read, onSend, onNewView, onRead);
      watcher.start(first);
      ctx.onInvalidated(() => watcher?.stop());
      return true;
    };
    try {
      if (!start()) return;
    } finally {
      letPaint();
    }

    // Settings changed in the options or the popup: regroup or restyle without a reload.
    const onChange = async (changes: Record<string, unknown>, area: string) => {
      const boilerplate = area === 'local' && PAST_BOILERPLATE_KEY in changes;
      const copycatSites = area === 'local' && COPYCAT_PAGE_KEYS.some((k) => k in changes);
      // A "not a copy" choice is not read here: the background regroups the tabs it concerns and tells them (page/update).
      // Either area: kept on this device only, the settings are storage.local's (issue #30).
      const settings = settingsChanged(changes, area);
      if (boilerplate || settings || copycatSites) inputs = (await readInputs().catch(() => undefined)) ?? inputs;
      // Copycat sites marked anew at once (issue #19): their table or their setting changed.
      if (copycatSites || settings) copycats(inputs);
      if (!settings) return;
      const engine = read()?.engine;
      if (engine && off(engine)) {
        watcher?.stop();
        watcher = undefined;
        await shown.clear();
        blocks.reset();
        local.reset();
        return;
      }
      if (!watcher) {
        start();
        return;
      }
      // Snippet groups at once, unless the page shows what checked pages said (only the background has that).
      shown.local(local.groups(inputs), true);
      await shown.answer(await ask('page/groups', {}, { alive, backoffMs: RETRY_BACKOFF_MS }));
    };
    // Pages checked by the background refine the groups as they come in (issue #6).
    const onUpdate = (msg: unknown, sender: { id?: string }) => {
      const m = readTabMessage(msg, sender, browser.runtime.id);
      if (m?.type === 'page/update') void shown.show(m.payload);
    };
    browser.runtime.onMessage.addListener(onUpdate);
    ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(onUpdate));
    browser.storage.onChanged.addListener(onChange);
    ctx.onInvalidated(() => browser.storage.onChanged.removeListener(onChange));
    // The extension left the page: nothing will answer or reveal the copies, so the page is given back.
    // The UI's shadow roots went with the context; the marks and the hidden copies go here.
    ctx.onInvalidated(() => {
      watcher?.stop();
      restorePage();
    });
  },
});

/**
 * What the page shows: the groups made here, then the background's. An answer equal to what is shown
 * is not applied again (no work, no flicker); the page's controls are rebuilt only on a change.
 */
class Shown {
  private key = '';
  /** The page shows groups from checked pages (or dead results): only the background's answers replace them. */
  private fromPages = false;

  constructor(
    private page: GroupsOnPage,
    private indicator: CheckingIndicator,
  ) {}

  newView(): void {
    this.fromPages = false;
    this.key = '';
  }

  /** The page as it came (the engine was turned off). */
  async clear(): Promise<void> {
    this.newView();
    await this.page.apply(undefined);
  }

  /** Groups made here: applied now (synchronously up to the UI's mounting, so before the next paint). */
  local(groups: PageGroups | undefined, keepPages = false): void {
    if (!groups || (keepPages && this.fromPages)) return;
    this.fromPages = false;
    void this.apply(groups);
  }

  /** An answer of the background's, once checked: the page is touched only with what has the expected shape. */
  async answer(answer: unknown): Promise<void> {
    const groups = checkPageGroups(answer);
    if (groups) await this.show(groups);
  }

  /** The background's groups, checked (an answer above, or a page/update checked on arrival). */
  async show(groups: PageGroups): Promise<void> {
    void this.indicator.show(groups.checking);
    this.fromPages = Boolean(groups.dead?.length || groups.groups.some((g) => g.evidence === 'pages'));
    await this.apply(groups);
  }

  private async apply(groups: PageGroups): Promise<void> {
    const { checking: _, ...what } = groups;
    const key = JSON.stringify(what);
    if (key === this.key) return;
    this.key = key;
    await this.page.apply(groups);
    // For the benchmark and for tests: when the groups were last applied (ms since navigation start).
    document.documentElement.dataset.resembleApplied = performance.now().toFixed(1);
  }
}

/** Results, asked again when no answer comes (the service worker stopped while grouping them). */
function send(batch: Payload<'page/results'>, alive: () => boolean): Promise<Replies['page/results'] | undefined> {
  // Only ever a batch this script read (a ResultsBatch): clipped again, as when it was first sent.
  const refit = (p: Payload<'page/results'>) => batches(p as ResultsBatch)[0] ?? p;
  return ask('page/results', batch, { alive, backoffMs: RETRY_BACKOFF_MS, refit });
}

/**
 * One question to the background, typed by lib/messages' map (entrypoints/results/ask.ts says when it
 * is asked again). What comes back is still checked before the page is touched (Shown.answer).
 */
function ask<T extends MessageType>(type: T, payload: Payload<T>, opts: AskOptions<Payload<T>>): Promise<Replies[T] | undefined> {
  return askWith((msg) => browser.runtime.sendMessage(msg), type, payload, opts);
}
