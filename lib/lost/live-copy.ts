/**
 * How the results page names a dead result's best live copy (issue #15): "live copy: example.org (93%
 * alike)", and on hover or focus its measure and where it was found. Only a measured, http(s) copy is
 * shown: the page never links to anything else.
 */
import { domainOf, percent } from '../group/describe';
import type { Alternate } from './report';

const SOURCE_WORDS: Record<Alternate['source'], string> = {
  group: 'another result of its group on a results page',
  store: 'a page Resemble kept (candidate index)',
  search: 'a search',
  archive: 'the Internet Archive',
};

/** The copy the page shows beside "dead link": the best one that carries a measure and an http(s) address. */
export function bestLiveCopy(alternates: readonly Alternate[] | undefined): Alternate | undefined {
  return alternates?.find((a) => /^https?:\/\//i.test(a.url) && Number.isFinite(a.resemblance) && Number.isFinite(a.containment));
}

export function liveCopyLabel(a: Alternate): string {
  if (a.basis === 'snippet') return `live copy: ${domainOf(a.url)}, holds the snippet`;
  return `live copy: ${domainOf(a.url)} (${percent(a.resemblance)} alike)`;
}

/** The tooltip: the measure, what it compares, the source and when it was checked. */
export function liveCopyDetail(a: Alternate, now = Date.now()): string {
  const basis = a.basis === 'page' ? 'main texts' : 'titles only (no sketch of the dead page was kept)';
  const mins = Math.max(0, Math.round((now - a.checkedAt) / 60_000));
  const when = mins < 1 ? 'just now' : mins < 60 ? `${mins} min ago` : `${Math.round(mins / 60)} h ago`;
  if (a.basis === 'snippet')
    return `${a.title ? `${a.title}\n` : ''}${a.url}\nIt holds ${percent(a.containment)} of the snippet the search engine showed for the dead result (no sketch of the dead page was kept; titles ${percent(a.resemblance)} alike). Found in ${SOURCE_WORDS[a.source]}; fetched and checked ${when}.`;
  return `${a.title ? `${a.title}\n` : ''}${a.url}\nResemblance ${a.resemblance.toFixed(2)} of the ${basis}; it holds ${percent(a.containment)} of the dead page's text. Found in ${SOURCE_WORDS[a.source]}; fetched and measured ${when}.`;
}
