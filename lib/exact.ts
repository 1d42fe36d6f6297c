import { intersectionSize } from './estimate';
import { type SketchOptions, resolveOptions } from './options';
import { Sketcher, canonicalSource, type InputFormat } from './sketch';

/**
 * Every distinct shingle fingerprint of a document, ascending: the full set F(A) that sketches sample,
 * made by the same code path as the sketch. Memory is 8 bytes per shingle occurrence, so this is for
 * exact answers on small inputs, tests, and counting common shingles across a collection.
 */
export function shingleSet(input: string, opts?: Partial<SketchOptions> & { format?: InputFormat }): Float64Array {
  const o = resolveOptions(opts);
  const sk = new Sketcher(o);
  sk.all = [];
  sk.update(canonicalSource(input, opts?.format));
  const all = sk.all;
  sk.finish();
  const sorted = Float64Array.from(all).sort();
  let u = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (u > 0 && sorted[i] === sorted[u - 1]) continue;
    if (o.ignore?.has(sorted[i])) continue;
    sorted[u++] = sorted[i];
  }
  return sorted.slice(0, u);
}

export function exactResemblance(a: Float64Array, b: Float64Array): number {
  const inter = intersectionSize(a, b);
  const union = a.length + b.length - inter;
  return union === 0 ? 0 : inter / union;
}

/** Exact containment of A in B. */
export function exactContainment(a: Float64Array, b: Float64Array): number {
  return a.length === 0 ? 0 : intersectionSize(a, b) / a.length;
}
