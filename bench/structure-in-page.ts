/**
 * Bundled into the results page by bench/structure.bench.ts (esbuild, iife): times, on the live
 * document, the structural reader (lib/engines/structure.ts, issue #27) against the engine's
 * definition read alone, and extract() as the content script runs it (definition and structure).
 *
 * `spec-only:extract` is lib/engines/extract.ts bundled a second time with its `./structure` import
 * replaced by a reader that reads nothing (the bench's esbuild plugin): its extract() is the
 * definition read alone, as it was before the structural reader (structureWins never fires).
 */
// @ts-expect-error a virtual module of the bench's esbuild plugin: lib/engines/extract.ts without the structural reader
import { extract as specOnly } from 'spec-only:extract';
import { extract, findEngine } from '../lib/engines/extract';
import { readByStructure } from '../lib/engines/structure';
import type { Extraction } from '../lib/engines/types';
import { verticalCards } from '../lib/engines/vertical-cards';

export interface InPage {
  structure: number[];
  spec: number[];
  extract: number[];
  /** verticalCards() after extract() with its blocks (issue #41): the content script's next step. */
  cards: number[];
  counts: { structure: number; spec: number; extract: number; cards: number };
  specReader: string;
  extractReader: string;
  /** The structure's results are the definition's, by address and in order. */
  sameUrls: boolean;
  elements: number;
}

function run(rounds: number, warm: number): InPage {
  const url = location.href;
  const engine = findEngine(url);
  if (!engine) throw new Error(`no engine for ${url}`);
  const query = engine.queryParams.map((k) => new URL(url).searchParams.get(k)).find(Boolean) ?? '';
  // The options extract() gives the reader (byStructure in lib/engines/extract.ts).
  const opts = {
    base: url,
    query,
    isEnginePage: (u: URL) => engine.host.test(u.hostname) && engine.path.test(u.pathname),
    isEngineHost: (h: string) => engine.host.test(h),
    engine,
  };
  const spec = specOnly as (doc: Document, url?: string) => Extraction | undefined;
  const t: InPage = {
    structure: [],
    spec: [],
    extract: [],
    cards: [],
    counts: { structure: 0, spec: 0, extract: 0, cards: 0 },
    specReader: '',
    extractReader: '',
    sameUrls: false,
    elements: document.getElementsByTagName('*').length,
  };
  // Interleaved in each round, so that drift in the machine's load falls on all three.
  for (let i = -warm; i < rounds; i++) {
    let s = performance.now();
    const st = readByStructure(document, opts);
    const a = performance.now() - s;
    s = performance.now();
    const sp = spec(document, url);
    const b = performance.now() - s;
    s = performance.now();
    const blocks: Element[][] = [];
    const x = extract(document, url, { blocks });
    const c = performance.now() - s;
    s = performance.now();
    const cards = verticalCards(document, blocks, { url, engine });
    const d = performance.now() - s;
    if (i < 0) continue;
    t.structure.push(a);
    t.spec.push(b);
    t.extract.push(c);
    t.cards.push(d);
    t.counts = { structure: st.results.length, spec: sp?.results.length ?? 0, extract: x?.results.length ?? 0, cards: cards.length };
    t.specReader = sp?.reader ?? '';
    t.extractReader = x?.reader ?? '';
    t.sameUrls = JSON.stringify(st.results.map((r) => r.url)) === JSON.stringify(sp?.results.map((r) => r.url) ?? []);
  }
  return t;
}

(globalThis as unknown as { __structureBench: typeof run }).__structureBench = run;
