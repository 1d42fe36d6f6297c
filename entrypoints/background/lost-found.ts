import { browser } from 'wxt/browser';
import { fetchPage } from '../../lib/fetch/fetch-page';
import { engineName } from '../../lib/engines/names';
import { FetchQueue } from '../../lib/fetch/queue';
import { archivedCopyUsable, availabilityUrl, parseAvailability, rawSnapshotUrl } from '../../lib/lost/archive';
import { rankAlternates, verify } from '../../lib/lost/rank';
import { type SearchTarget, searchQueries, searchTargets, searchUrl } from '../../lib/lost/search';
import { looksLikeErrorPage } from '../../lib/lost/soft404';
import type { Alternate, AlternateSource, LostReport } from '../../lib/messages';
import { deserializeSketch } from '../../lib/serialize';
import type { Settings } from '../../lib/settings';
import type { Sketch } from '../../lib/sketch';
import { type SketchStore, cutSketch, readCompactSketch } from '../../lib/store';
import { decodeBytes } from '../../lib/text/decode';
import { normalizeUrl } from '../../lib/url/normalize';
import { fetchPolicy } from './fetch-policy';
import { hasPageAccess } from './page-check';
import { readSettings } from './settings-item';
import type { SketchService } from './sketch-service';
import { storeFor } from './store-access';
import { sessionSet } from './session-space';
import { ended, localLooks, requestedLooks } from './lost-jobs';

const SOURCES: AlternateSource[] = ['group', 'store', 'search', 'archive'];
/** Candidates verified per source at most (each is a fetch). */
const PER_SOURCE = 8;
const key = (url: string) => `lost:${url}`;
const NO_ACCESS = 'Resemble has no access to other sites, so it cannot fetch candidates to measure them';

export interface Candidate {
  url: string;
  title: string;
  source: AlternateSource;
  archivedAt?: number;
}

const jobs = requestedLooks;
/**
 * This service worker's reports, by URL: the answer to a poll, whatever storage holds (a save that
 * failed must not make a poll start the search again). The last MEMORY_REPORTS are kept.
 */
const reports = new Map<string, LostReport>();
const MEMORY_REPORTS = 50;

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

/**
 * Lost and found for one URL (issue #7): the report so far. The first ask starts the search (kept in
 * storage.session, so a restarted service worker picks it up again on the next ask); `again` starts over.
 */
export async function findCopies(service: SketchService, url: string, again = false): Promise<LostReport> {
  const mine = reports.get(url);
  if (mine && !again && (mine.done || jobs.has(url))) return mine;
  const stored = mine ? undefined : ((await browser.storage.session.get(key(url)))[key(url)] as LostReport | undefined);
  // Asked twice at once: the first ask's job answers both.
  const meanwhile = reports.get(url);
  if (!again && meanwhile && (meanwhile.done || jobs.has(url))) return meanwhile;
  if (stored && !again && stored.done) return stored;
  const report: LostReport = { url, hasSketch: false, alternates: [], sources: SOURCES.map((source) => ({ source, state: 'pending' })), done: false };
  remember(report);
  // Registered before anything is awaited, so that no poll in between starts another.
  // A look at once from local sources at this URL, started before this one, ends first (its candidates
  // are the same). Taken now, not later: a look started after waits for this one, never the reverse.
  const before = localLooks.get(url);
  const job = save(report)
    .then(() => ended(before))
    .then(() => run(service, report))
    .catch(async (e: unknown) => {
      for (const s of report.sources) if (s.state === 'pending' || s.state === 'running') Object.assign(s, { state: 'failed', note: e instanceof Error ? e.message : String(e) });
      report.done = true;
      await save(report);
    });
  jobs.set(url, job);
  void job.finally(() => jobs.get(url) === job && jobs.delete(url));
  return report;
}

/** A fetched page's sketch (cut as the store keeps them) with its title and short text, or why not. */
async function sketchOf(service: SketchService, url: string, settings: Settings, signal?: AbortSignal) {
  const got = await fetchPage(url, await fetchPolicy(signal));
  if (!got.ok) return { ok: false as const, kind: got.kind };
  const { text } = decodeBytes(got.body);
  const options = { shingle: settings.pageShingle, size: settings.sketchSize };
  if (got.contentType === 'text/plain') {
    const [res] = await service.sketch([{ text, format: 'auto' }], options);
    if (!res?.ok) return { ok: false as const, kind: 'unreadable' };
    return { ok: true as const, url: got.url, sketch: cutSketch(deserializeSketch(res.bytes)), title: text.split('\n')[0].slice(0, 200), short: text.length < 2000 ? text : undefined };
  }
  const { result, page } = await service.page(text, got.url, options);
  if (!result.ok) return { ok: false as const, kind: 'unreadable' };
  return { ok: true as const, url: got.url, sketch: cutSketch(deserializeSketch(result.bytes)), title: page.title, short: page.short };
}

async function run(service: SketchService, r: LostReport): Promise<void> {
  const settings = await readSettings();
  const store = await storeFor(false);
  const { rec, lost } = await lastKnown(store, r.url);
  r.hasSketch = lost !== undefined;
  if (rec) {
    r.known = { title: rec.title, firstSeen: rec.firstSeen, lastSeen: rec.lastSeen, phrases: rec.phrases ?? [], ...(rec.fetchedAt ? { fetchedAt: rec.fetchedAt } : {}), ...(rec.status ? { status: rec.status } : {}), ...(lost ? { sketch: { shingles: lost.shingles, values: lost.min.length } } : {}) };
  }
  await save(r);

  // Every candidate is fetched to be measured: without access to sites only the archive (which has
  // its own) can be asked, and the page says how to grant it.
  const access = await hasPageAccess();
  if (!access) r.needsAccess = true;
  else {
    // Checked again first: a slow load or a bot wall is not a death.
    const now = await sketchOf(service, r.url, settings).catch(() => undefined);
    const alive = now?.ok === true && (now.short === undefined || !looksLikeErrorPage(now.title, now.short));
    r.recheck = { at: Date.now(), status: alive ? 'ok' : now?.ok ? 'soft404' : (now?.kind ?? 'network') };
    if (alive) {
      r.alive = true;
      for (const s of r.sources) Object.assign(s, { state: 'skipped', note: 'the address answered when checked again' });
      r.done = true;
      return save(r);
    }
  }

  const title = rec?.title ?? '';
  const seen = new Set([normalizeUrl(r.url) ?? r.url]);
  for (const src of r.sources) {
    if (!access && src.source !== 'archive') {
      Object.assign(src, { state: 'skipped', note: NO_ACCESS });
      continue;
    }
    src.state = 'running';
    await save(r);
    try {
      const found = await candidates(service, src, r, store, settings, lost, title);
      if (typeof found === 'string') {
        Object.assign(src, { state: 'skipped', note: found });
        continue;
      }
      const fresh = found.filter((c) => {
        const k = normalizeUrl(c.url) ?? c.url;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
      src.candidates = fresh.length;
      await verifyAll(service, r, fresh.slice(0, PER_SOURCE), settings, lost, title);
      src.state = 'done';
    } catch (e) {
      Object.assign(src, { state: 'failed', note: e instanceof Error ? e.message : String(e) });
    }
    await save(r);
  }
  r.done = true;
  await save(r);
}

/** What the store last knew of a URL: its record and page sketch (undefined when unreadable or never kept). */
export async function lastKnown(store: SketchStore, url: string) {
  const rec = await store.get(url).catch(() => undefined);
  let lost: Sketch | undefined;
  try {
    lost = rec?.page ? readCompactSketch(rec.page) : undefined;
  } catch {
    lost = undefined;
  }
  return { rec, lost };
}

/** A source's candidates, or why it was skipped. */
export async function candidates(service: SketchService, src: LostReport['sources'][number], r: LostReport, store: SketchStore, settings: Settings, lost: Sketch | undefined, title: string): Promise<Candidate[] | string> {
  const source = src.source;
  switch (source) {
    case 'group': {
      const out: Candidate[] = [];
      for (const s of await store.recentSerps()) {
        const results = s.results as { rank: number; url: string; title: string }[];
        const me = results.find((x) => x.url === r.url);
        if (!me) continue;
        for (const g of s.groups as { representative: number; members: { rank: number }[] }[]) {
          const ranks = [g.representative, ...g.members.map((m) => m.rank)];
          if (!ranks.includes(me.rank)) continue;
          for (const rank of ranks) {
            const other = results.find((x) => x.rank === rank);
            if (other && other.url !== r.url) out.push({ url: other.url, title: other.title, source });
          }
        }
      }
      return out.length ? out : 'it was in no group on a results page Resemble kept';
    }
    case 'store': {
      if (!lost) return 'no sketch of the page was kept';
      const similar = await store.similar(lost, Math.max(0.3, Math.min(settings.resemblanceThreshold, 0.3)), { limit: PER_SOURCE, exclude: r.url });
      return similar.map((m) => ({ url: m.url, title: m.title, source }));
    }
    case 'search': {
      const queries = searchQueries({ title, phrases: r.known?.phrases });
      if (!queries.length) return 'nothing known of the page to search for';
      const targets = searchTargets(await store.recentSerps(), r.url);
      const out: Candidate[] = [];
      const answered = new Set<string>();
      for (const q of queries) {
        for (const t of [...targets]) {
          const got = await searchOnce(service, t, q);
          if (got === undefined) {
            // Unreachable or unreadable (a consent wall, a script-only page): not asked again.
            targets.splice(targets.indexOf(t), 1);
            continue;
          }
          answered.add(engineName(t.engine));
          if (!got.length) continue; // nothing for this query here: the next engine may know it
          out.push(...got.map((x) => ({ url: x.url, title: x.title, source })));
          break;
        }
      }
      src.note = answered.size ? `asked ${[...answered].join(', then ')}` : 'no search engine could be read';
      return out;
    }
    case 'archive': {
      if (!settings.archiveLookups) return 'archive lookups are off (options)';
      // The snapshot nearest to when the page was last seen alive, not the newest (likely its archived 404).
      const res = await fetch(availabilityUrl(r.url, r.known?.lastSeen), { credentials: 'omit', referrerPolicy: 'no-referrer', signal: AbortSignal.timeout(10_000) });
      const snap = res.ok ? parseAvailability(await res.json()) : undefined;
      if (!snap) return 'the Internet Archive has no copy';
      return [{ url: rawSnapshotUrl(snap.url), title: `Archived copy of ${r.url}`, source, archivedAt: snap.timestamp }];
    }
  }
}

/** The first results of one search, or undefined when the engine could not be asked or read. */
async function searchOnce(service: SketchService, t: SearchTarget, query: string) {
  const u = searchUrl(t.engine, query, { searxngHost: t.searxngHost });
  const got = await fetchPage(u, await fetchPolicy()).catch(() => undefined);
  if (!got?.ok) return undefined;
  const serp = await service.serp(decodeBytes(got.body).text, got.url).catch(() => undefined);
  if (!serp || serp.engine === '') return undefined;
  return serp.results.slice(0, 5);
}

/** Fetches and measures each candidate; only those that pass are alternates (never one without its measure). */
export async function verifyAll(service: SketchService, r: LostReport, cands: Candidate[], settings: Settings, lost: Sketch | undefined, title: string, atOnce?: number): Promise<void> {
  const q = new FetchQueue<void, Candidate & { rank: number }>(async (c, signal) => {
    const got = await sketchOf(service, c.url, settings, signal);
    if (!got.ok) return;
    // A copy that reads as an error page (an archived 404, say) is no copy.
    if (got.short !== undefined && !archivedCopyUsable({ title: got.title, text: got.short })) return;
    const v = verify({ sketch: lost, title }, { url: c.url, title: got.title || c.title, sketch: got.sketch }, { threshold: settings.resemblanceThreshold, containment: settings.containmentThreshold });
    if (!v.accepted) return;
    const alt: Alternate = {
      url: c.url,
      title: got.title || c.title,
      source: c.source,
      resemblance: v.resemblance,
      containment: v.containment,
      checkedAt: Date.now(),
      basis: v.basis,
      ...(c.archivedAt ? { archivedAt: c.archivedAt } : {}),
    };
    r.alternates = rankAlternates([...r.alternates, alt]);
    await save(r);
  }, atOnce ? { perTab: atOnce } : {});
  q.add(cands.map((c, i) => ({ ...c, rank: i + 1 })));
  await q.idle();
}
