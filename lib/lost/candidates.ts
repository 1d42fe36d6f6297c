/** Lost and found's sources (issue #7): each one's candidates for a dead page, or why it has none. */
import type { LostReport } from './report';
import type { Sketch } from '../sketch/sketch';
import { readCompactSketch } from '../store/compact';
import { DEFAULT_LIMITS, type SketchStore } from '../store/types';
import { availabilityUrl, parseAvailability, rawSnapshotUrl } from './archive';
import type { Candidate, LostDeps } from './deps';
import { askEngines } from './ask-engines';
import { searchQueries, searchTargets } from './search';
import { LOST_NOTES, archiveFailedNote, askedNote } from './notes';

/** Candidates verified per source at most (each is a fetch). */
export const PER_SOURCE = 8;

/**
 * The store is asked down to its candidate index's floor, not at the user's threshold: verification
 * decides, and a copy may pass it by containment (the dead page within a longer live page) while its
 * resemblance is under the user's threshold. The floor is the lowest threshold the index answers
 * with full recall (the user's threshold cannot go lower either: lib/settings.ts).
 */
export const STORE_QUERY_THRESHOLD = DEFAULT_LIMITS.minThreshold;

/** What the store last knew of a URL: its record and page sketch (undefined when unreadable or never kept). */
export async function lastKnown(store: Pick<SketchStore, 'get'>, url: string) {
  const rec = await store.get(url).catch(() => undefined);
  let lost: Sketch | undefined;
  try {
    lost = rec?.page ? readCompactSketch(rec.page) : undefined;
  } catch {
    lost = undefined;
  }
  return { rec, lost };
}

/**
 * How an engine last showed a URL (issue #28): its result's title and snippet on the most recent results
 * page kept that lists it, or undefined. For a page never seen alive this is all the evidence there is.
 */
export async function shownOf(store: Pick<SketchStore, 'recentSerps'>, url: string): Promise<{ title: string; snippet: string } | undefined> {
  const serps = await store.recentSerps().catch(() => []);
  for (const s of [...serps].sort((a, b) => b.at - a.at)) {
    const me = (s.results as { url?: unknown; title?: unknown; snippet?: unknown }[]).find((x) => x?.url === url);
    if (me && typeof me.snippet === 'string' && me.snippet.trim()) return { title: typeof me.title === 'string' ? me.title : '', snippet: me.snippet };
  }
  return undefined;
}

type Source = LostReport['sources'][number];

/** A source's candidates, or why it was skipped. The search source notes in `src` whom it asked. */
export async function candidates(d: LostDeps, src: Source, r: LostReport, lost: Sketch | undefined, title: string): Promise<Candidate[] | string> {
  const source = src.source;
  switch (source) {
    case 'group': {
      const out: Candidate[] = [];
      for (const s of await d.store.recentSerps()) {
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
      return out.length ? out : LOST_NOTES.noGroup;
    }
    case 'store': {
      if (!lost) return LOST_NOTES.noSketch;
      const similar = await d.store.similar(lost, STORE_QUERY_THRESHOLD, { limit: PER_SOURCE, exclude: r.url });
      return similar.map((m) => ({ url: m.url, title: m.title, source }));
    }
    case 'search':
      return searchCandidates(d, src, r, title);
    case 'archive':
      return archiveCandidates(d, r);
  }
}

async function searchCandidates(d: LostDeps, src: Source, r: LostReport, title: string): Promise<Candidate[] | string> {
  const queries = searchQueries({ title, phrases: r.known?.phrases });
  if (!queries.length) return LOST_NOTES.nothingToSearch;
  const got = await askEngines(d, searchTargets(await d.store.recentSerps(), r.url), queries);
  src.note = got.answered.length ? askedNote(got.answered) : LOST_NOTES.noEngine;
  return got.results.map((x) => ({ url: x.url, title: x.title, source: 'search' as const }));
}

/** The archive's snapshot nearest to when the page was last seen alive, not the newest (likely its archived 404). */
async function archiveCandidates(d: LostDeps, r: LostReport): Promise<Candidate[] | string> {
  if (!d.settings.archiveLookups) return LOST_NOTES.archiveOff;
  const got = await d.fetchJson(availabilityUrl(r.url, r.known?.lastSeen));
  // An answer of an error status is no snapshot; no answer at all (or not one the API gives) fails the source.
  if (!got.ok && got.kind !== 'http' && got.kind !== 'gone') throw new Error(archiveFailedNote(got.message));
  const snap = got.ok ? parseAvailability(got.json) : undefined;
  if (!snap) return LOST_NOTES.archiveNone;
  return [{ url: rawSnapshotUrl(snap.url), title: `Archived copy of ${r.url}`, source: 'archive', archivedAt: snap.timestamp }];
}
