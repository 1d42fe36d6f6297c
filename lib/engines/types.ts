import type { EngineHead, EngineId } from './heads';

/**
 * One markup an engine serves (e.g. Google's JS page and its basic/no-JS page). All selectors are CSS,
 * evaluated with querySelector(All), so the same data drives the content script and the CLI.
 * When an engine changes its markup, the fix is a change here.
 */
export interface EngineVariant {
  name: string;
  /** The variant applies when this matches the document (omit: always). */
  detect?: string;
  /** Roots of result blocks, in page order (or elements inside them: see rootClosest). */
  result: string;
  /** The root is the closest ancestor of each `result` match matching this (a way to say
   * "the row holding a result link" without :has(), which Firefox before 121 lacks). */
  rootClosest?: string;
  /** Within a root: the anchor whose href is the target. */
  link: string;
  /** Within a root: the title element (default: the link). */
  title?: string;
  /** Within a root: snippet candidates, first non-empty wins. */
  snippet: string[];
  /** Within a root: display URL candidates, first non-empty wins (default: the target's host + path). */
  displayUrl?: string[];
  /** A root inside (or matching) any of these is not organic: ads, "people also ask", related searches,
   * knowledge panels, image/video/news/shopping/map blocks. */
  exclude?: string[];
  /** Drop roots nested inside another root (sitelinks, grouped results). Default true. */
  outermostOnly?: boolean;
  /** An attribute of the root holding the real target when the link is an opaque redirect (Baidu's
   * `mu`); used when it is an http(s) URL. */
  targetAttr?: string;
  /** A result spans its root and the following siblings up to the next root (DuckDuckGo Lite's table
   * rows): snippet and display URL are looked for in all of them. */
  spansSiblings?: boolean;
}

/**
 * A text an engine shows in place of a snippet when it has none to show (the page blocks crawling,
 * the page was never read), or words it adds beside such a text ("Learn why"): no evidence about
 * the page, so results showing it never group by their snippet (lib/engines/placeholders.ts).
 */
export interface SnippetText {
  /** BCP 47 language the engine serves it in. */
  lang: string;
  /** As the engine shows it; matched after canonicalization (NFKC, case folding, punctuation ignored). */
  text: string;
}

/** A built-in engine's id, or an engine the user added (lib/engines/added.ts). */
export type AnyEngineId = EngineId | `added:${string}`;

export interface EngineSpec extends EngineHead {
  id: AnyEngineId;
  /** Hostnames served by the engine (all country domains). */
  host: RegExp;
  /** Paths of results pages. */
  path: RegExp;
  /** Query-string parameters holding the query, first present wins. */
  queryParams: string[];
  /** Fallback: an input holding the query. */
  queryInput?: string;
  /** Content-script match patterns (built-in engines work on install). */
  matches: string[];
  /** Paths that are results pages only with a query (DuckDuckGo's home page shares its path). */
  queryRequiredOn?: RegExp;
  variants: EngineVariant[];
  /** Whole snippets that stand in for a missing one (see SnippetText). */
  placeholders?: readonly SnippetText[];
  /** Words the engine puts beside a placeholder (a "Learn why" link): a snippet made of placeholders
   * and fillers only is a placeholder. */
  fillers?: readonly SnippetText[];
  /** The engine's chrome inside snippet elements ("Missing: … | Must include: …", "Cached"): each
   * match is cut out of the snippet by the extractor (dates and display-URL crumbs, common to many
   * engines, are cut by lib/engines/snippet.ts for all). */
  snippetChrome?: readonly RegExp[];
  /** Hosts of the engine's own properties it shows only as its own cards (Baidu's encyclopedia, Baike):
   * a link there is one of those cards, never an organic result. Data, not markup: the card is built
   * like a result, so the structural reader cannot tell it otherwise. */
  cardHosts?: RegExp;
}

export interface SerpResult {
  rank: number;
  url: string;
  title: string;
  snippet: string;
  displayUrl: string;
  /** The engine's redirect could not be undone (Baidu's opaque link?url=): `url` is the redirect. */
  unresolved?: true;
}

/**
 * How a results page was read: by the engine's definition (its spec's selectors), or by its structure
 * (lib/engines/structure.ts) because the definition read nothing or clearly less, or because the engine
 * has none (an engine the user added, a saved page of an unknown engine).
 */
export type Reader = 'spec' | 'structure';

export interface Extraction {
  /** A built-in or added engine's id; for a saved page no engine claims, the page's host or 'unknown'. */
  engine: string;
  variant: string;
  query: string;
  results: SerpResult[];
  reader: Reader;
}
