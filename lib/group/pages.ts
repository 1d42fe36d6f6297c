import { clusterGreedy } from '../sketch/cluster';
import { containment, lexicallyEquivalent, resemblance } from '../sketch/estimate';
import type { Sketch } from '../sketch/sketch';
import { normalizeUrl } from '../url/normalize';
import { pairKey } from './not-a-copy';
import type { GroupInput, GroupOutcome, GroupReason } from './results';

/** What the fetched page of a result says (none when it was not fetched or failed). */
export interface PageEvidence {
  sketch?: Sketch;
  canonical?: string;
}

export interface PageGroupingOptions {
  /** Resemblance at or above which two results are near-copies (of pages, else of snippets). */
  threshold: number;
  /** Containment at or above which a page is an excerpt of another (in (0, 1]). */
  containment: number;
  /** Pairs the user said are not copies (`pairKey` of normalized URLs): never linked, pages or snippets. */
  apart?: ReadonlySet<string>;
  /**
   * Whether two addresses are of one site (the background passes the Public Suffix List's answer; lib's
   * grouping does not load it). A canonical link is trusted between pages of one site; between sites
   * only when the texts resemble too (issue #28: a spam page naming a legitimate page as its canonical
   * must not hide it). Without it, no canonical link is trusted on its own.
   */
  sameSite?: (a: string, b: string) => boolean;
}

/** Why a member is in its group, with pages: identity first, then the strongest evidence. */
export type PageReason =
  | GroupReason
  /** The same page: the same canonical link, or lexically equivalent main text. */
  | { kind: 'same-text'; how: 'canonical' | 'lexical' }
  /** The fetched pages resemble each other at `resemblance`. */
  | { kind: 'page'; resemblance: number }
  /** This page lies inside the representative's at `containment` ("excerpt of #1"). */
  | { kind: 'excerpt'; containment: number; resemblance: number }
  /** The representative's page lies inside this one at `containment` ("contains #1"). */
  | { kind: 'contains'; containment: number; resemblance: number };

export interface PageGroup {
  id: number;
  representative: number;
  members: { rank: number; reason: PageReason }[];
  /** 'pages' when every member was grouped by its page (or address), else 'snippets'. */
  evidence: 'snippets' | 'pages';
}

type Link = { score: number; reason: PageReason };

/**
 * Regroups a results page once (some of) its pages are known (issue #6): a pair whose two pages are
 * known is judged by the pages alone (a snippet group is confirmed, refined or split); other pairs
 * keep their snippet resemblance. Identity (same address, same canonical link, lexically equivalent
 * text) always groups. A page contained in another at ≥ `containment` joins it as an excerpt (or as
 * the page that contains it). Greedy with the best-ranked result as representative, as for snippets.
 */
export function groupWithPages(
  items: readonly GroupInput[],
  snippets: GroupOutcome,
  pages: ReadonlyMap<number, PageEvidence>,
  o: PageGroupingOptions,
): PageGroup[] {
  const order = [...items].sort((a, b) => a.rank - b.rank);
  const snip = new Map(snippets.pairs.map((p) => [`${p.a}:${p.b}`, p.resemblance]));
  // Each address normalized once, not once per pair (issue #28: a long page's pairs are millions).
  const normal = new Map(order.map((it) => [it, normalizeUrl(it.url)]));
  const link = (rep: GroupInput, x: GroupInput): Link | undefined => {
    const a = pages.get(rep.rank);
    const b = pages.get(x.rank);
    const ua = normal.get(rep);
    const ux = normal.get(x);
    if (ua !== undefined && ua === ux) return { score: 2, reason: { kind: 'same-page', url: ua } };
    if (ua && ux && o.apart?.has(pairKey(ua, ux))) return undefined;
    const ca = a?.canonical && normalizeUrl(a.canonical);
    if (ca && ca === (b?.canonical && normalizeUrl(b.canonical)) && canonicalTrusted(rep.url, x.url, a, b, o))
      return { score: 2, reason: { kind: 'same-text', how: 'canonical' } };
    if (a?.sketch && b?.sketch && comparable(a.sketch, b.sketch)) {
      if (a.sketch.tokens > 0 && lexicallyEquivalent(a.sketch, b.sketch)) return { score: 2, reason: { kind: 'same-text', how: 'lexical' } };
      const r = resemblance(a.sketch, b.sketch);
      if (r >= o.threshold) return { score: r, reason: { kind: 'page', resemblance: r } };
      const inRep = containment(b.sketch, a.sketch); // x inside the representative
      const repIn = containment(a.sketch, b.sketch);
      if (inRep >= o.containment && inRep >= repIn) return { score: inRep, reason: { kind: 'excerpt', containment: inRep, resemblance: r } };
      if (repIn >= o.containment) return { score: repIn, reason: { kind: 'contains', containment: repIn, resemblance: r } };
      return undefined; // both pages known and unalike: the snippets do not overrule them
    }
    const r = snip.get(`${rep.rank}:${x.rank}`) ?? 0;
    return r >= o.threshold ? { score: r, reason: { kind: 'snippet', resemblance: r } } : undefined;
  };
  const links = new Map<string, Link | undefined>();
  const get = (i: number, j: number) => {
    const k = `${i}:${j}`;
    if (!links.has(k)) links.set(k, link(order[i], order[j]));
    return links.get(k);
  };
  // Any score passes clusterGreedy's threshold of 0 only when there is a link; links carry their own thresholds.
  const greedy = clusterGreedy(order.length, (i, j) => get(i, j)?.score ?? -1, 0);
  return greedy
    .filter((g) => g.members.length > 0)
    .map((g, k) => {
      const rep = order[g.representative].rank;
      const members = g.members.map((m) => ({ rank: order[m.index].rank, reason: get(g.representative, m.index)!.reason }));
      const onPages = members.every(
        (m) => m.reason.kind !== 'snippet' && (m.reason.kind !== 'same-page' || (pages.get(rep)?.sketch && pages.get(m.rank)?.sketch)),
      );
      return { id: k + 1, representative: rep, members, evidence: onPages ? ('pages' as const) : ('snippets' as const) };
    });
}

/**
 * A shared canonical link is the same page only between pages of one site, or when their texts
 * resemble as near-copies too: a page can name any address as its canonical (copied, or forged to
 * hide another site's result), so across sites it never decides alone.
 */
function canonicalTrusted(ua: string, ub: string, a: PageEvidence | undefined, b: PageEvidence | undefined, o: PageGroupingOptions): boolean {
  if (o.sameSite?.(ua, ub)) return true;
  return Boolean(a?.sketch && b?.sketch && comparable(a.sketch, b.sketch) && resemblance(a.sketch, b.sketch) >= o.threshold);
}

function comparable(a: Sketch, b: Sketch): boolean {
  return a.shingle === b.shingle && a.seed === b.seed;
}

/** Snippet groups as page groups: before any page is known, every group rests on the snippets. */
export function fromSnippets(outcome: GroupOutcome): PageGroup[] {
  return outcome.groups.map((g) => ({ ...g, evidence: 'snippets' as const }));
}
