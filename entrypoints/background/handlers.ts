import type { Handlers, Payload, SenderContext } from '../../lib/messages';
import { checkSettingsPatch } from '../../lib/settings';
import type { SketchService } from './sketch-service';
import { applyLimits, storeFor } from './store-access';
import { readSettings, writeSettings } from './settings-item';
import { getTabState, setTabState } from './tab-state';

/** A result's title and snippet: what the snippet-level sketch is made of. */
const snippetText = (r: { title: string; snippet: string }) => `${r.title}\n${r.snippet}`;

async function pageResults(service: SketchService, p: Payload<'page/results'>, ctx: SenderContext) {
  const tabId = ctx.tabId!;
  await setTabState({ tabId, url: p.url, engine: p.engine, query: p.query, results: p.results.length, status: 'working' });
  const settings = await readSettings();
  const store = await storeFor(ctx.incognito);
  const known = await store.getMany(p.results.map((r) => r.url));
  const todo = p.results.filter((r) => !known.get(r.url)?.snippet);
  const sketched = todo.length
    ? await service.sketch(
        todo.map((r) => ({ text: snippetText(r), format: 'text' as const })),
        { shingle: settings.snippetShingle, size: settings.sketchSize },
      )
    : [];
  const now = Date.now();
  let stored = 0;
  for (const [i, r] of todo.entries()) {
    const res = sketched[i];
    if (!res?.ok) continue;
    await store.put({ url: r.url, title: r.title, snippet: res.bytes, firstSeen: now, lastSeen: now });
    stored++;
  }
  await setTabState({ tabId, url: p.url, engine: p.engine, query: p.query, results: p.results.length, status: p.results.length ? 'done' : 'unreadable' });
  return { accepted: p.results.length, sketched: stored };
}

export function createHandlers(service: SketchService): Handlers {
  return {
    'page/results': (p, ctx) => pageResults(service, p, ctx),
    'settings/get': () => readSettings(),
    'settings/set': async (patch) => {
      const checked = checkSettingsPatch(patch);
      if (!checked.ok) throw new Error(checked.errors.join('; '));
      const next = await writeSettings(checked.value);
      await applyLimits();
      return next;
    },
    'cache/usage': async (_, ctx) => (await storeFor(ctx.incognito)).usage(),
    'cache/clear': async (_, ctx) => ({ cleared: await (await storeFor(ctx.incognito)).clear() }),
    'tab/state': ({ tabId }) => getTabState(tabId),
  };
}
