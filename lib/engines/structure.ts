import { LIMITS, clip } from '../limits';
import { stripSnippetChrome } from './snippet';
import { displayUrlOf, snippetOf, targetInBlock } from './structure-fields';
import { type Candidate, type StructureOptions, candidates } from './structure-links';
import { commonAncestor, excluded, findMarks, shares } from './structure-marks';
import { countsAbove, nearestUp } from './structure-tree';
import type { SerpResult } from './types';

export type { StructureOptions } from './structure-links';

/**
 * The structural reader (issue #27): the organic results of a results page from its structure alone,
 * never from class names or ids, so an engine's CSS rebuild or an engine Resemble has no definition
 * for is still read. After MDR (Liu, Grossman and Zhai, KDD 2003: data records are repeated subtrees
 * of one parent pattern) and ViNTs (Zhao et al., WWW 2005: a record is told by its content lines: a
 * title link, a display URL, a snippet):
 *
 * 1. Title links: links leaving the engine (after undoing its redirects) tied to a heading (`h1`–`h6`,
 *    `role=heading`), outside the page's navigation, side column, banner, dialogs and hidden parts.
 *    The organic list repeats one form (`a > h3`, `h2 > a`, …): the commonest form on the page wins,
 *    so sitelinks, carousels' cards and side boxes, built otherwise, drop out. A page with no headed
 *    links (DuckDuckGo Lite) takes its repeated text links instead, by their tag path.
 * 2. Records: each title link's block is its highest ancestor holding no other title link.
 * 3. Left out: blocks labelled as paid (Ad, Sponsored, Anzeige, Реклама, Промо, 广告 …: ./ads.ts) or
 *    whose links are ad clicks; blocks nested in a list of cards laid side by side (a carousel: many
 *    records, each without a snippet).
 * 4. Fields: the heading's text; the display URL (a `cite`, else a short text shaped like an address);
 *    the snippet (the record's longest text apart from the title and the display URL).
 *
 * Costs: one pass over the page's links and one over its texts, each element's ancestors walked a
 * bounded number of times (answers kept per element: ./structure-tree.ts), a record's own subtree read
 * once for its snippet, and at most NEAR_BUDGET elements and READ_BUDGET nodes and characters looked
 * at for a display URL; at most MAX_LINKS links. Every walk is iterative (a page's depth costs no
 * stack) and none is repeated per level: a page of 100,000 nested elements is read in well under a
 * second (npm run bench).
 */

export interface StructureRead {
  results: SerpResult[];
  /** The elements each result spans (its root), parallel to `results`. */
  blocks: Element[][];
}

/**
 * The title links of the organic list: the commonest form with a heading (three or more, or the only
 * forms there are), else the commonest tag path of links without one (three or more).
 */
function dominant(cands: readonly Candidate[]): Candidate[] {
  const count = new Map<string, number>();
  for (const c of cands) count.set(c.form, (count.get(c.form) ?? 0) + 1);
  const best = (forms: [string, number][]) => forms.reduce<[string, number] | undefined>((x, y) => (!x || y[1] > x[1] ? y : x), undefined);
  const headedForms = new Set(cands.filter((c) => c.heading).map((c) => c.form));
  const headed = best([...count].filter(([f]) => headedForms.has(f)));
  const plain = best([...count].filter(([f, n]) => !headedForms.has(f) && n >= 3));
  const chosen = headed && (headed[1] >= 3 || !plain) ? headed : plain;
  return chosen ? cands.filter((c) => c.form === chosen[0]) : [];
}

/** Each title link's record: its highest ancestor holding no other title link. */
function recordRoots(cands: readonly Candidate[], body: Element): Element[] {
  const count = countsAbove(
    cands.map((c) => c.a),
    body,
  );
  // Each climb passes elements holding its link alone: no two climbs share one.
  return cands.map((c) => {
    let root = c.a;
    while (root.parentElement && root.parentElement !== body && count.get(root.parentElement) === 1) root = root.parentElement;
    return root;
  });
}

/**
 * The organic results of `doc` by its structure: see the module's comment. An empty read when the
 * page holds no repeated title links.
 */
export function readByStructure(doc: Document, o: StructureOptions): StructureRead {
  // A fragment parsed without <body> (linkedom) has its content under the document element; a
  // text without tags has neither (linkedom's `body` then throws).
  if (!doc.documentElement) return { results: [], blocks: [] };
  const body = doc.body?.firstElementChild ? doc.body : doc.documentElement;
  // Every link of the page, once (document.links is the browser's own list; linkedom lacks it).
  const links = (doc as Partial<Document>).links ?? doc.querySelectorAll('a[href]');
  const all = candidates(doc, o, links);
  // Paid blocks go first: a shopping carousel can hold more title links than the organic list.
  const marks = findMarks(commonAncestor(all, body), links);
  const first = excluded(all, recordRoots(all, body), marks, false);
  const cands = dominant(all.filter((_, i) => !first[i]));
  const roots = recordRoots(cands, body);
  const rootSet = new Set(roots);
  const out = excluded(cands, roots, marks);
  const share = shares(roots);
  // Table rows a label sits in (a result spanning rows is paid when any of its rows says so).
  const labelledRows = new Set<Element>();
  for (const l of marks.labels)
    for (let e: Element | null = l, up = 0; e && up < 8; e = e.parentElement, up++) if (e.tagName.toUpperCase() === 'TR') labelledRows.add(e);
  const kept: { root: Element; block: Element[]; result: SerpResult }[] = [];
  const seen = new Set<string>();
  const rootAbove = nearestUp((e) => rootSet.has(e));
  cands.forEach((c, i) => {
    const root = roots[i];
    const block = blockOf(root, rootSet);
    if (out[i] || (block.length > 1 && block.some((el) => labelledRows.has(el)))) return;
    // Results nested in another result's block (sitelinks built like results) belong to it.
    if (rootAbove(root.parentElement)) return;
    const display = displayUrlOf(block, c);
    const url = c.unresolved ? (targetInBlock(c.a, root, display.text, o) ?? c.url) : c.url;
    if (seen.has(url)) return;
    const title = c.title;
    const t = new URL(url);
    const displayUrl = display.text || t.hostname + t.pathname.replace(/\/$/, '');
    const snippet = stripSnippetChrome(snippetOf(block, c, display.el), o.engine ?? {}, displayUrl);
    seen.add(url);
    kept.push({
      root,
      block,
      result: {
        rank: 0,
        url,
        title: clip(title, LIMITS.title),
        snippet: clip(snippet, LIMITS.snippet),
        displayUrl: clip(displayUrl, LIMITS.displayUrl),
        ...(c.unresolved && url === c.url ? { unresolved: true as const } : {}),
      },
    });
  });
  const organic = withoutCards(kept, share);
  return { results: organic.map((k, i) => ({ ...k.result, rank: i + 1 })), blocks: organic.map((k) => k.block) };
}

/** A widget's cards come a few together (at most this many in one block). */
const SMALL_GROUP = 6;

/**
 * Without the records of a small group that are cards: every record of the group lacks a snippet (a
 * carousel of videos, a widget of "interesting finds"). Not told apart: a result's sitelinks built
 * like results, indented below it (Brave), from the same site's second result indented below the
 * first (Google), which the engines' own definitions count as a result.
 */
function withoutCards<T extends { root: Element; result: SerpResult }>(kept: readonly T[], share: Map<Element, number>): T[] {
  const groups = new Map<Element, T[]>();
  const groupOf = nearestUp((e) => (share.get(e) ?? 0) >= 2);
  for (const k of kept) {
    const p = groupOf(k.root.parentElement);
    if (p && (share.get(p) ?? 0) <= SMALL_GROUP) groups.set(p, [...(groups.get(p) ?? []), k]);
  }
  const drop = new Set<T>();
  for (const members of groups.values()) if (members.length >= 2 && members.every((m) => !m.result.snippet)) for (const m of members) drop.add(m);
  return kept.filter((k) => !drop.has(k));
}

/**
 * A record's elements: its root, and for a table row the rows after it up to the next record (a
 * table lays a result out over several rows: DuckDuckGo Lite).
 */
function blockOf(root: Element, rootSet: ReadonlySet<Element>): Element[] {
  const block = [root];
  if (root.tagName.toLowerCase() !== 'tr') return block;
  for (let s = root.nextElementSibling; s && !rootSet.has(s) && block.length < 6; s = s.nextElementSibling) block.push(s);
  return block;
}
