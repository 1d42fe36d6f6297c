import type { GroupInput } from '../../../lib/group/results';
import type { PreviewData } from '../../../lib/store/types';
import { storeFor } from '../worker/store-access';

const strip = (results: unknown[]): GroupInput[] => (results as GroupInput[]).map((r) => ({ rank: r.rank, url: r.url, title: r.title, snippet: r.snippet }));

/**
 * The last results page seen (never an incognito one: those live in memory only) for the options
 * page's live preview, with the older pages whose recurring shingles count as boilerplate.
 */
export async function lastPreview(): Promise<PreviewData | null> {
  const recent = await (await storeFor(false)).recentSerps(20);
  const last = recent[0];
  if (!last) return null;
  // Past pages as the background counts them when it regroups: the recent pages, this one included
  // (boilerplate needs ≥ 3 different sites, so a page cannot make its own results boilerplate).
  return { url: last.url, engine: last.engine, query: last.query, at: last.at, items: strip(last.results), past: recent.map((s) => strip(s.results)) };
}
