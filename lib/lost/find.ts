/**
 * Lost and found for one dead URL (issue #7): the page checked again, then each source's candidates
 * (./candidates.ts) fetched and measured (./measure.ts), the report filled in and saved as it goes.
 * Everything it reaches is given (./deps.ts): the background wires the browser's, tests pass fakes.
 */
import type { AlternateSource, LostReport } from './report';
import { normalizeUrl } from '../url/normalize';
import { PER_SOURCE, candidates, lastKnown, shownOf } from './candidates';
import type { LostDeps } from './deps';
import { sketchOf, verifyAll } from './measure';
import { looksLikeErrorPage } from './soft404';
import { LOST_NOTES } from './notes';

export type { Candidate, LostDeps, LostSettings, LostSketcher } from './deps';
export { PER_SOURCE, STORE_QUERY_THRESHOLD, candidates, lastKnown, shownOf } from './candidates';
export { verifyAll, type LostPage } from './measure';

/** The sources, in the order they are tried. */
export const LOST_SOURCES: readonly AlternateSource[] = ['group', 'store', 'search', 'archive'];

/** A report before anything is known: every source pending. */
export function newReport(url: string): LostReport {
  return { url, hasSketch: false, alternates: [], sources: LOST_SOURCES.map((source) => ({ source, state: 'pending' })), done: false };
}

/**
 * Fills `r` in: what the store knew, whether the URL answers now, then every source's verified copies.
 * `shown`: the URL's result as its engine showed it, when the caller knows (else the store's recent
 * results pages are asked): a page never seen alive is verified by its snippet (./confirm.ts).
 */
export async function findCopiesOf(d: LostDeps, r: LostReport, shown?: { title: string; snippet: string }): Promise<void> {
  const { rec, lost } = await lastKnown(d.store, r.url);
  r.hasSketch = lost !== undefined;
  if (rec) {
    r.known = {
      title: rec.title,
      firstSeen: rec.firstSeen,
      lastSeen: rec.lastSeen,
      phrases: rec.phrases ?? [],
      ...(rec.fetchedAt ? { fetchedAt: rec.fetchedAt } : {}),
      ...(rec.status ? { status: rec.status } : {}),
      ...(lost ? { sketch: { shingles: lost.shingles, values: lost.min.length } } : {}),
    };
  }
  await d.save(r);

  // Every candidate is fetched to be measured: without access to sites only the archive (which has
  // its own) can be asked, and the page says how to grant it.
  const access = await d.hasAccess();
  if (!access) r.needsAccess = true;
  else {
    // Checked again first: a slow load or a bot wall is not a death.
    const now = await sketchOf(d, r.url).catch(() => undefined);
    const alive = now?.ok === true && (now.short === undefined || !looksLikeErrorPage(now.title, now.short));
    r.recheck = { at: Date.now(), status: alive ? 'ok' : now?.ok ? 'soft404' : (now?.kind ?? 'network') };
    if (alive) {
      r.alive = true;
      for (const s of r.sources) Object.assign(s, { state: 'skipped', note: LOST_NOTES.alive });
      r.done = true;
      return d.save(r);
    }
  }

  const title = rec?.title ?? '';
  const lostPage = { sketch: lost, title, phrases: rec?.phrases ?? [], shown: lost ? undefined : (shown ?? (await shownOf(d.store, r.url))) };
  const seen = new Set([normalizeUrl(r.url) ?? r.url]);
  for (const src of r.sources) {
    if (!access && src.source !== 'archive') {
      Object.assign(src, { state: 'skipped', note: LOST_NOTES.noAccess });
      continue;
    }
    src.state = 'running';
    await d.save(r);
    try {
      const found = await candidates(d, src, r, lost, title);
      if (typeof found === 'string') {
        Object.assign(src, { state: 'skipped', note: found });
        continue;
      }
      // A page found by two sources is measured once, under the first.
      const fresh = found.filter((c) => {
        const k = normalizeUrl(c.url) ?? c.url;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
      src.candidates = fresh.length;
      await verifyAll(d, r, fresh.slice(0, PER_SOURCE), lostPage);
      src.state = 'done';
    } catch (e) {
      Object.assign(src, { state: 'failed', note: e instanceof Error ? e.message : String(e) });
    }
    await d.save(r);
  }
  r.done = true;
  await d.save(r);
}
