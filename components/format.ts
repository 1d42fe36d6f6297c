import { ENGINE_IDS, type EngineId } from '../lib/settings';

/** Readable names of the built-in engines, in ENGINE_IDS order. */
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

export function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** Kilobytes: one decimal below 10 KB, whole (with thousands separators) above. */
export function formatKB(bytes: number): string {
  const kb = Math.max(0, bytes) / 1024;
  if (kb === 0) return '0 KB';
  return `${kb < 10 ? kb.toFixed(1) : Math.round(kb).toLocaleString('en')} KB`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
