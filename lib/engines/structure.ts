import { LIMITS, clip } from '../limits';
import { stripSnippetChrome } from './snippet';
import { displayUrlOf, snippetOf, targetInBlock } from './structure-fields';
import { type Candidate, type StructureOptions, candidates, clean } from './structure-links';
import { textWithin } from './text-of';
import { commonAncestor, excluded, findMarks, shares } from './structure-marks';
import { CARD_TEXT, type Kept, withParts, withoutCards, withoutLoneCards } from './structure-records';
import { countsAbove, nearestUp } from './structure-tree';
import type { SerpResult } from './types';
import { displayHost } from '../url/display-host';

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
 * 2. Records: each title link's block is its highest ancestor holding no other title link (and the
 *    siblings after it, up to the next record, when it holds its title alone).
 * 3. Left out: blocks labelled as paid (Ad, Sponsored, Anzeige, Реклама, Промо, 广告 …: ./ads.ts) or
 *    whose links are ad clicks; questions the page asks; the engine's own cards (`cardHosts`).
 * 4. Fields: the heading's text; the display URL (a `cite`, else a short text shaped like an address);
 *    the snippet (the record's longest text apart from the title and the display URL).
 * 5. Results (issue #41, ./structure-records.ts): not the cards of a carousel (a small group of records
 *    without snippets), nor lone cards (neither an address nor a text of their own); sitelinks, a
 *    card's inner links and grouped results join the result above them (./parts.ts).
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
  // Without a paid mark on the page (most pages), no candidate is paid: the first pass is skipped.
  const paid = marks.labels.length + marks.adLinks.length + marks.ariaLabels.length > 0;
  const first = paid ? excluded(all, recordRoots(all, body), marks, false) : all.map(() => false);
  const cands = dominant(all.filter((_, i) => !first[i]));
  const roots = recordRoots(cands, body);
  const rootSet = new Set(roots);
  const share = shares(roots);
  const out = excluded(cands, roots, marks, true, share);
  // Table rows a label sits in (a result spanning rows is paid when any of its rows says so).
  const labelledRows = new Set<Element>();
  for (const l of marks.labels)
    for (let e: Element | null = l, up = 0; e && up < 8; e = e.parentElement, up++) if (e.tagName.toUpperCase() === 'TR') labelledRows.add(e);
  const kept: Kept[] = [];
  const seen = new Set<string>();
  const rootAbove = nearestUp((e) => rootSet.has(e));
  cands.forEach((c, i) => {
    const root = roots[i];
    let block = blockOf(root, rootSet, share);
    if (out[i] || (block.length > 1 && block.some((el) => labelledRows.has(el)))) return;
    // Results nested in another result's block (sitelinks built like results) belong to it.
    if (rootAbove(root.parentElement)) return;
    let display = displayUrlOf(block, c);
    let raw = display.text ? undefined : snippetOf(block, c, display.el);
    // A record of its title alone: its address and text lie beside it (its block also holds its own
    // sitelinks or inner links of its form). Looked for only then: most records hold their fields.
    if (raw !== undefined && raw.length < CARD_TEXT && block.length === 1 && titleOnly(root, c.title)) {
      block = [root, ...siblingsUpToRecord(root, rootSet, share)];
      display = displayUrlOf(block, c);
      raw = undefined;
    }
    const url = c.unresolved ? (targetInBlock(c.a, root, display.text, o) ?? c.url) : c.url;
    if (seen.has(url)) return;
    const t = (url === c.url && c.parsed) || new URL(url);
    const unresolved = c.unresolved && url === c.url;
    // The engine's own cards built like results (Baidu's encyclopedia): data says so, not markup.
    if (!unresolved && o.engine?.cardHosts?.test(t.hostname)) return;
    const displayUrl = display.text || t.hostname + t.pathname.replace(/\/$/, '');
    // Clipped before its chrome is cut: what is kept is its start (a record's longest text can be long).
    raw ??= snippetOf(block, c, display.el);
    const snippet = clip(stripSnippetChrome(clip(raw, LIMITS.snippet + 200), o.engine ?? {}, displayUrl), LIMITS.snippet);
    seen.add(url);
    kept.push({
      root,
      block,
      host: unresolved ? displayHost(display.text) : t.hostname,
      ownDisplay: display.text !== '',
      snippet,
      result: {
        rank: 0,
        url,
        title: clip(c.title, LIMITS.title),
        snippet,
        displayUrl: clip(displayUrl, LIMITS.displayUrl),
        ...(unresolved ? { unresolved: true as const } : {}),
      },
    });
  });
  const organic = withoutLoneCards(withParts(withoutCards(kept, share)));
  return { results: organic.map((k, i) => ({ ...k.result, rank: i + 1 })), blocks: organic.map((k) => k.block) };
}

/**
 * A record's elements: its root, and for a table row the rows after it up to the next record (a
 * table lays a result out over several rows: DuckDuckGo Lite).
 */
function blockOf(root: Element, rootSet: ReadonlySet<Element>, share: Map<Element, number>): Element[] {
  return root.tagName.toLowerCase() === 'tr' ? [root, ...siblingsUpToRecord(root, rootSet, share)] : [root];
}

/** The siblings after a record's root up to the next one holding a record (at most 5). */
function siblingsUpToRecord(root: Element, rootSet: ReadonlySet<Element>, share: Map<Element, number>): Element[] {
  const out: Element[] = [];
  for (let s = root.nextElementSibling; s && !rootSet.has(s) && !share.get(s) && out.length < 5; s = s.nextElementSibling) out.push(s);
  return out;
}

/** The root's text is its title (read no further than the title's length and a little). */
function titleOnly(root: Element, title: string): boolean {
  const t = textWithin(root, { left: 2 * title.length + 64 });
  return t.done && clean(t.text) === title;
}
