import { ENGINE_IDS, type EngineId } from '../settings';

/**
 * Readable names of the built-in engines, in ENGINE_IDS order: the engine table's names (a test holds
 * them equal), kept apart so that pages showing a name need not load every engine's selectors.
 */
export const ENGINE_NAMES: Record<EngineId, string> = {
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  brave: 'Brave Search',
  startpage: 'Startpage',
  yahoo: 'Yahoo',
  ecosia: 'Ecosia',
  mojeek: 'Mojeek',
  kagi: 'Kagi',
  yandex: 'Yandex',
  baidu: 'Baidu',
  qwant: 'Qwant',
  searxng: 'SearXNG',
};

/** An engine's readable name; an id Resemble does not know is shown as it is. */
export function engineName(id: string | undefined): string {
  if (!id) return 'search engine';
  return (ENGINE_IDS as readonly string[]).includes(id) ? ENGINE_NAMES[id as EngineId] : id;
}
