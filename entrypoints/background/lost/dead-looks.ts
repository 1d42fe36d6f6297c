import { browser } from 'wxt/browser';
import type { Alternate } from '../../../lib/lost/report';
import { type DeadResult, MAX_PAGE_ALTERNATES } from '../../../lib/tab/page-groups';
import type { TabView } from '../../../lib/tab/view';

/**
 * Looks for live copies of dead results and dead pages (issue #15), by dead URL: what each found, and
 * which are under way for whom. A service: the tab's owner (background/tab) says what to look with and
 * hears what was found through callbacks; nothing here knows a tab's state.
 */

/** Who a look is for: the tab's page it was made for (a dead result of it, or the tab's own dead `page`). */
export interface LookFor {
  tabId: number;
  pageUrl: string;
  incognito: boolean;
  page?: boolean;
}

/** A look made at once for a dead URL, and for whom while it is under way. */
interface Look {
  alts: Alternate[];
  final: boolean;
  /** Under way for this tab's page (its dead result, or the tab's own dead page): resumed after a restart. */
  for?: LookFor;
}

/**
 * Verified local alternates by dead URL (issue #15), so a regroup does not fetch the candidates again.
 * A look that found nothing while the tab's pages were still being checked is made once more when they
 * all are (the group's mirror may have been checked, and stored, after the dead page): at most two
 * looks a dead URL. Kept in storage.session too: a service worker stopped while looking resumes the
 * looks under way (`resumeLooks`), and one that found nothing is not made again after every restart.
 */
const found = new Map<string, Look>();
const MEMORY = 500;
const LOOKS_KEY = 'deadLooks';
/**
 * A private window's looks are kept apart (issue #28): a regular tab is never served what a private one
 * found, and they all go when the last private window closes (`forgetPrivateLooks`).
 */
const PRIVATE = 'private ';
const keyOf = (url: string, incognito: boolean) => (incognito ? PRIVATE + url : url);
const urlOf = (key: string) => (key.startsWith(PRIVATE) ? key.slice(PRIVATE.length) : key);

let saving = Promise.resolve();
/** Writes the looks, one write after another (a full storage.session loses nothing shown: memory holds them). */
function persist(): void {
  saving = saving.then(() => browser.storage.session.set({ [LOOKS_KEY]: Object.fromEntries(found) })).catch(() => undefined);
}

let loaded: Promise<void> | undefined;
/** The looks a stopped service worker recorded, in memory before any regroup reads them. */
export function looksLoaded(): Promise<void> {
  loaded ??= browser.storage.session
    .get(LOOKS_KEY)
    .then((got) => {
      const kept = (got[LOOKS_KEY] ?? {}) as Record<string, Look>;
      for (const [url, look] of Object.entries(kept)) if (!found.has(url) && Array.isArray(look?.alts)) found.set(url, look);
    })
    .catch(() => undefined);
  return loaded;
}

/** The looks a stopped service worker left under way. */
export async function looksUnderWay(): Promise<{ url: string; final: boolean; at: NonNullable<Look['for']> }[]> {
  await looksLoaded();
  return [...found].flatMap(([key, l]) => (l.for ? [{ url: urlOf(key), final: l.final, at: l.for }] : []));
}

/** A look starts (for a tab's page) or ends (with what it found); a private window's apart. */
export function record(url: string, look: Look, incognito = look.for?.incognito === true): void {
  const key = keyOf(url, incognito);
  found.delete(key);
  // What the page shows: a few, best first, titles clipped to what a message may carry.
  found.set(key, { ...look, alts: look.alts.slice(0, MAX_PAGE_ALTERNATES).map((a) => ({ ...a, title: a.title.slice(0, 300) })) });
  for (const [u] of found) {
    if (found.size <= MEMORY) break;
    found.delete(u);
  }
  persist();
}

/** The last private window closed: what its looks found goes, from memory and storage.session. */
export async function forgetPrivateLooks(): Promise<void> {
  await looksLoaded(); // what a stopped worker kept is read first, or persisting would drop the regular looks too
  for (const key of [...found.keys()]) if (key.startsWith(PRIVATE)) found.delete(key);
  persist();
  return saving;
}

/** What a tab's page asks of its dead results (regroup): its window, whether its pages are all checked, and how a look is started. */
export interface DeadAsk {
  incognito: boolean;
  /** The tab's pages are all checked: what the store knows now is all it will know for this page. */
  final?: boolean;
  /** Starts a look for a dead result not looked for yet (or looked for in vain before every page was checked). */
  start?(url: string, pageUrl: string, shown: { title: string; snippet: string }): void;
}

/** The dead results with the alternates known for them; those not looked for yet are started (`ask.start`). */
export function withAlternates(dead: DeadResult[], all: TabView, ask: DeadAsk): DeadResult[] {
  return dead.map((d) => {
    const result = all.results.find((r) => r.rank === d.rank);
    const url = result?.url;
    if (!url) return d;
    const known = found.get(keyOf(url, ask.incognito));
    const again = known && !known.alts.length && !known.final && ask.final;
    if (ask.start && (!known || again)) ask.start(url, all.url, { title: result.title, snippet: result.snippet });
    const alts = known?.alts;
    return alts?.length ? { ...d, alternates: alts } : d;
  });
}

/**
 * One look for `url`'s live copies, for `at`: recorded as under way (a regroup meanwhile does not start
 * another, and a restarted worker resumes it), `find` run, what it found recorded and, when it found
 * any, handed to `found`. `final`: made once every page of the tab was checked.
 */
export async function look(
  url: string,
  at: LookFor,
  final: boolean,
  find: () => Promise<Alternate[]>,
  onFound: (alts: Alternate[]) => Promise<void>,
): Promise<void> {
  record(url, { alts: [], final, for: at });
  const alts = await find().catch(() => []);
  record(url, { alts, final }, at.incognito);
  if (alts.length) await onFound(alts);
}
