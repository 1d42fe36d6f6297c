/**
 * The attack of issue #28 ("Forged sketches"): with the public seed 0, anyone computes which of a page's
 * 5-word shingles its sketch keeps (MIN_s and MOD) and writes a page of only those windows. Used by the
 * unit test (numbers) and the e2e test (the extension does not group such a page with its target).
 */
import { PAGE_OPTIONS, sketchText } from '../../../lib/index';

/** The target's 5-word windows whose fingerprints its sketch under `seed` keeps, joined into sentences. */
export function forgeFromSample(target: string, seed = 0): string {
  const o = { ...PAGE_OPTIONS, seed };
  const words = target.split(/\s+/).filter(Boolean);
  const kept = sketchText(target, o);
  const sample = new Set([...kept.min, ...kept.mod]);
  const out: string[] = [];
  for (let i = 0; i + o.shingle <= words.length; i++) {
    const w = words.slice(i, i + o.shingle).join(' ');
    if (sample.has(sketchText(w, o).min[0])) out.push(w);
  }
  return out.join('. ');
}
