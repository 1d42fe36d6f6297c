/**
 * A forged page (issue #28): only the shingles a target's sketch keeps, built with the lib's own
 * sketcher under the given options (seed included), so its sketch measures as the target's copy
 * (containment ~1) while it holds none of the target's sentences. `order`: 'shuffled' (words out of
 * order, the cheap forgery) or 'text' (kept shingles in the target's order, overlapping ones merged:
 * the most of the target's wording such a page can hold).
 */
import { type SketchOptions, sketchText } from '../../../lib/index';
import { tokens } from '../../../lib/text/tokens';

export function forge(target: string, o: SketchOptions, order: 'shuffled' | 'text' = 'shuffled'): string {
  const t = sketchText(target, o);
  const kept = new Set([...t.min, ...t.mod]);
  // Canonical tokens: each window's fingerprint is then exactly the one the target's sketch computed.
  const words = tokens(target);
  const w = o.shingle;
  const at: number[] = [];
  const seen = new Set<number>();
  for (let i = 0; i + w <= words.length; i++) {
    const fp = sketchText(words.slice(i, i + w).join(' '), o).min[0];
    if (kept.has(fp) && !seen.has(fp)) seen.add(fp), at.push(i);
  }
  if (order === 'text') {
    // Runs of overlapping kept shingles, each run written once, runs apart.
    const runs: string[] = [];
    let from = -1;
    let to = -1;
    for (const i of at) {
      if (i <= to) to = i + w;
      else {
        if (from >= 0) runs.push(words.slice(from, to).join(' '));
        from = i;
        to = i + w;
      }
    }
    if (from >= 0) runs.push(words.slice(from, to).join(' '));
    return runs.join('\n\n');
  }
  // A fixed shuffle (deterministic): the forger's order does not matter to the sketch's kept values.
  let s = 12345;
  const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const frags = at.map((i) => words.slice(i, i + w).join(' '));
  for (let i = frags.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [frags[i], frags[j]] = [frags[j], frags[i]];
  }
  return frags.join(' ');
}
