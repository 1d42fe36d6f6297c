import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { batches } from '../lib/engines/batch';
import { extract } from '../lib/engines/extract';
import { ENGINES } from '../lib/engines/table';
import { checkPageGroups } from '../lib/messages';
import { type Settings, migrateSettings } from '../lib/settings';
import { RETRY_BACKOFF_MS, ask as askWith } from './results/ask';
import { CheckingIndicator } from './results/checking-indicator';
import { GroupsOnPage } from './results/groups-on-page';
import { PageLifetime } from './results/lifetime';
import { ResultBlocks, restorePage } from './results/marks';
import { type ResultsBatch, ResultsWatcher } from './results/watcher';

/**
 * Reads the organic results of a results page once they are there, and again when the page adds
 * more (infinite scroll, "more results"), sending only what it has not sent; applies the groups the
 * background answers. It never fetches, stores or decides groups: the background does.
 */
export default defineContentScript({
  matches: ENGINES.flatMap((e) => e.matches),
  // Started while the page loads, so that the settings are read by the time the document is parsed
  // and the groups are applied within milliseconds of DOMContentLoaded.
  runAt: 'document_start',
  // WXT's context (main's argument) is not used: a page can end it (see PageLifetime).
  async main() {
    const ctx = new PageLifetime('results');
    const reading = readSettings();
    if (document.readyState === 'loading') await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
    // What a copy of this script left behind when its extension went away without cleaning up.
    restorePage();
    // Results get data-resemble-* attributes; this one says the script is running.
    document.documentElement.dataset.resembleReady = 'true';
    const alive = () => ctx.check();
    const blocks = new ResultBlocks();
    const page = new GroupsOnPage(ctx, blocks, (rank) => void ask('lost/open', { rank }, { alive }));
    const indicator = new CheckingIndicator(ctx);
    // Not waited for: a built-in engine's page is read at once, and the background (which has the
    // settings at hand) says whether the engine is turned off. Only SearXNG hosts come from them.
    let settings: Settings | undefined;
    void reading.then((s) => (settings = s));
    let watcher: ResultsWatcher | undefined;

    const read = () => {
      const found: Element[][] = [];
      const x = extract(document, location.href, { searxngHosts: settings?.searxngHosts ?? [], blocks: found });
      if (x) blocks.saw(x.results.map((r) => r.url), found);
      return x;
    };
    const start = () => {
      const first = read();
      if (!first) return false;
      watcher = new ResultsWatcher(read, async (batch) => {
        blocks.ranked(batch.results);
        const reply = await send(batch, alive);
        if (reply?.disabled) {
          // The engine is turned off: nothing more is read (the popup offers to turn it on), and the
          // page is left as it came (the ranks were marked before the answer).
          watcher?.stop();
          watcher = undefined;
          blocks.reset();
          return;
        }
        await show(page, reply?.groups, indicator);
      }, () => blocks.reset());
      watcher.start(first);
      ctx.onInvalidated(() => watcher?.stop());
      return true;
    };
    if (!start()) {
      settings = await reading; // a SearXNG host is known only from the settings
      if (!start()) return;
    }

    // Settings changed in the options or the popup: regroup or restyle without a reload.
    const onChange = async (changes: Record<string, unknown>, area: string) => {
      if (area !== 'sync' || !('settings' in changes)) return;
      const now = (settings = await readSettings());
      const engine = read()?.engine;
      if (engine && !now.engines[engine]) {
        watcher?.stop();
        watcher = undefined;
        await page.apply(undefined);
        blocks.reset();
        return;
      }
      if (!watcher) {
        start();
        return;
      }
      await show(page, await ask('page/groups', {}, { alive, backoffMs: RETRY_BACKOFF_MS }), indicator);
    };
    // Pages checked by the background refine the groups as they come in (issue #6).
    const onUpdate = (msg: unknown, sender: { id?: string }) => {
      if (sender.id !== browser.runtime.id || (msg as { type?: unknown } | null)?.type !== 'page/update') return;
      void show(page, (msg as { payload?: unknown }).payload, indicator);
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

async function readSettings(): Promise<Settings> {
  const { settings } = await browser.storage.sync.get('settings');
  return migrateSettings(settings);
}

/** Applies an answer once it is checked: the page is touched only with what has the expected shape. */
async function show(page: GroupsOnPage, answer: unknown, indicator: CheckingIndicator): Promise<void> {
  const groups = checkPageGroups(answer);
  if (groups) {
    void indicator.show(groups.checking);
    await page.apply(groups);
    // For the benchmark and for tests: when the groups were last applied (ms since navigation start).
    document.documentElement.dataset.resembleApplied = performance.now().toFixed(1);
  }
}

/** Results, asked again when no answer comes (the service worker stopped while grouping them). */
async function send(batch: ResultsBatch, alive: () => boolean): Promise<{ groups?: unknown; disabled?: boolean } | undefined> {
  const refit = (p: unknown) => batches(p as ResultsBatch)[0] ?? p;
  return (await ask('page/results', batch, { alive, backoffMs: RETRY_BACKOFF_MS, refit })) as { groups?: unknown; disabled?: boolean } | undefined;
}

/** One question to the background (entrypoints/results/ask.ts says when it is asked again). */
function ask(type: string, payload: unknown, opts: Parameters<typeof askWith>[3]): Promise<unknown> {
  return askWith((msg) => browser.runtime.sendMessage(msg), type, payload, opts);
}
