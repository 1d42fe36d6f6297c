import { browser } from 'wxt/browser';
import { findCopiesOf, newReport } from '../../../lib/lost/find';
import type { LostReport } from '../../../lib/lost/report';
import type { SketchService } from '../worker/sketch-service';
import { sessionSet } from '../session/session-space';
import { newestIndex } from '../../../lib/store/newest-index';
import { ended, localLooks, requestedLooks } from './lost-jobs';
import { lostDeps } from './lost-deps';
import { noteLostCopies } from '../copycat/copycat-evidence';
import { PRIVATE_LOST_PREFIX, privateLostRuns } from '../../../shared/private-lost';

const key = (url: string) => `lost:${url}`;
/** Reports kept in storage.session (small, and shared with every tab's state): the newest, by an index of URLs. */
const STORED_REPORTS = 30;

const jobs = requestedLooks;
/**
 * This service worker's reports, by URL: the answer to a poll, whatever storage holds (a save that
 * failed must not make a poll start the search again). The last MEMORY_REPORTS are kept.
 */
const reports = new Map<string, LostReport>();
const MEMORY_REPORTS = 50;
// 'lost:index' is no report's key: reports are keyed by http(s) URLs.
const indexReport = newestIndex(browser.storage.session, 'lost:index', key, STORED_REPORTS, (url) => jobs.has(url));

/** Writes the report (a restarted service worker reads it); a failure is recorded in it, shown, and not fatal. */
async function save(r: LostReport): Promise<void> {
  if (reports.get(r.url) !== r) return; // a search started over: this one's report is no longer shown
  try {
    const { saveError: _, ...clean } = r;
    await sessionSet({ [key(r.url)]: clean });
    delete r.saveError;
  } catch (e) {
    r.saveError = e instanceof Error ? e.message : String(e);
  }
}

function remember(r: LostReport): void {
  reports.delete(r.url);
  reports.set(r.url, r);
  for (const [url] of reports) {
    if (reports.size <= MEMORY_REPORTS) break;
    if (!jobs.has(url)) reports.delete(url);
  }
}

/** Whether lost and found for `url` was asked for from a private window (a run of shared/private-lost.ts). */
async function askedPrivately(url: string): Promise<boolean> {
  for (const u of (await privateLostRuns().catch(() => new Map<string, string>())).values()) if (u === url) return true;
  return false;
}

/**
 * The last private window closed (private-windows.ts): its runs and their reports go, from storage.session
 * and from memory (a search still running finishes into a report nobody can ask for).
 */
export async function forgetPrivateLost(): Promise<string[]> {
  const runs = await privateLostRuns();
  const urls = [...new Set(runs.values())];
  for (const url of urls) reports.delete(url);
  await browser.storage.session.remove([...[...runs.keys()].map((id) => PRIVATE_LOST_PREFIX + id), ...urls.map(key)]);
  return urls;
}

/**
 * Lost and found for one URL (issue #7): the report so far. The first ask starts the search (kept in
 * storage.session, so a restarted service worker picks it up again on the next ask); `again` starts over.
 * Asked from a private window (`incognito`, the sender's, or a private run for the URL: Chrome shows that
 * run's page in a regular window), the search uses the private windows' memory store, its fetches skip
 * the HTTP cache, and nothing of it is kept beyond storage.session (no copycat evidence, no index).
 */
export async function findCopies(service: SketchService, url: string, again = false, incognito = false): Promise<LostReport> {
  const mine = reports.get(url);
  if (mine && !again && (mine.done || jobs.has(url))) return mine;
  const [stored, privately] = await Promise.all([
    mine ? undefined : browser.storage.session.get(key(url)).then((got) => got[key(url)] as LostReport | undefined),
    incognito || askedPrivately(url),
  ]);
  // Asked twice at once: the first ask's job answers both.
  const meanwhile = reports.get(url);
  if (!again && meanwhile && (meanwhile.done || jobs.has(url))) return meanwhile;
  if (stored && !again && stored.done) return stored;
  const report = newReport(url);
  remember(report);
  // Registered before anything is awaited, so that no poll in between starts another.
  // A look at once from local sources at this URL, started before this one, ends first (its candidates
  // are the same). Taken now, not later: a look started after waits for this one, never the reverse.
  const before = localLooks.get(url);
  const job = save(report)
    .then(() => ended(before))
    .then(() => lostDeps(service, privately, save))
    .then((deps) => findCopiesOf(deps, report))
    // Its verified copies are evidence of copycat sites too (issue #19), never a private window's; a
    // failure there is not lost and found's.
    .then(() => void (privately ? 0 : noteLostCopies(report).catch(() => 0)))
    .catch(async (e: unknown) => {
      for (const s of report.sources)
        if (s.state === 'pending' || s.state === 'running') Object.assign(s, { state: 'failed', note: e instanceof Error ? e.message : String(e) });
      report.done = true;
      await save(report);
    });
  jobs.set(url, job);
  void job.finally(() => jobs.get(url) === job && jobs.delete(url));
  // A failure only leaves an older report stored a while longer: storage.session ends with the browser session.
  // A private run's report is dropped with the last private window instead (forgetPrivateLost).
  if (!privately) void indexReport(url).catch(() => undefined);
  return report;
}
