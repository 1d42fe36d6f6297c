import { LIMITS, clip } from '../limits';
import { type AddedEngine, QUERY_PARAMS, addedSpec } from './added';
import { isPaidBlock } from './ads';
import { type Entry, partsOf } from './parts';
import { stripSnippetChrome } from './snippet';
import { textOf } from './text-of';
import type { StructureRead, readByStructure } from './structure';
import { nearestUp } from './structure-tree';
import { ENGINES } from './table';
import type { EngineSpec, EngineVariant, Extraction, SerpResult } from './types';
import { unwrapRedirect } from './unwrap';
import { hostnameOf, withoutWww } from '../url/host';
import { displayHost } from '../url/display-host';

export interface ExtractOptions {
  /** Hosts of SearXNG instances the user added. */
  searxngHosts?: readonly string[];
  /** Engines the user added (read by structure). */
  addedEngines?: readonly AddedEngine[];
  /** A page no engine claims (by its address or its markup) is read by structure all the same (the CLI). */
  anyPage?: boolean;
  /**
   * Filled, when given, with the elements each result spans (its root first), parallel to
   * `results`: the content script marks and hides them. Kept out of the Extraction, which is data.
   */
  blocks?: Element[][];
  /**
   * The structural reader (./structure.ts's readByStructure), given by the caller: `extract()`
   * (./extract.ts) always gives it; the content script gives it once its second script has brought it
   * (issue #41: not in the first script, which a page whose definition reads it never needs). Without
   * it only the definitions read.
   */
  structure?: typeof readByStructure;
}

/** The engine serving a results page at `url`, if any. */
export function findEngine(url: string, opts: ExtractOptions = {}): EngineSpec | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (opts.searxngHosts?.includes(u.host)) {
    const searxng = ENGINES.find((e) => e.id === 'searxng');
    return searxng?.path.test(u.pathname) ? searxng : undefined;
  }
  const builtIn = ENGINES.find(
    (e) => e.host.test(u.hostname) && e.path.test(u.pathname) && !(e.queryRequiredOn?.test(u.pathname) && !e.queryParams.some((k) => u.searchParams.get(k))),
  );
  if (builtIn) return builtIn;
  // An added engine never takes a built-in engine's host: its definition reads it (an import or a
  // synced setting could name google.com).
  const added = opts.addedEngines?.find((a) => a.host === u.hostname.toLowerCase());
  if (!added || ENGINES.some((e) => e.host.test(u.hostname))) return undefined;
  const spec = addedSpec(added);
  return spec.path.test(u.pathname) && u.searchParams.get(added.param) ? spec : undefined;
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

function firstText(block: readonly Element[], selectors: readonly string[] | undefined): string {
  for (const sel of selectors ?? []) {
    for (const el of block) {
      const t = clean(textOf(el.querySelector(sel)));
      if (t) return t;
    }
  }
  return '';
}

/** The elements a result spans: its root, and with spansSiblings the siblings up to the next root. */
function blockOf(root: Element, v: EngineVariant, roots: ReadonlySet<Element>): Element[] {
  const block = [root];
  if (v.spansSiblings) for (let s = root.nextElementSibling; s && !roots.has(s); s = s.nextElementSibling) block.push(s);
  return block;
}

function queryOf(engine: EngineSpec, doc: Document, url: string | undefined): string {
  if (url) {
    try {
      const p = new URL(url).searchParams;
      for (const k of engine.queryParams) {
        const v = p.get(k);
        if (v) return clip(v.trim(), LIMITS.query);
      }
    } catch {
      // not a URL: fall back to the page
    }
  }
  const input = engine.queryInput ? doc.querySelector(engine.queryInput) : null;
  return clip(clean(input?.getAttribute('value') ?? input?.textContent), LIMITS.query);
}

function readVariant(engine: EngineSpec, v: EngineVariant, doc: Document, base: string, blocks: Element[][]): SerpResult[] {
  const out: SerpResult[] = [];
  const entries: Entry[] = [];
  blocks.length = 0;
  const found = Array.from(doc.querySelectorAll(v.result));
  // Walks up kept per element (./structure-tree.ts): elements nested in each other pass their
  // ancestors once in all, not once each (a page of nested results costs its size, not its depth squared).
  const rowOf = v.rootClosest ? nearestUp(isIn(doc.querySelectorAll(v.rootClosest))) : undefined;
  const rootSet = new Set(rowOf ? found.map((el) => rowOf(el)).filter((el): el is Element => el !== null) : found);
  const roots = [...rootSet];
  // One selector for all excludes: a DOM without a selector cache compiles each one per call.
  const exclude = v.exclude?.length ? v.exclude.join(', ') : undefined;
  const rootAbove = nearestUp(isIn(rootSet));
  for (const root of roots) {
    // Nested roots are dropped first: only the outermost, apart from each other, walk up to an exclude.
    if (v.outermostOnly !== false && rootAbove(root.parentElement)) continue;
    if (exclude && root.closest(exclude)) continue;
    const a = root.querySelector(v.link);
    const href = a?.getAttribute('href');
    if (!href) continue;
    const direct = v.targetAttr ? root.getAttribute(v.targetAttr) : null;
    const target = direct && /^https?:\/\//i.test(direct) ? { url: direct } : unwrapRedirect(href, base);
    // An address over the limit cannot be shortened and stay the same page: that result alone is left
    // out (the background would refuse the whole batch for it).
    if (!target || target.url.length > LIMITS.url) continue;
    const t = ('parsed' in target && target.parsed) || new URL(target.url);
    const host = t.hostname;
    // The engine's own results pages (pagination, "searches related to") are not results; its other
    // pages are (google.com/maps is a fine answer to the query "google").
    if (!target.unresolved && engine.host.test(host) && engine.path.test(t.pathname)) continue;
    // The engine's own cards built like results (Baidu's encyclopedia).
    if (!target.unresolved && engine.cardHosts?.test(host)) continue;
    const title = clean((v.title ? root.querySelector(v.title) : a)?.textContent);
    if (!title) continue;
    const block = blockOf(root, v, rootSet);
    // A paid card in organic markup (an ad label or an ad click inside: lib/engines/ads.ts).
    if (isPaidBlock(block)) continue;
    const shown = firstText(block, v.displayUrl);
    const displayUrl = shown || host + t.pathname.replace(/\/$/, '');
    blocks.push(block);
    // Text fields are clipped to what the background accepts: their start is what resembles.
    const snippet = clip(stripSnippetChrome(firstText(block, v.snippet), engine, displayUrl), LIMITS.snippet);
    entries.push({ root, host: target.unresolved ? displayHost(shown) : host, ownDisplay: shown !== '', snippet });
    out.push({
      rank: out.length + 1,
      url: target.url,
      title: clip(title, LIMITS.title),
      // Without the engine's chrome (dates, crumbs, "Learn why"): only the page's words are evidence.
      snippet,
      displayUrl: clip(displayUrl, LIMITS.displayUrl),
      ...(target.unresolved ? { unresolved: true as const } : {}),
    });
  }
  return withParts(out, entries, blocks);
}

/**
 * Sitelinks and grouped entries a definition read as results, joined to their result (./parts.ts):
 * the structure tells them, whatever the selectors matched. `blocks` is rewritten in place.
 */
function withParts(results: SerpResult[], entries: readonly Entry[], blocks: Element[][]): SerpResult[] {
  const parent = partsOf(entries);
  if (parent.every((p, i) => p === i)) return results;
  const kept: SerpResult[] = [];
  const joined: Element[][] = [];
  parent.forEach((p, i) => {
    if (p === i) {
      kept.push({ ...results[i], rank: kept.length + 1 });
      joined.push(blocks[i]);
    } else joined[joined.length - 1].push(...blocks[i]);
  });
  blocks.splice(0, blocks.length, ...joined);
  return kept;
}

const isIn = (elements: Iterable<Element>) => {
  const set = new Set(elements);
  return (e: Element) => set.has(e);
};

function applicable(v: EngineVariant, doc: Document): boolean {
  return !v.detect || doc.querySelector(v.detect) !== null;
}

/**
 * When the structure reads instead of the definition: the definition read nothing, or at most a third
 * of what the structure finds less two. On every saved page a definition reads, the structure finds
 * what it reads (issue #41: test/unit/structure-reader.test.ts), so a definition that still
 * works is never overruled; one an engine's rebuild broke reads nothing or a remnant (a featured
 * snippet, one block of a kind the engine kept: 1 of 10 is overruled, 3 of 10 is not). The structure
 * costs several times the definition's read (npm run bench), so it is read only when it can win.
 */
export function structureWins(specCount: number, structureCount: number): boolean {
  return structureCount > 0 && specCount < TRUSTED && (specCount === 0 || structureCount >= 3 * specCount + 2);
}

/** A definition reading this many results is trusted whatever the structure finds (and the structure is not read). */
const TRUSTED = 3;

/**
 * Whether a read made without the structural reader may change once it is given (issue #41): its
 * definition read fewer than TRUSTED results, which the structure could overrule (structureWins).
 */
export const structureMayOverrule = (x: Extraction | undefined): boolean => x !== undefined && x.results.length < TRUSTED;

function byStructure(
  read: typeof readByStructure | undefined,
  engine: Pick<EngineSpec, 'host' | 'path' | 'snippetChrome' | 'cardHosts'> | undefined,
  doc: Document,
  base: string,
  query: string,
): StructureRead {
  if (!read) return { results: [], blocks: [] };
  const own = engine?.host ?? hostPattern(base);
  return read(doc, {
    base,
    query,
    isEnginePage: (u) => own.test(u.hostname) && (engine ? engine.path.test(u.pathname) : u.pathname === new URL(base).pathname),
    isEngineHost: (h) => own.test(h),
    engine,
  });
}

/** A page's own host (and its www. twin) when no engine is known. */
function hostPattern(base: string): RegExp {
  const h = withoutWww(hostnameOf(base) ?? 'example.invalid');
  return new RegExp(`^(www\\.)?${h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

function extractWith(engine: EngineSpec, doc: Document, url: string | undefined, blocks: Element[][] = [], read?: typeof readByStructure): Extraction {
  const home = `https://${engine.matches[0]?.split('/')[2]?.replace('*.', 'www.') ?? 'example.invalid'}/`;
  const base = url ?? home;
  const query = queryOf(engine, doc, url);
  let first: string | undefined;
  let spec: Extraction | undefined;
  const specBlocks: Element[][] = [];
  for (const v of engine.variants) {
    if (!applicable(v, doc)) continue;
    first ??= v.name;
    const results = readVariant(engine, v, doc, base, specBlocks);
    if (results.length) {
      spec = { engine: engine.id, variant: v.name, query, results, reader: 'spec' };
      break;
    }
  }
  // A definition that reads 3 results or more stays (structureWins): the structure is not read at all.
  const specCount = spec?.results.length ?? 0;
  const s = specCount < TRUSTED ? byStructure(read, engine, doc, /^file:/.test(base) ? home : base, query) : { results: [], blocks: [] };
  if (structureWins(specCount, s.results.length)) {
    blocks.splice(0, blocks.length, ...s.blocks);
    return { engine: engine.id, variant: 'structure', query, results: s.results, reader: 'structure' };
  }
  blocks.splice(0, blocks.length, ...specBlocks);
  return spec ?? { engine: engine.id, variant: first ?? 'none', query, results: [], reader: engine.variants.length ? 'spec' : 'structure' };
}

/** The query of a page no engine claims: the usual parameters, else the first search box's value. */
function anyQuery(doc: Document, url: string | undefined): string {
  try {
    const p = new URL(url ?? '').searchParams;
    for (const k of QUERY_PARAMS) {
      const v = p.get(k);
      if (v) return clip(v.trim(), LIMITS.query);
    }
  } catch {
    // no address
  }
  const input = doc.querySelector('input[type="search"], input[name="q"], input[name="query"]');
  return clip(clean(input?.getAttribute('value')), LIMITS.query);
}

/**
 * The organic results of a results page: `{engine, query, results: [{rank, url, title, snippet,
 * displayUrl}], reader}`. The engine comes from the URL; without one (a saved file), from the markup.
 * Each engine's definition reads first; the structure reads when it reads nothing or clearly less
 * (structureWins). Undefined when no engine's results page is recognized (unless `anyPage`: then the
 * structure reads it). The same code runs in the content script and, over linkedom, in the CLI.
 */
export function extractCore(doc: Document, url?: string, opts: ExtractOptions = {}): Extraction | undefined {
  const byUrl = url ? findEngine(url, opts) : undefined;
  if (byUrl) return extractWith(byUrl, doc, url, opts.blocks, opts.structure);
  const saved = !url || /^file:/.test(url);
  if (!saved && !opts.anyPage) return undefined;
  let best: Extraction | undefined;
  let bestBlocks: Element[][] = [];
  if (saved) {
    for (const e of ENGINES) {
      if (!e.variants.some((v) => v.detect && applicable(v, doc))) continue;
      const blocks: Element[][] = [];
      const x = extractWith(e, doc, undefined, blocks, opts.structure);
      if (!best || x.results.length > best.results.length) [best, bestBlocks] = [x, blocks];
    }
  }
  if (!best && opts.anyPage) {
    const base = saved ? 'https://example.invalid/' : url!;
    const query = anyQuery(doc, url);
    const s = byStructure(opts.structure, undefined, doc, base, query);
    best = { engine: saved ? 'unknown' : clip(new URL(base).hostname, LIMITS.engine), variant: 'structure', query, results: s.results, reader: 'structure' };
    bestBlocks = s.blocks;
  }
  if (opts.blocks) opts.blocks.splice(0, opts.blocks.length, ...bestBlocks);
  return best;
}
