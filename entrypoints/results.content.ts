import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { extract } from '../lib/engines/extract';
import { ENGINES } from '../lib/engines/table';
import { checkPageGroups } from '../lib/messages';
import { type Settings, migrateSettings } from '../lib/settings';
import { CheckingIndicator } from './results/checking-indicator';
import { GroupsOnPage } from './results/groups-on-page';
import { ResultBlocks } from './results/marks';
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
  async main(ctx) {
    const reading = readSettings();
    if (document.readyState === 'loading') await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
    // Results get data-resemble-* attributes; this one says the script is running.
    document.documentElement.dataset.resembleReady = 'true';
    const blocks = new ResultBlocks();
    const page = new GroupsOnPage(ctx, blocks, (rank) => void ask('lost/open', { rank }));
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
        const reply = await send(batch);
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
      await show(page, await ask('page/groups', {}), indicator);
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

async function send(batch: ResultsBatch): Promise<{ groups?: unknown; disabled?: boolean } | undefined> {
  return (await ask('page/results', batch)) as { groups?: unknown; disabled?: boolean } | undefined;
}

async function ask(type: string, payload: unknown): Promise<unknown> {
  try {
    const r = (await browser.runtime.sendMessage({ type, payload })) as { ok?: boolean; value?: unknown } | undefined;
    return r?.ok ? r.value : undefined;
  } catch {
    // The extension was reloaded or updated under this page: nothing to do until the next load.
    return undefined;
  }
}
