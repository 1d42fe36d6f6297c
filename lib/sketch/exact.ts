import { intersectionSize } from './estimate';
import { type SketchOptions, resolveOptions } from './options';
import { Sketcher, canonicalSource, type InputFormat } from './sketch';

/**
 * Every distinct shingle fingerprint of a document, ascending: the full set F(A) that sketches sample,
 * made by the same code path as the sketch. Memory is 8 bytes per distinct shingle, so this is for
 * exact answers on small inputs, tests, and counting common shingles across a collection.
 */
export function shingleSet(input: string, opts?: Partial<SketchOptions> & { format?: InputFormat }): Float64Array {
  // A MIN_∞ sketch keeps every distinct fingerprint (minus ignored ones), sorted.
  const sk = new Sketcher({ ...resolveOptions(opts), size: Infinity });
  sk.update(canonicalSource(input, opts?.format));
  return sk.finish().min;
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
