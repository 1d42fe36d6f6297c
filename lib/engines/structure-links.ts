import { LIMITS } from '../limits';
import { displayHost } from '../url/display-host';
import type { EngineSpec } from './types';
import { nearestUp } from './structure-tree';
import { textWithin } from './text-of';
import { unwrapRedirect } from './unwrap';

/**
 * The structural reader's first step (./structure.ts): the page's title links, each tied to a heading
 * or, without one, known by its tag path; the parts of a page that never hold results, by tags and roles.
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
  /** The engine's chrome in snippets and its own cards' hosts, when the engine is known. */
  engine?: Pick<EngineSpec, 'snippetChrome' | 'cardHosts'>;
}

/** Links looked at on one page: a results page of 1,000 results has about 10,000. */
export const MAX_LINKS = 50_000;

const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
export const isHeading = (e: Element) => HEADING_TAGS.has(e.tagName) || e.getAttribute('role') === 'heading';

/** Parts of a page that are never its results: its navigation, side column, dialogs, hidden parts, controls. */
const OUTSIDE_TAGS = new Set(['NAV', 'ASIDE', 'TEMPLATE', 'NOSCRIPT', 'SELECT', 'BUTTON'].flatMap((t) => [t, t.toLowerCase()]));
const OUTSIDE_ROLES = new Set(['navigation', 'complementary', 'banner', 'contentinfo', 'dialog', 'menu', 'tablist', 'search']);
/** `header`/`footer` are the page's banner and footer only outside a sectioning element. */
const EDGE_TAGS = new Set(['HEADER', 'FOOTER', 'header', 'footer']);
const SECTIONING_TAGS = new Set(['ARTICLE', 'SECTION', 'MAIN', 'LI', 'TD']);

export const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

export interface Candidate {
  a: Element;
  /** The heading it is tied to (the link's own text without one). */
  heading?: Element;
  /** The form of the title: `a>h3`, `h2>a`, or the link's tag path without a heading. */
  form: string;
  title: string;
  url: string;
  unresolved?: true;
  /** `url` parsed, when it was (a link that is no redirect). */
  parsed?: URL;
}

/**
 * Whether an element lies in a part of the page that is never its results, by its ancestors' tags,
 * roles and `hidden`; answers are kept per element (`memo`), so a page's links cost one walk up in all.
 */
function outside(a: Element, memo: Map<Element, boolean>, sectioned: (e: Element | null) => Element | null): boolean {
  const path: Element[] = [];
  let verdict = false;
  for (let e: Element | null = a; e; e = e.parentElement) {
    const known = memo.get(e);
    if (known !== undefined) {
      verdict = known;
      break;
    }
    path.push(e);
    // Both cases in the sets: an HTML document's tags are upper-case, an XML one's as written.
    const tag = e.tagName;
    const role = e.getAttribute('role');
    if (OUTSIDE_TAGS.has(tag) || (role !== null && OUTSIDE_ROLES.has(role)) || e.hasAttribute('hidden')) {
      verdict = true;
      break;
    }
    if (EDGE_TAGS.has(tag) && !sectioned(e.parentElement)) {
      verdict = true;
      break;
    }
  }
  for (const e of path) memo.set(e, verdict);
  return verdict;
}

const isSectioning = (e: Element) => SECTIONING_TAGS.has(e.tagName.toUpperCase()) || e.getAttribute('role') === 'main';

/** Whether a link lies in a part of the page that is never its results (see outside()), answers kept across calls. */
export function outsideResults(): (a: Element) => boolean {
  const memo = new Map<Element, boolean>();
  const sectioned = nearestUp(isSectioning);
  return (a) => outside(a, memo, sectioned);
}

/** The tag path of an element, `depth` levels up: the form of a link without a heading. */
function tagPath(el: Element, depth: number): string {
  const tags: string[] = [];
  for (let e: Element | null = el; e && tags.length < depth; e = e.parentElement) tags.push(e.tagName.toLowerCase());
  return tags.reverse().join('>');
}

const headTag = (h: Element) => (h.getAttribute('role') === 'heading' ? `role${h.getAttribute('aria-level') ?? ''}` : h.tagName.toLowerCase());

/** Where a link goes, when it can be a result: http(s), not one of the engine's results pages. */
function targetOf(a: Element, o: StructureOptions, displayHost: () => string | undefined): { url: string; unresolved?: true; parsed?: URL } | undefined {
  const href = a.getAttribute('href');
  if (!href || href.startsWith('#') || /^\s*javascript:/i.test(href)) return undefined;
  const t = unwrapRedirect(href, o.base);
  if (!t || t.url.length > LIMITS.url) return undefined;
  if (t.unresolved) return t;
  const u = t.parsed ?? new URL(t.url);
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
export function candidates(_doc: Document, o: StructureOptions, links: ArrayLike<Element>): Candidate[] {
  const out: Candidate[] = [];
  const isOutside = outsideResults();
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
    if (isOutside(a)) continue;
    const c = candidate(a, heading, form || tagPath(a, 4), o);
    if (!c || (!heading && c.title.length < 12)) continue;
    if (heading) seenHeadings.add(heading);
    out.push(c);
  }
  return out;
}

/** A heading inside a title link (its first in document order, at most four levels in, 64 elements looked at). */
function headingInside(a: Element): Element | undefined {
  let budget = 64;
  // The elements whose children are being looked at, below `a`: `k`'s level is open.length + 1.
  const open: Element[] = [];
  let k = a.firstElementChild;
  for (;;) {
    if (k && budget-- > 0) {
      if (isHeading(k)) return k;
      if (open.length < 3) {
        open.push(k);
        k = k.firstElementChild;
      } else k = k.nextElementSibling;
    } else if (!k && open.length) k = (open.pop() as Element).nextElementSibling;
    else return undefined;
  }
}

/** Nodes and characters read of a title: twice what is kept of it (LIMITS.title), bounded for links nested in links (linkedom keeps them). */
const TITLE_READ = 2 * LIMITS.title;

function candidate(a: Element, heading: Element | undefined, form: string, o: StructureOptions): Candidate | undefined {
  const title = clean(textWithin(heading ?? a, { left: TITLE_READ }).text);
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
    if (n.tagName.toUpperCase() === 'CITE') return clean(textWithin(n, { left: 4096 }).text).slice(0, 300);
  }
  return '';
}

/** Elements looked at around one link for a display URL. */
const NEAR_BUDGET = 48;
