import { browser } from 'wxt/browser';
import { noteCopies } from '../copycat/copycat-evidence';
import { copiesPlace } from '../../../lib/copycat/places';
import { BOUNDS, type CopyPair, findPageCopies } from '../../../lib/copies/find';
import { type CopiesReport, copiesReportCheck, newCopiesReport } from '../../../lib/copies/report';
import { check } from '../../../lib/validate';
import { Refusal } from '../../../lib/messages';
import { lostDeps } from './lost-deps';
import { sessionSet } from '../session/session-space';
import { newestIndex } from '../../../lib/store/newest-index';
import type { SketchService } from '../worker/sketch-service';

/**
 * "Find copies of this page" (issue #19), the browser's part: a run per request, its report kept in
 * storage.session (a restarted service worker finds it, and starts a run it cut off over on the next
 * poll), shown in copies.html?run=<id>. The page's address is read from its tab here, never taken from
 * a message. The logic is lib/copies/find.ts.
 */

/** What a run needs besides its report to start over: the tab it was asked on, and whether it is private. */
interface RunMeta {
  tabId: number;
  incognito: boolean;
}
interface Stored {
  report: CopiesReport;
  meta: RunMeta;
}

const key = (id: string) => `copies:${id}`;
/** This worker's runs: reports (the answer to a poll whatever storage holds) and how to cancel them. */
const runs = new Map<string, Stored>();
const controllers = new Map<string, AbortController>();
const MEMORY_RUNS = 20;
/** Runs kept in storage.session (small, and shared with every tab's state): the newest, by an index of ids. */
const STORED_RUNS = 20;
const INDEX = 'copies:index';
/** Times a run cut off by a stopped background is started over at most. */
const MAX_RESTARTS = 3;

async function save(r: CopiesReport): Promise<void> {
  const run = runs.get(r.id);
  if (run?.report !== r) return; // started over: this one is no longer shown
  try {
    const { saveError: _, ...clean } = r;
    await sessionSet({ [key(r.id)]: { report: clean, meta: run.meta } });
    delete r.saveError;
  } catch (e) {
    r.saveError = e instanceof Error ? e.message : String(e);
  }
}

function remember(id: string, run: Stored): void {
  runs.delete(id);
  runs.set(id, run);
  for (const [old] of runs) {
    if (runs.size <= MEMORY_RUNS) break;
    if (!controllers.has(old)) runs.delete(old);
  }
}

/** The tab's address, when Resemble may see it (with access to sites); http(s) only. */
async function tabPage(tabId: number): Promise<{ url?: string; incognito: boolean }> {
  const tab = await browser.tabs.get(tabId);
  return { url: tab.url || undefined, incognito: tab.incognito === true };
}

/** Starts `report`'s run (registered before anything is awaited, so no poll in between starts another). */
function launch(service: SketchService, report: CopiesReport, meta: RunMeta): void {
  remember(report.id, { report, meta });
  const ctl = new AbortController();
  controllers.set(report.id, ctl);
  void (async () => {
    // Without access the tab's address is hidden: read it once access is there (a run started again).
    if (!report.url) report.url = (await tabPage(meta.tabId).catch(() => undefined))?.url;
    const d = await lostDeps(service, meta.incognito, async () => undefined);
    await findPageCopies(
      {
        ...d,
        save,
        incognito: meta.incognito,
        onCopies: (p: CopyPair[]) => void noteCopies(p, { incognito: meta.incognito, from: copiesPlace(report.url ?? report.id) }).catch(() => undefined),
      },
      report,
      ctl.signal,
    );
  })()
    .catch(async (e: unknown) => {
      Object.assign(report, { state: 'failed', done: true, error: e instanceof Error ? e.message : String(e) });
      await save(report);
    })
    .finally(() => controllers.get(report.id) === ctl && controllers.delete(report.id));
}

const COPIES_PAGE = '/copies.html';

/** Adds a run to the index; the oldest stored runs past STORED_RUNS (none still running here) are dropped. */
const indexRun = newestIndex(browser.storage.session, INDEX, key, STORED_RUNS, (id) => controllers.has(id));

/**
 * Finds copies of the page `tabId` shows, in a page of their own: a run already going for the same
 * address is shown rather than started twice. Refuses a tab that is not a web page.
 */
export async function startPageCopies(service: SketchService, tabId: number): Promise<{ id: string }> {
  const { url, incognito } = await tabPage(tabId);
  if (url !== undefined && !/^https?:\/\//i.test(url)) throw new Refusal('not-web-page', 'only web pages (http or https addresses) can be searched for copies');
  let id = url ? [...runs.values()].find((r) => r.report.url === url && !r.report.done && controllers.has(r.report.id))?.report.id : undefined;
  if (!id) {
    id = crypto.randomUUID();
    launch(service, { ...newCopiesReport(id, BOUNDS), ...(url && { url }) }, { tabId, incognito });
    await save(runs.get(id)!.report);
    await indexRun(id).catch(() => undefined);
  }
  await browser.tabs.create({ url: `${browser.runtime.getURL(COPIES_PAGE)}?run=${encodeURIComponent(id)}` });
  return { id };
}

async function stored(id: string): Promise<Stored | undefined> {
  const got = (await browser.storage.session.get(key(id)))[key(id)] as { report?: unknown; meta?: RunMeta } | undefined;
  const r = check(copiesReportCheck, got?.report);
  if (!r.ok || r.value.id !== id || typeof got?.meta?.tabId !== 'number') return undefined;
  return { report: r.value, meta: { tabId: got.meta.tabId, incognito: got.meta.incognito === true } };
}

/**
 * A run's report. A run a stopped service worker cut off (stored, not done, not running here) starts
 * over; `again` starts an ended one over (after access was granted, say).
 */
export async function pageCopies(service: SketchService, id: string, again = false): Promise<CopiesReport> {
  const run = runs.get(id) ?? (await stored(id));
  if (!run) throw new Refusal('no-such-run', 'no such search for copies (it ended with the browser session)');
  // Asked twice at once: the first ask's run answers both.
  const mine = runs.get(id);
  if (mine && controllers.has(id)) return mine.report;
  if (!again && run.report.done) return (mine ?? (remember(id, run), run)).report;
  const restarts = run.report.done ? 0 : (run.report.restarts ?? 0) + 1;
  if (restarts > MAX_RESTARTS) {
    // Stopped mid-run again and again (the run itself may be what stops it): not started once more.
    Object.assign(run.report, {
      state: 'failed',
      done: true,
      error: `the browser stopped Resemble's background ${MAX_RESTARTS + 1} times during this search`,
      failure: { code: 'restarts', detail: String(MAX_RESTARTS + 1) },
    });
    remember(id, run);
    await save(run.report);
    return run.report;
  }
  const fresh: CopiesReport = { ...newCopiesReport(id, BOUNDS), ...(run.report.url && { url: run.report.url }), ...(restarts && { restarts }) };
  launch(service, fresh, run.meta);
  await save(fresh);
  return fresh;
}

/** Stops a run: its searches and fetches are aborted; what it found stays listed. */
export async function cancelPageCopies(id: string): Promise<CopiesReport> {
  const run = runs.get(id) ?? (await stored(id));
  if (!run) throw new Refusal('no-such-run', 'no such search for copies');
  controllers.get(id)?.abort();
  controllers.delete(id);
  if (!run.report.done) Object.assign(run.report, { state: 'cancelled', done: true });
  remember(id, run);
  await save(run.report);
  return run.report;
}

/**
 * The last private window closed (private-windows.ts): its runs stop and go, from memory and from
 * storage.session (their reports hold the private page's address and its copies'; issue #28).
 */
export async function forgetPrivateCopies(): Promise<void> {
  for (const [id, run] of runs) {
    if (!run.meta.incognito) continue;
    controllers.get(id)?.abort();
    controllers.delete(id);
    runs.delete(id);
  }
  const all = await browser.storage.session.get(null);
  const gone = Object.entries(all)
    .filter(([k, v]) => k.startsWith('copies:') && k !== INDEX && (v as { meta?: RunMeta } | undefined)?.meta?.incognito === true)
    .map(([k]) => k);
  if (gone.length) await browser.storage.session.remove(gone);
}
