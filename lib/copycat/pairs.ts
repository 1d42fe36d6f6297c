import { containment, resemblance } from '../sketch/estimate';
import type { Sketch } from '../sketch/sketch';
import { type CopyThresholds, type MeasuredPair, type PairPage, areCopies } from './evidence';
import { siteOf } from './site';

/** A result with its fetched page's sketch. */
export interface SketchedPage extends PairPage {
  sketch: Sketch;
}

/**
 * Every pair of pages on different sites that measure as copies (resemblance, or containment either
 * way, at the thresholds), with all three measures: the evidence issue #19 keeps. Pairs grow as n², but
 * a results page has tens of checked pages and each measure reads two sketches of a few hundred values.
 */
export function copyPairs(pages: readonly SketchedPage[], t: CopyThresholds): MeasuredPair[] {
  const sited = pages.map((p) => ({ p, site: siteOf(p.url) })).filter((x) => x.site && x.p.sketch.tokens > 0);
  const out: MeasuredPair[] = [];
  for (let i = 0; i < sited.length; i++) {
    for (let j = i + 1; j < sited.length; j++) {
      const a = sited[i];
      const b = sited[j];
      if (a.site === b.site || a.p.sketch.shingle !== b.p.sketch.shingle || a.p.sketch.seed !== b.p.sketch.seed) continue;
      const m = { resemblance: resemblance(a.p.sketch, b.p.sketch), aInB: containment(a.p.sketch, b.p.sketch), bInA: containment(b.p.sketch, a.p.sketch) };
      const page = ({ sketch: _, ...rest }: SketchedPage): PairPage => rest;
      if (areCopies(m, t)) out.push({ a: page(a.p), b: page(b.p), ...m });
    }
  }
  return out;
}
