/** The w-shingles of a token sequence as strings (the paper's option B: a set). For exact checks and tests. */
export function stringShingles(tokens: readonly string[], w: number): Set<string> {
  const out = new Set<string>();
  const win = Math.max(1, Math.min(w, tokens.length));
  for (let i = 0; i + win <= tokens.length; i++) out.add(tokens.slice(i, i + win).join(' '));
  return out;
}
