import { LIMITS, clip } from '../limits';
import { hasAdLink, isAdLabel, isLabelPart, labelOf } from './ads';
import { stripSnippetChrome } from './snippet';
import type { EngineSpec, SerpResult } from './types';
import { unwrapRedirect } from './unwrap';
import { displayHost } from '../url/display-host';

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
 * bounded number of times (answers kept per element), a record's own subtree read once for its
 * snippet, and at most NEAR_BUDGET elements and READ_BUDGET characters looked at for a display URL;
 * at most MAX_LINKS links. A page cannot make it cost more than its size times its depth.
 */

export interface StructureOptions {
  /** The page's address: relative links resolve against it. */
  base: string;
  /** The engine's results pages (pagination, related searches): never results. */
  isEnginePage: (u: URL) => boolean;
  /** The engine's own hosts: a title link there whose display URL names another host is an opaque redirect. */
  isEngineHost: (host: string) => boolean;
  /** The page's query: a link on the engine's hosts carrying it is another of its searches (videos, images). */
  query?: string;
  /** The engine's chrome in snippets, when the engine is known. */
  engine?: Pick<EngineSpec, 'snippetChrome'>;
}

export interface StructureRead {
  results: SerpResult[];
  /** The elements each result spans (its root), parallel to `results`. */
  blocks: Element[][];
}

/** Links looked at on one page: a results page of 1,000 results has about 10,000. */
const MAX_LINKS = 50_000;
const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const isHeading = (e: Element) => HEADING_TAGS.has(e.tagName) || e.getAttribute('role') === 'heading';
/** Parts of a page that are never its results: its navigation, side column, dialogs, hidden parts, controls. */
const OUTSIDE_TAGS = new Set(['NAV', 'ASIDE', 'TEMPLATE', 'NOSCRIPT', 'SELECT', 'BUTTON']);
const OUTSIDE_ROLES = new Set(['navigation', 'complementary', 'banner', 'contentinfo', 'dialog', 'menu', 'tablist', 'search']);
/** `header`/`footer` are the page's banner and footer only outside a sectioning element. */
const EDGE_TAGS = new Set(['HEADER', 'FOOTER']);
const SECTIONING_TAGS = new Set(['ARTICLE', 'SECTION', 'MAIN', 'LI', 'TD']);
/** A display URL: an address or a crumb trail ("example.com › docs › page"). */
const ADDRESS = /^(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?::\d+)?(?:[/›>»\s].*)?$/u;

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

interface Candidate {
  a: Element;
  /** The heading it is tied to (the link's own text without one). */
  heading?: Element;
  /** The form of the title: `a>h3`, `h2>a`, or the link's tag path without a heading. */
  form: string;
  title: string;
  url: string;
  unresolved?: true;
}

/**
 * Whether an element lies in a part of the page that is never its results, by its ancestors' tags,
 * roles and `hidden`; answers are kept per element (`memo`), so a page's links cost one walk up in all.
 */
function outside(a: Element, memo: Map<Element, boolean>): boolean {
  const path: Element[] = [];
  let verdict = false;
  for (let e: Element | null = a; e; e = e.parentElement) {
    const known = memo.get(e);
    if (known !== undefined) {
      verdict = known;
      break;
    }
    path.push(e);
    const tag = e.tagName.toUpperCase();
    const role = e.getAttribute('role');
    if (OUTSIDE_TAGS.has(tag) || (role !== null && OUTSIDE_ROLES.has(role)) || e.hasAttribute('hidden')) {
      verdict = true;
      break;
    }
    if (EDGE_TAGS.has(tag) && !sectionedAbove(e)) {
      verdict = true;
      break;
    }
  }
  for (const e of path) memo.set(e, verdict);
  return verdict;
}

function sectionedAbove(e: Element): boolean {
  for (let p = e.parentElement; p; p = p.parentElement) if (SECTIONING_TAGS.has(p.tagName.toUpperCase()) || p.getAttribute('role') === 'main') return true;
  return false;
}

/** The tag path of an element, `depth` levels up: the form of a link without a heading. */
function tagPath(el: Element, depth: number): string {
  const tags: string[] = [];
  for (let e: Element | null = el; e && tags.length < depth; e = e.parentElement) tags.push(e.tagName.toLowerCase());
  return tags.reverse().join('>');
}

const headTag = (h: Element) => (h.getAttribute('role') === 'heading' ? `role${h.getAttribute('aria-level') ?? ''}` : h.tagName.toLowerCase());

function depthBetween(ancestor: Element, el: Element): number {
  let d = 0;
  for (let e: Element | null = el; e && e !== ancestor; e = e.parentElement) d++;
  return d;
}

/** Where a link goes, when it can be a result: http(s), not one of the engine's results pages. */
function targetOf(a: Element, o: StructureOptions, displayHost: () => string | undefined): { url: string; unresolved?: true } | undefined {
  const href = a.getAttribute('href');
  if (!href || href.startsWith('#') || /^\s*javascript:/i.test(href)) return undefined;
  const t = unwrapRedirect(href, o.base);
  if (!t || t.url.length > LIMITS.url) return undefined;
  if (t.unresolved) return t;
  const u = new URL(t.url);
  if (o.isEnginePage(u)) return undefined;
  // A title link on the engine's own host, shown as another site's address, is a redirect whose
  // target is not in the page (Google's /goto?url=<token>): kept, unresolved. Other pages of the
  // engine's hosts are results like any (the query "google" is answered by google.com's pages).
  if (o.isEngineHost(u.hostname)) {
    const q = o.query?.trim().toLowerCase();
    if (q && [...u.searchParams.values()].some((v) => v.trim().toLowerCase() === q)) return undefined;
    const shown = displayHost();
    if (shown && !o.isEngineHost(shown)) return { url: t.url, unresolved: true };
  }
  return t;
}

/**
 * Title links: each link tied to a heading (one inside it, or one around it at most three levels up),
 * once per heading; links without a heading are kept too, with their tag path as their form (a page
 * may list its results without headings: dominant() chooses).
 */
function candidates(doc: Document, o: StructureOptions, links: ArrayLike<Element>): Candidate[] {
  const out: Candidate[] = [];
  const memo = new Map<Element, boolean>();
  const seenHeadings = new Set<Element>();
  for (let i = 0, n = Math.min(links.length, MAX_LINKS); i < n; i++) {
    const a = links[i];
    let heading = headingInside(a);
    let form = heading ? `a>${headTag(heading)}` : '';
    if (!heading) {
      for (let e = a.parentElement, up = 0; e && up < 3; e = e.parentElement, up++) {
        if (isHeading(e)) {
          heading = e;
          form = `${headTag(e)}>a`;
          break;
        }
      }
    }
    if (heading && seenHeadings.has(heading)) continue;
    if (outside(a, memo)) continue;
    const c = candidate(a, heading, form || tagPath(a, 4), o);
    if (!c || (!heading && c.title.length < 12)) continue;
    if (heading) seenHeadings.add(heading);
    out.push(c);
  }
  return out;
}

/** A heading inside a title link (its first, at most four levels in; a link holds few elements). */
function headingInside(a: Element): Element | undefined {
  let found: Element | undefined;
  let budget = 64;
  const visit = (e: Element, depth: number) => {
    for (let k = e.firstElementChild; k && !found && budget-- > 0; k = k.nextElementSibling) {
      if (isHeading(k)) found = k;
      else if (depth < 4) visit(k, depth + 1);
    }
  };
  visit(a, 1);
  return found;
}

function candidate(a: Element, heading: Element | undefined, form: string, o: StructureOptions): Candidate | undefined {
  const title = clean(heading ? heading.textContent : a.textContent);
  if (!title) return undefined;
  const target = targetOf(a, o, () => displayHost(displayNear(a)));
  return target ? { a, heading, form, title, ...target } : undefined;
}

/**
 * The display URL's text near a title link, before records are known: a `cite` among the first
 * elements of its parent's parent (a bounded look: a page of many links under one parent costs each
 * link the same).
 */
function displayNear(a: Element): string {
  const scope = a.parentElement?.parentElement ?? a;
  const walk = scope.ownerDocument.createTreeWalker(scope, 1 /* SHOW_ELEMENT */);
  for (let n = walk.nextNode() as Element | null, budget = NEAR_BUDGET; n && budget > 0; n = walk.nextNode() as Element | null, budget--) {
    if (n.tagName.toUpperCase() === 'CITE') return clean(n.textContent).slice(0, 300);
  }
  return '';
}

/** Elements looked at around one link for a display URL. */
const NEAR_BUDGET = 48;
/** Characters of text read in one record while looking for its display URL. */
const READ_BUDGET = 20_000;


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
  const count = new Map<Element, number>();
  for (const c of cands) for (let e = c.a.parentElement; e && e !== body; e = e.parentElement) count.set(e, (count.get(e) ?? 0) + 1);
  return cands.map((c) => {
    let root = c.a;
    while (root.parentElement && root.parentElement !== body && count.get(root.parentElement) === 1) root = root.parentElement;
    return root;
  });
}

/**
 * The page's marks, found in one pass: ad labels (a short text, or an `aria-label`, that is an ad
 * label: ./ads.ts) and question toggles ("people also ask": a `role=button` or `aria-expanded` whose
 * text is a question).
 */
/** Text that is never a label: scripts and styles (a results page's largest text nodes). */
const SKIP_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'script', 'style', 'noscript', 'template']);

/** The smallest element holding every candidate: the marks are looked for there, not in the whole page. */
function commonAncestor(cands: readonly Candidate[], body: Element): Element {
  if (!cands.length) return body;
  let lca: Element = cands[0].a;
  for (const c of cands) while (lca !== body && !lca.contains(c.a)) lca = lca.parentElement ?? body;
  // A label heading the list sits beside it: one level up.
  return lca === body ? body : (lca.parentElement ?? body);
}

interface Marks {
  labels: Element[];
  questions: Element[];
  /** Links that are ad clicks (few: each record is tested against them). */
  adLinks: Element[];
}

function findMarks(body: Element, links: ArrayLike<Element>): Marks {
  const labels: Element[] = [];
  const questions: Element[] = [];
  // One walk over the texts (a browser walks 10,000 in about 2 ms; selectors over attributes cost more).
  const walk = body.ownerDocument.createTreeWalker(body, 4 /* SHOW_TEXT */);
  let last: Element | null = null;
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const v = n.nodeValue ?? '';
    if (v.length <= 40 && isLabelPart(v)) {
      const label = labelOf(n);
      if (label && label !== last) labels.push((last = label));
    } else if (v.length <= 300 && /[?？]\s*$/.test(v)) {
      // A question's toggle: a `role=button` or `aria-expanded` holding the question, a few levels up.
      for (let e = n.parentElement, up = 0; e && up < 4; e = e.parentElement, up++) {
        if (e.getAttribute('role') === 'button' || e.hasAttribute('aria-expanded')) {
          if (questions[questions.length - 1] !== e) questions.push(e);
          break;
        }
      }
    }
  }
  const adLinks: Element[] = [];
  for (let i = 0, n = Math.min(links.length, MAX_LINKS); i < n; i++) if (hasAdLink(links[i])) adLinks.push(links[i]);
  return { labels, questions, adLinks };
}

/** An ad label given as an `aria-label` in a record (a label shown as an icon): looked for record by record. */
function ariaAdLabel(root: Element): boolean {
  if (isAdLabel(root.getAttribute('aria-label') ?? '')) return true;
  for (const e of Array.from(root.querySelectorAll('[aria-label]'))) if (isAdLabel(e.getAttribute('aria-label') ?? '')) return true;
  return false;
}

/**
 * Records to leave out: paid ones (an ad label inside, or a label heading their list at most three
 * levels up, or an ad click), and answers to a question the page asks (a question toggle beside
 * them, at most four levels up). A mark above half of the records is not theirs: the whole results
 * column is never "the ads".
 */
function excluded(cands: readonly Candidate[], roots: readonly Element[], marks: Marks, groups = true): boolean[] {
  const rootSet = new Set(roots);
  const share = shares(roots);
  const half = Math.max(1, roots.length / 2);
  const inside = new Set<Element>();
  const markUp = (m: Element, into: Set<Element>, before?: Map<Element, Element>) => {
    // A mark inside a record marks that record; one outside marks the blocks around it.
    let e: Element | null = m;
    for (; e; e = e.parentElement) {
      if (!rootSet.has(e)) continue;
      // A question inside a record is its own FAQ when it comes after the title link.
      if (before) {
        if (!before.has(e)) before.set(e, m);
      } else inside.add(e);
      return;
    }
    // Outside every record: it marks the nearest block holding records (the list it heads).
    for (e = m.parentElement; e && !share.has(e); e = e.parentElement);
    if (e && (share.get(e) ?? 0) <= half) into.add(e);
  };
  const adGroups = new Set<Element>();
  for (const l of marks.labels) markUp(l, groups ? adGroups : new Set());
  // An ad click inside a record marks it (one outside marks nothing).
  for (const a of marks.adLinks) markUp(a, new Set());
  const asked = new Set<Element>();
  const adInside = new Set(inside);
  inside.clear();
  const askedFirst = new Map<Element, Element>();
  if (groups) for (const q of marks.questions) markUp(q, asked, askedFirst);
  const askedInside = new Set<Element>();
  cands.forEach((c, i) => {
    const q = askedFirst.get(roots[i]);
    if (q && q.compareDocumentPosition(c.a) & 4 /* FOLLOWING */) askedInside.add(roots[i]);
  });
  return cands.map((c, i) => {
    const root = roots[i];
    if (adInside.has(root) || askedInside.has(root) || ariaAdLabel(root)) return true;
    for (let e = root.parentElement, up = 0; e && up < 4; e = e.parentElement, up++) if (adGroups.has(e) || asked.has(e)) return true;
    return false;
  });
}

function displayUrlOf(block: readonly Element[], c: Candidate): { text: string; el?: Element } {
  for (const root of block) {
    const cite = root.querySelector('cite');
    if (cite && clean(cite.textContent)) return { text: clean(cite.textContent), el: cite };
  }
  // Bounded: at most READ_BUDGET characters of text read in one record, whatever its shape.
  let read = 0;
  for (const root of block) {
    const walker = root.ownerDocument.createTreeWalker(root, 1);
    for (let n = walker.nextNode() as Element | null; n && read < READ_BUDGET; n = walker.nextNode() as Element | null) {
      if (n.childElementCount > 3 || (c.heading && (c.heading.contains(n) || n.contains(c.heading)))) continue;
      const raw = n.textContent ?? '';
      read += raw.length;
      const t = clean(raw);
      if (t && t.length <= 300 && ADDRESS.test(t) && !n.contains(c.a)) return { text: t, el: n };
    }
  }
  return { text: '' };
}

/**
 * The record's longest text holding neither its title link nor its display URL: the largest subtree
 * apart from them (a subtree's text holds its descendants', so only those are read, each once).
 */
function snippetOf(block: readonly Element[], c: Candidate, display?: Element): string {
  let best = '';
  const busy = (n: Element) => n.contains(c.a) || (c.heading !== undefined && n.contains(c.heading)) || (display !== undefined && n.contains(display));
  const visit = (n: Element) => {
    if (n === c.a || n === c.heading || n === display || SKIP_TEXT.has(n.tagName) || n.tagName.toLowerCase() === 'svg') return;
    if (!busy(n)) {
      const t = n.textContent ?? '';
      if (t.length > best.length) best = t;
      return;
    }
    for (let k = n.firstElementChild; k; k = k.nextElementSibling) visit(k);
  };
  for (const root of block) visit(root);
  return clean(best);
}

/**
 * The organic results of `doc` by its structure: see the module's comment. An empty read when the
 * page holds no repeated title links.
 */
export function readByStructure(doc: Document, o: StructureOptions): StructureRead {
  // A fragment parsed without <body> (linkedom) has its content under the document element.
  const body = doc.body?.firstElementChild ? doc.body : doc.documentElement;
  if (!body) return { results: [], blocks: [] };
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
  for (const l of marks.labels) for (let e: Element | null = l, up = 0; e && up < 8; e = e.parentElement, up++) if (e.tagName.toUpperCase() === 'TR') labelledRows.add(e);
  const kept: { root: Element; block: Element[]; result: SerpResult }[] = [];
  const seen = new Set<string>();
  cands.forEach((c, i) => {
    const root = roots[i];
    const block = blockOf(root, rootSet);
    if (out[i] || (block.length > 1 && block.some((el) => labelledRows.has(el)))) return;
    // Results nested in another result's block (sitelinks built like results) belong to it.
    for (let p = root.parentElement; p; p = p.parentElement) if (rootSet.has(p)) return;
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
  for (const k of kept) {
    let p = k.root.parentElement;
    while (p && (share.get(p) ?? 0) < 2) p = p.parentElement;
    if (p && (share.get(p) ?? 0) <= SMALL_GROUP) groups.set(p, [...(groups.get(p) ?? []), k]);
  }
  const drop = new Set<T>();
  for (const members of groups.values()) if (members.length >= 2 && members.every((m) => !m.result.snippet)) for (const m of members) drop.add(m);
  return kept.filter((k) => !drop.has(k));
}

/** How many records each element holds. */
function shares(roots: readonly Element[]): Map<Element, number> {
  const share = new Map<Element, number>();
  for (const r of roots) for (let e = r.parentElement; e; e = e.parentElement) share.set(e, (share.get(e) ?? 0) + 1);
  return share;
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

/**
 * The real target of an opaque link, when the record carries it in an attribute of the link or of the
 * record's root (Baidu's `mu`): an absolute address off the engine's hosts, on the host the display
 * URL names when it names one. Addresses of other kinds (`itemtype`, images, styles) are never it.
 */
function targetInBlock(a: Element, root: Element, display: string, o: StructureOptions): string | undefined {
  const shown = displayHost(display);
  for (const e of a === root ? [a] : [a, root]) {
    for (const name of e.getAttributeNames()) {
      if (NOT_TARGETS.has(name)) continue;
      const v = e.getAttribute(name) ?? '';
      if (v.length > LIMITS.url || !/^https?:\/\/\S+$/i.test(v)) continue;
      try {
        const host = new URL(v).hostname;
        if (!o.isEngineHost(host) && (!shown || host === shown || host.endsWith(`.${shown}`) || shown.endsWith(`.${host}`))) return v;
      } catch {
        // not an address
      }
    }
  }
  return undefined;
}

/** Attributes holding addresses that are never a result's target. */
const NOT_TARGETS = new Set(['href', 'src', 'srcset', 'data-src', 'data-srcset', 'poster', 'itemtype', 'itemid', 'itemprop', 'style', 'class', 'id', 'ping', 'action', 'cite', 'xmlns']);
