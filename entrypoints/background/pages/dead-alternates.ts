import { browser } from 'wxt/browser';
import type { Alternate } from '../../../lib/lost/report';
import { type DeadResult, MAX_PAGE_ALTERNATES, pageGroups } from '../../../lib/tab/page-groups';
import { tellTab } from '../messages/tell-tab';
import { LOCAL_CANDIDATES, findLocalCopies } from '../lost/lost-local';
import { takeFetches } from './page-check';
import { readSettings } from '../../../shared/settings';
import type { SketchService } from '../worker/sketch-service';
import type { TabView } from '../../../lib/tab/view';
import { inOrder, tabResults } from '../tab/tab-session';
import { getTabState, setTabState } from '../tab/tab-state';

/** Who looks for a tab's dead results' copies: the sketch service, and the tab (its store, whom to tell). */
export interface Looker {
  service: SketchService;
  tabId: number;
  incognito: boolean;
  /** The tab's pages are all checked: what the store knows now is all it will know for this page. */
  final?: boolean;
}

/** A look made at once for a dead URL, and for whom while it is under way. */
interface Look {
  alts: Alternate[];
  final: boolean;
  /** Under way for this tab's page (its dead result, or the tab's own dead page): resumed after a restart. */
  for?: { tabId: number; pageUrl: string; incognito: boolean; page?: boolean };
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

/**
 * The tab's dead results with the alternates known for them; those not looked for yet are looked for
 * now, in the local sources only, and the tab is told when copies turn up.
 */
export function withAlternates(dead: DeadResult[], all: TabView, looker?: Looker, incognito = looker?.incognito === true): DeadResult[] {
  return dead.map((d) => {
    const result = all.results.find((r) => r.rank === d.rank);
    const url = result?.url;
    if (!url) return d;
    const known = found.get(keyOf(url, incognito));
    const again = known && !known.alts.length && !known.final && looker?.final;
    if (looker && (!known || again)) {
      void look(looker, url, all.url, { title: result.title, snippet: result.snippet });
    }
    const alts = known?.alts;
    return alts?.length ? { ...d, alternates: alts } : d;
  });
}

/** `shown`: the dead result's title and snippet on the page (else read from the tab's results): the evidence for a page never seen alive. */
export async function look(looker: Looker, url: string, pageUrl: string, shown?: { title: string; snippet: string }): Promise<void> {
  // Looking: a regroup meanwhile does not start another, and a restarted worker resumes it.
  const final = looker.final === true;
  record(url, { alts: [], final, for: { tabId: looker.tabId, pageUrl, incognito: looker.incognito } });
  // Looks at once for one URL share one job (findLocalCopies). A second tab listing it gets the copies
  // on its next regroup.
  shown ??= await tabResults(looker.tabId)
    .then((all) => all?.results.find((r) => r.url === url))
    .then((r) => (r ? { title: r.title, snippet: r.snippet } : undefined))
    .catch(() => undefined);
  // A results page chooses its dead results: their looks are charged to the tab's fetch budget (issue #28).
  const allowed = takeFetches(looker.tabId, LOCAL_CANDIDATES);
  const alts = await findLocalCopies(looker.service, url, looker.incognito, shown, allowed).catch(() => []);
  record(url, { alts, final }, looker.incognito);
  if (alts.length) await tell(looker.tabId, pageUrl, looker.incognito);
}

/** The tab's recorded state and page get the alternates now known (the groups are not made again). */
function tell(tabId: number, pageUrl: string, incognito: boolean): Promise<void> {
  return inOrder(tabId, async () => {
    const [all, state, settings] = await Promise.all([tabResults(tabId), getTabState(tabId), readSettings()]);
    if (!all || all.url !== pageUrl || state.url !== pageUrl || !state.dead?.length) return;
    const dead = withAlternates(state.dead, all, undefined, incognito);
    await setTabState({ ...state, dead });
    await tellTab(tabId, 'page/update', pageGroups(settings, state.groups ?? [], { checking: state.checking, dead }));
  });
}
