/**
 * Issue #38's deep page for bench/structure.bench.ts: 100,000 nested divs around one title link, as
 * `resemble serp` reads a saved page (linkedom in Node, no browser): the parse, then the structural
 * reader alone and extract() (goal: the read ≤ 1 s). The parse is linkedom's (htmlparser2's open-tag
 * stack costs the depth at each tag: quadratic), printed apart so that the two are never confused.
 */
import { parseHTML } from 'linkedom';
import { extract } from '../lib/engines/extract';
import { readByStructure } from '../lib/engines/structure';
import { median } from './timing';

export const DEEP_DEPTH = 100_000;
const GOAL_MS = 1000;

export function deepPageHtml(depth: number): string {
  return `<html><body>${'<div>'.repeat(depth)}<a href="https://a.example/page"><h3>A title</h3></a> a snippet${'</div>'.repeat(depth)}</body></html>`;
}

export interface DeepRead {
  out: { depth: number; rounds: number; results: number; parseMs: number; structureMs: number; extractMs: number };
  goal: { target: number; value: number; met: boolean };
  lines: string[];
}

export function measureDeep(rounds: number): DeepRead {
  let t = performance.now();
  const doc = parseHTML(deepPageHtml(DEEP_DEPTH)).document as unknown as Document;
  const parseMs = performance.now() - t;
  const opts = { base: 'https://example.invalid/', isEnginePage: () => false, isEngineHost: () => false };
  const structure: number[] = [];
  const whole: number[] = [];
  let results = 0;
  for (let i = 0; i < rounds; i++) {
    t = performance.now();
    results = readByStructure(doc, opts).results.length;
    structure.push(performance.now() - t);
    t = performance.now();
    extract(doc, undefined, { anyPage: true });
    whole.push(performance.now() - t);
  }
  const readMs = median(structure);
  const extractMs = median(whole);
  const r = (x: number) => Number(x.toPrecision(4));
  return {
    out: { depth: DEEP_DEPTH, rounds, results, parseMs: r(parseMs), structureMs: r(readMs), extractMs: r(extractMs) },
    goal: { target: GOAL_MS, value: r(extractMs), met: extractMs <= GOAL_MS },
    lines: [
      `  ${DEEP_DEPTH.toLocaleString('en')} nested divs (linkedom in Node, as resemble serp), ${rounds} rounds: parse ${parseMs.toFixed(0)} ms (linkedom's own, quadratic in depth),`,
      `    readByStructure ${readMs.toFixed(1)} ms, extract() ${extractMs.toFixed(1)} ms (goal ≤ ${GOAL_MS}: ${extractMs <= GOAL_MS ? 'met' : 'NOT met'}), ${results} result`,
    ],
  };
}
