/**
 * The popup's view of a tab, built from what the background keeps (its state and its results) and what
 * the results page reads (the copycat lookup): the results its groups, dead results and copycat sites
 * name, and the copycat sites as the page marks them. No words: the popup says them in its language.
 */
import { type CopycatLookup, copycatFlag } from '../copycat/marks';
import { resultHost } from '../group/result-item';
import type { TabState } from './tab-state';
import type { Settings } from '../settings';
import type { TabView } from './view';

export function popupView(state: TabState, view: TabView | undefined, copycats: CopycatLookup, settings: Pick<Settings, 'copycatDisplay'>): TabState {
  if (state.status !== 'done' || state.items || !view || view.url !== state.url) return state;
  const flagged = view.results.flatMap((r) => {
    const f = copycatFlag(resultHost(r), copycats);
    return f ? [{ rank: r.rank, site: f.site, mark: f.mark, ...(f.hide ? {} : { labelOnly: true as const }) }] : [];
  });
  const named = new Set([
    ...(state.groups ?? []).flatMap((g) => [g.representative, ...g.members.map((m) => m.rank)]),
    ...(state.dead ?? []).map((d) => d.rank),
    ...[...(state.changed ?? []), ...(state.stale ?? [])].map((c) => c.rank),
    ...flagged.map((c) => c.rank),
  ]);
  const items = view.results
    .filter((r) => named.has(r.rank))
    .map(({ rank, url, title, displayUrl, unresolved }) => ({ rank, url, title, displayUrl, ...(unresolved ? { unresolved } : {}) }));
  const sameAs = view.sameAs?.filter((r) => view.results.some((x) => x.rank === r));
  return {
    ...state,
    items,
    ...(flagged.length ? { copycats: flagged, copycatDisplay: settings.copycatDisplay } : {}),
    ...(sameAs?.length ? { sameAs } : {}),
  };
}
