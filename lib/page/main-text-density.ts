/**
 * Pass 2 of main-text extraction (./main-text.ts): text lengths per subtree, and a Readability-style
 * density pick of the main block over the elements kept.
 */
import type { MainTextTuning } from './main-text-tuning';
import { classWeight } from './chrome';
import { F_BLOCK_CHILD, PARAGRAPH, type PageRecord, TAG_WEIGHT } from './main-text-record';

/** Bottom-up sums (children follow their parent in pre-order): text, link text, commas per subtree. */
export function sums(r: PageRecord, kept: (i: number) => boolean) {
  const n = r.el.length;
  const total = new Float64Array(n);
  const link = new Float64Array(n);
  const commas = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    if (!kept(i)) continue;
    total[i] += r.own[i];
    link[i] += r.ownLink[i];
    commas[i] += r.ownCommas[i];
    const p = r.parent[i];
    if (p >= 0) {
      total[p] += total[i];
      link[p] += link[i];
      commas[p] += commas[i];
    }
  }
  return { total, link, commas };
}

interface Density {
  /** Best candidate after Readability's refinements (-1: none). */
  top: number;
  /** Elements whose text is the main text: top, or top and its qualifying siblings. */
  parts: number[];
  score: Float64Array;
}

/** Readability's content scoring over the kept elements under `root`. */
export function densityPick(
  r: PageRecord,
  root: number,
  kept: Uint8Array,
  total: Float64Array,
  link: Float64Array,
  commas: Float64Array,
  tune: MainTextTuning,
): Density {
  const n = r.el.length;
  const score = new Float64Array(n);
  const isCand = new Uint8Array(n);
  const { parent, tag, flags } = r;
  const rootEnd = r.after[root];
  const init = (a: number) => {
    isCand[a] = 1;
    let s = TAG_WEIGHT[tag[a]] ?? 0;
    if (a !== root && r.names[a]) s += classWeight(r.names[a]);
    score[a] = s;
  };
  for (let i = root + 1; i < rootEnd; i++) {
    if (!kept[i]) continue;
    const t = tag[i];
    const para = PARAGRAPH.has(t) || ((t === 'div' || t === 'section') && !(flags[i] & F_BLOCK_CHILD));
    if (!para || total[i] < 20) continue;
    const s = 1 + commas[i] + Math.min(Math.floor(total[i] / 100), 3);
    let a = parent[i];
    for (let level = 0; level < 5 && a >= root && a > 0; level++) {
      if (!isCand[a]) init(a);
      score[a] += s / (level === 0 ? 1 : level === 1 ? 2 : level * 3);
      if (a === root) break;
      a = parent[a];
    }
  }
  const cands: number[] = [];
  for (let i = root; i < rootEnd; i++) {
    if (!isCand[i]) continue;
    score[i] *= 1 - (total[i] > 0 ? link[i] / total[i] : 0);
    cands.push(i);
  }
  if (cands.length === 0) return { top: -1, parts: [], score };
  cands.sort((a, b) => score[b] - score[a] || a - b);
  let top = cands[0];
  if (score[top] <= 0) return { top: -1, parts: [], score }; // nothing reads like running text
  const contains = (a: number, d: number) => {
    while (d > a) d = parent[d];
    return d === a;
  };
  // Several near-best candidates (book chapters, split article bodies): their common ancestor.
  const alts = cands.slice(1, 5).filter((c) => score[c] / score[top] >= 0.75);
  if (alts.length >= 3) {
    for (let a = parent[top]; a >= root && a > 0; a = parent[a]) {
      let holds = 0;
      for (const c of alts) if (contains(a, c)) holds++;
      if (holds >= 3) {
        top = a;
        break;
      }
      if (a === root) break;
    }
  }
  // Scores rising on the way up: more content lurks beside the top candidate.
  if (top !== root) {
    let last = score[top];
    const threshold = last / 3;
    for (let a = parent[top]; a > root; a = parent[a]) {
      if (!isCand[a]) continue;
      if (score[a] < threshold) break;
      if (score[a] > last) {
        top = a;
        break;
      }
      last = score[a];
    }
  }
  // An only child says no more than its parent.
  while (top !== root && parent[top] !== root && parent[top] > 0) {
    const p = parent[top];
    let kids = 0;
    for (let i = p + 1; i < r.after[p]; i = r.after[i]) if (kept[i]) kids++;
    if (kids !== 1) break;
    top = p;
  }
  if (top === root) return { top, parts: [root], score };
  // Siblings that look like more of the same article.
  const p = parent[top];
  const threshold = Math.max(10, score[top] * 0.2);
  const topClass = (r.el[top] as Element).getAttribute?.('class') ?? '';
  const parts: number[] = [];
  for (let i = p + 1; i < r.after[p]; i = r.after[i]) {
    if (!kept[i]) continue;
    if (i === top) {
      parts.push(i);
      continue;
    }
    let bonus = 0;
    if (topClass && (r.el[i] as Element).getAttribute?.('class') === topClass) bonus = score[top] * 0.2;
    if (isCand[i] && score[i] + bonus >= threshold) parts.push(i);
    else if (tag[i] === 'p') {
      const len = total[i];
      const ld = len > 0 ? link[i] / len : 0;
      if (len > 65 && ld < 0.25) parts.push(i);
      else if (len > 0 && ld === 0 && /\.(?:\s|$)/.test((r.el[i] as Element).textContent ?? '')) parts.push(i);
    }
  }
  // Prose outside the pick, at every level up to the root: blocks of running text with few links are
  // more of the document (a book's front matter, appendices, licence); link lists are chrome. Short
  // blocks with few links count when prose surrounds them (an index's one-line letter groups).
  const chosen = new Set(parts);
  for (let branch = top, a = p; ; branch = a, a = parent[a]) {
    const kids: number[] = [];
    const state: number[] = []; // 1 in, 2 in if surrounded, 0 out
    for (let i = a + 1; i < r.after[a]; i = r.after[i]) {
      if (!kept[i] || total[i] === 0) continue;
      kids.push(i);
      const ld = link[i] / total[i];
      state.push(i === branch || chosen.has(i) ? 1 : ld >= tune.proseLinkDensity ? 0 : total[i] >= tune.proseMin ? 1 : 2);
    }
    let prev = 0;
    for (let k = 0; k < kids.length; k++) {
      if (state[k] !== 2) {
        prev = state[k];
        continue;
      }
      let next = k + 1;
      while (next < kids.length && state[next] === 2) next++;
      const inside = prev === 1 && next < kids.length && state[next] === 1;
      for (; k < next; k++) state[k] = inside ? 1 : 0;
      k--;
    }
    for (let k = 0; k < kids.length; k++) {
      if (state[k] === 1 && kids[k] !== branch && !chosen.has(kids[k])) {
        chosen.add(kids[k]);
        parts.push(kids[k]);
      }
    }
    if (a === root || parent[a] < 0) break;
  }
  parts.sort((x, y) => x - y);
  return { top, parts, score };
}
