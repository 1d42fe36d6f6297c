import { mulberry32 } from './random';

/** Random word-level edits (substitute, delete, insert) at the given rate, reproducibly from `seed`. */
export function editWords(text: string, rate: number, seed: number): string {
  const rnd = mulberry32(seed);
  const words = text.split(/\s+/);
  const out: string[] = [];
  for (const w of words) {
    const r = rnd();
    if (r < rate / 3) continue; // delete
    if (r < (2 * rate) / 3)
      out.push(`x${Math.floor(rnd() * 1e6).toString(36)}`); // substitute
    else out.push(w);
    if (rnd() < rate / 3) out.push(`y${Math.floor(rnd() * 1e6).toString(36)}`); // insert
  }
  return out.join(' ');
}
