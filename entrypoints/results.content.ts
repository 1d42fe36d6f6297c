import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { extract } from '../lib/engines/extract';
import { ENGINES } from '../lib/engines/table';
import { migrateSettings } from '../lib/settings';
import { ResultsWatcher } from './results/watcher';

/**
 * Reads the organic results of a results page once they are there, and again when the page adds
 * more (infinite scroll, "more results", continuous loading), sending only what it has not sent.
 * It never fetches, stores or groups: the background does.
 */
export default defineContentScript({
  matches: ENGINES.flatMap((e) => e.matches),
  runAt: 'document_idle',
  async main(ctx) {
    // Results get data-resemble-* attributes anyway (issue #5); this one says the script is running.
    document.documentElement.dataset.resembleReady = 'true';
    const { settings } = await browser.storage.sync.get('settings');
    const s = migrateSettings(settings);
    const first = extract(document, location.href, { searxngHosts: s.searxngHosts });
    if (!first) return;
    if (!s.engines[first.engine]) {
      await send({ engine: first.engine, url: location.href, query: first.query, results: [], disabled: true });
      return;
    }
    const watcher = new ResultsWatcher(() => extract(document, location.href, { searxngHosts: s.searxngHosts }), send);
    watcher.start();
    ctx.onInvalidated(() => watcher.stop());
  },
});

type ResultsPayload = {
  engine: string;
  url: string;
  query: string;
  results: { rank: number; url: string; title: string; snippet: string; displayUrl: string; unresolved?: true }[];
  append?: boolean;
  disabled?: boolean;
};

async function send(payload: ResultsPayload): Promise<void> {
  try {
    await browser.runtime.sendMessage({ type: 'page/results', payload });
  } catch {
    // The extension was reloaded or updated under this page: nothing to do until the next load.
  }
}
