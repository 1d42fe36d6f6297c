/**
 * The engine table: one line per engine, its head (what the pages that name an engine need of it),
 * in the order the options list them. The engine ids, the settings' keys and the names shown are all
 * read from here; each engine's spec (./specs/<id>.ts: hosts, selectors) begins with its head
 * (`...headOf(id)`), and ./table.ts lists the specs.
 *
 * Why the heads are not in the spec files: the popup names engines and must not load every engine's
 * selectors (about 18 KB, which only the content script, the background, the Worker and the options'
 * preview read). The bundler drops unused code across all the pages at once and shares a module
 * between the pages that import it: heads exported from the spec files took every spec into the popup
 * (an 18 KB shared chunk, measured). This module imports nothing.
 */

export interface EngineHead {
  /** The settings' key (stored: never rename one). */
  readonly id: string;
  /** As the popup and the options show it. */
  readonly name: string;
  /** A results page's address but for the query, which is appended URI-encoded: where lost and found
   * searches for a dead page (lib/lost/search.ts). A page the spec reads (a test holds it). None for
   * SearXNG, whose instances are the user's. */
  readonly searchUrl?: string;
}

export const ENGINE_HEADS = [
  { id: 'google', name: 'Google', searchUrl: 'https://www.google.com/search?q=' },
  { id: 'bing', name: 'Bing', searchUrl: 'https://www.bing.com/search?q=' },
  // The html endpoint answers a GET without scripts; its results are read by the 'html' variant.
  { id: 'duckduckgo', name: 'DuckDuckGo', searchUrl: 'https://html.duckduckgo.com/html/?q=' },
  { id: 'brave', name: 'Brave Search', searchUrl: 'https://search.brave.com/search?q=' },
  { id: 'startpage', name: 'Startpage', searchUrl: 'https://www.startpage.com/do/search?q=' },
  { id: 'yahoo', name: 'Yahoo', searchUrl: 'https://search.yahoo.com/search?p=' },
  { id: 'ecosia', name: 'Ecosia', searchUrl: 'https://www.ecosia.org/search?q=' },
  { id: 'mojeek', name: 'Mojeek', searchUrl: 'https://www.mojeek.com/search?q=' },
  { id: 'kagi', name: 'Kagi', searchUrl: 'https://kagi.com/search?q=' },
  { id: 'yandex', name: 'Yandex', searchUrl: 'https://yandex.com/search/?text=' },
  { id: 'baidu', name: 'Baidu', searchUrl: 'https://www.baidu.com/s?wd=' },
  { id: 'qwant', name: 'Qwant', searchUrl: 'https://www.qwant.com/?q=' },
  { id: 'searxng', name: 'SearXNG' },
] as const satisfies readonly EngineHead[];

export type EngineId = (typeof ENGINE_HEADS)[number]['id'];

/** Engines with built-in support: the settings' keys (each engine on or off), in the options' order. */
export const ENGINE_IDS: readonly EngineId[] = ENGINE_HEADS.map((h) => h.id);

/** An engine's head; its spec begins with it. */
export function headOf(id: EngineId): EngineHead & { id: EngineId } {
  return ENGINE_HEADS.find((h) => h.id === id)!;
}
