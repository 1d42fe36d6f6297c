import { ROLL_A, ROLL_B, WHOLE_A, WHOLE_B, finishFingerprint, powMod32, seedLanes } from './hash';
import type { SketchOptions } from './options';
import { SKETCH_FORMAT, type Sketch } from './sketch';
import { sortRange } from './sort';
import { WordHashes, hashWords } from './text/tokenize';

/** Texts up to this many characters are tried on the short path (a snippet is ~200). */
export const SHORT_CHARS = 2048;

const words = new WordHashes();
let fps = new Float64Array(512);

/**
 * A short text whose every distinct shingle fits in both MIN_s and MOD_1 (a search snippet): its
 * sketch is its whole shingle set, so there is nothing to select. Sorting the few fingerprints once
 * replaces the streaming machinery, whose fixed cost dominated at this size. Returns undefined when the
 * text has more distinct shingles than that (the caller streams it) or when `ignore` is set.
 * Fingerprints are those of the streaming scan (`finishFingerprint` on the seeded rolling lanes).
 */
export function sketchShort(text: string, o: SketchOptions): Sketch | undefined {
  if (o.ignore !== undefined || text.length > SHORT_CHARS || text.length > o.maxChars) return undefined;
  words.n = 0;
  hashWords(text, words);
  const n = words.n;
  if (n === 0) return undefined; // the streaming path reports EMPTY_INPUT
  const win = Math.min(o.shingle, n);
  const count = n - win + 1;
  const cap = Math.min(o.size, o.modMax);
  if (count > 4 * cap) return undefined;
  if (fps.length < count) fps = new Float64Array(count);
  const { a: A, b: B } = words;
  const powA = powMod32(ROLL_A, win);
  const powB = powMod32(ROLL_B, win);
  const [sa, sb] = seedLanes(o.seed);
  let ha = 0;
  let hb = 0;
  let wa = 0;
  let wb = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    wa = (Math.imul(wa, WHOLE_A) + A[i]) | 0;
    wb = (Math.imul(wb, WHOLE_B) + B[i]) | 0;
    ha = (Math.imul(ha, ROLL_A) + A[i]) | 0;
    hb = (Math.imul(hb, ROLL_B) + B[i]) | 0;
    if (i >= win) {
      ha = (ha - Math.imul(A[i - win], powA)) | 0;
      hb = (hb - Math.imul(B[i - win], powB)) | 0;
    }
    if (i >= win - 1) fps[k++] = finishFingerprint(ha ^ sa, hb ^ sb);
  }
  sortRange(fps, 0, count);
  let u = 0;
  for (let i = 0; i < count; i++) if (u === 0 || fps[i] !== fps[u - 1]) fps[u++] = fps[i];
  if (u > cap || u >= o.size) return undefined;
  const min = fps.slice(0, u);
  return {
    format: SKETCH_FORMAT,
    shingle: o.shingle,
    size: o.size,
    seed: o.seed,
    min,
    mod: min,
    modBits: 0,
    tokens: n,
    shingles: count,
    distinct: u,
    whole: finishFingerprint(wa ^ n, wb),
    truncated: false,
  };
}
