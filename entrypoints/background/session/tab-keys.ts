/**
 * Every storage.session key that belongs to one tab, `<kind>:<tabId>`: written by the tab's record
 * (tab/tab.ts) and its check (tab/check-pages.ts), dropped together when the tab goes (forgetTab) and evicted by kind
 * when storage is full (session-space.ts). A new per-tab record gets its kind here, or it is never
 * cleaned up.
 */
const KINDS = {
  /** The tab's state, as the popup shows it (tab/tab.ts). */
  state: 'tab',
  /** Why the last batch the page sent was refused, apart so that later states do not erase it. */
  refused: 'refused',
  /** The results the page has shown so far (tab/tab.ts). */
  results: 'results',
  /** The snippet grouping, with its strong pairs: pages checked later refine it. */
  snippets: 'groups',
  /** Present while the tab's pages are being checked: a restarted service worker resumes from it. */
  check: 'check',
} as const;

export type TabKeyKind = keyof typeof KINDS;

export const tabKey = (kind: TabKeyKind, tabId: number): string => `${KINDS[kind]}:${tabId}`;

/** All of a tab's keys. */
export const tabKeys = (tabId: number): string[] => (Object.keys(KINDS) as TabKeyKind[]).map((k) => tabKey(k, tabId));

/** What an open tab can do without when storage is full (its page keeps its groups; the popup keeps its tab state). */
export const BULKY: ReadonlySet<TabKeyKind> = new Set(['results', 'snippets', 'check']);

const byPrefix = new Map<string, TabKeyKind>(Object.entries(KINDS).map(([kind, prefix]) => [prefix, kind as TabKeyKind]));

/** The tab and kind of a per-tab key; undefined for any other key. */
export function parseTabKey(key: string): { kind: TabKeyKind; tabId: number } | undefined {
  const m = /^([a-z]+):(\d+)$/.exec(key);
  const kind = m && byPrefix.get(m[1]);
  return kind ? { kind, tabId: Number(m[2]) } : undefined;
}
