/**
 * Distinctive phrases remembered from a page (issue #7): a few short sentences kept with its record, so
 * that when the page dies the user's engine can be asked for them in quotes ("a search by the page's
 * own words" finds copies whose address changed).
 *
 * Which sentences: those holding the page's smallest shingle fingerprints, in the sketch's own order
 * (same shingle size and seed). A shingle's fingerprint depends only on its w words, not on where it
 * stands, so a sentence's key — the smallest fingerprint among the shingles inside it — is a value of
 * the page's full shingle set, and the sentence holding the smallest one is a uniformly random choice
 * that the same text always repeats. An edit elsewhere in the page leaves the choice alone; only an
 * edit of a chosen sentence, or a new sentence with a smaller key, changes it.
 */
import { PAGE_OPTIONS } from '../sketch/options';
import { ROLL_A, ROLL_B, finishFingerprint, powMod32, seedLanes } from '../sketch/hash';
import { hashBatch } from '../text/batch';
import { isRegexSpace, looseSpace } from '../text/regex-space';
import { WordHashes, hashWords } from '../text/tokenize';

export interface PhraseOptions {
  /** Phrases wanted (default 3). */
  count?: number;
  /** Characters of all phrases together at most (default 200: the record's share of ~2 KB a page). */
  maxChars?: number;
  /** Words per shingle and hash seed of the page sketch (defaults: PAGE_OPTIONS). */
  shingle?: number;
  seed?: number;
}

/** Characters of the text read: a page's phrases are chosen among its first 512 K characters. */
export const PHRASE_SCAN_CHARS = 512 * 1024;

/** Sentences a search would match on every page of a site, or that say nothing of the page itself. */
const BOILERPLATE =
  /copyright|all rights reserved|\u00a9|\(c\)\s*\d{4}|cookie|privacy|terms of (use|service)|public domain|creative commons|licen[cs]e|javascript|sign (in|up)|log ?in|subscribe|newsletter|powered by|click here|skip to|back to top|follow us|share (this|on)|last (modified|updated)|all comments|leave a (reply|comment)/i;
/** Code, markup, addresses: not prose a quoted search would match as rendered text. */
const NOT_PROSE = /https?:\/\/|www\.|\S@\S|[{}<>=\\|$#]|::|\.\w+\(/;
const TERMINAL = /[.!?\u3002\uff01\uff1f]$/;

const LETTER = /\p{L}/u;

/** At least 60% of the sentence's visible characters are letters (not code, numbers or symbols). */
function mostlyLetters(s: string): boolean {
  let letters = 0;
  let visible = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) continue;
    visible++;
    if ((c | 32) >= 97 && (c | 32) <= 122) letters++;
    else if (c >= 128 && LETTER.test(s[i])) letters++;
  }
  return letters >= 0.6 * visible;
}

/** Blocks of the text: lines joined when a line reads as wrapped (no end punctuation, and long or followed by lower case). */
function blocks(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let last = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      if (cur) out.push(cur);
      cur = '';
    } else if (cur && !TERMINAL.test(cur) && (/^\p{Ll}/u.test(line) || last >= 40)) {
      cur += ` ${line}`;
    } else {
      if (cur) out.push(cur);
      cur = line;
    }
    last = line.length;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * A sentence without footnote marks ([1], [#x]_) and inline-markup asterisks and backquotes (renderings
 * of a page differ in them), whitespace collapsed (each replace only where it can match).
 */
function clean(s: string): string {
  if (MARKS.test(s)) s = s.replace(/\[(\d+|#\w*|\*)\]_?|[`*]+/g, '');
  s = s.replace(/\s+([,.;:!?])/g, '$1');
  if (looseSpace(s)) s = s.replace(/\s+/g, ' ');
  return s.trim();
}
const MARKS = /[[`*]/;

/**
 * Sentences of a block: split after end punctuation followed by a space and anything but lower case.
 * Not yet cleaned (see `clean`): only the few candidates a pick reads are.
 */
export function sentences(block: string): string[] {
  // By hand, the same pieces as block.split(SENTENCE_END): that regular expression (lookbehind, a Unicode
  // class) cost a tenth of a page's extraction. A test holds the two equal. The end marks are found by
  // a plain expression (native scanning); only what follows one is looked at here.
  const out: string[] = [];
  let p = 0;
  END_MARK.lastIndex = 0;
  for (let m = END_MARK.exec(block); m; m = END_MARK.exec(block)) {
    const q = m.index + 1;
    if (q >= block.length) break;
    const c = block.charCodeAt(m.index);
    if (c === 0x3002 || c === 0xff01 || c === 0xff1f) {
      if (q > p) {
        out.push(block.slice(p, q));
        p = q;
      }
      continue;
    }
    if (!isRegexSpace(block.charCodeAt(q))) continue;
    let j = q + 1;
    while (j < block.length && isRegexSpace(block.charCodeAt(j))) j++;
    // \s+ backs off one space when what follows the run is lower case: the last space is then "not lower case".
    const e = j < block.length && !LOWER.test(String.fromCodePoint(block.codePointAt(j)!)) ? j : j - 1 > q ? j - 1 : -1;
    if (e < 0) continue;
    out.push(block.slice(p, q));
    p = e;
    END_MARK.lastIndex = e;
  }
  out.push(block.slice(p));
  return out;
}
const END_MARK = /[.!?\u3002\uff01\uff1f]/g;
/** Where the expression would split a block into sentences (kept for the test that holds \`sentences\` to it). */
export const SENTENCE_END = /(?<=[.!?])\s+(?=[^\p{Ll}])|(?<=[\u3002\uff01\uff1f])/u;
const LOWER = /^\p{Ll}/u;

/**
 * The sentence whose words are keyed: its words are those of `clean(s)` except where cleaning removes
 * marks ("[1]", "a*b") or turns a BOM, which the tokenizer drops inside a word, into a space; whitespace
 * and the space before punctuation do not make or join words.
 */
function keyable(s: string): string {
  return MARKS.test(s) || s.indexOf('\ufeff') >= 0 ? clean(s) : s;
}

interface Candidate {
  sentence: string;
  /** The smallest fingerprint of the shingles inside the sentence, and the token it starts at. */
  key: number;
  at: number;
  win: number;
  tier: number;
}

const hashes = new WordHashes();

/**
 * Keys the sentence whose words are hashes[from, to) by its smallest w-shingle fingerprint, exactly as
 * the sketcher fingerprints shingles; `sa`, `sb`, `powA`, `powB`: the seed lanes and outgoing-word powers.
 */
function keyed(sentence: string, from: number, to: number, w: number, sa: number, sb: number, powA: number, powB: number): Candidate | undefined {
  const n = to - from;
  if (n < 4) return undefined;
  const { a: A, b: B } = hashes;
  const win = Math.min(w, n);
  let key = Infinity;
  let at = 0;
  let ha = 0;
  let hb = 0;
  // The sketcher's rolling hash: add the incoming word, subtract the outgoing one.
  for (let i = 0; i < n; i++) {
    ha = (Math.imul(ha, ROLL_A) + A[from + i]) | 0;
    hb = (Math.imul(hb, ROLL_B) + B[from + i]) | 0;
    if (i >= win) {
      ha = (ha - Math.imul(A[from + i - win], powA)) | 0;
      hb = (hb - Math.imul(B[from + i - win], powB)) | 0;
    }
    if (i < win - 1) continue;
    const f = finishFingerprint(ha ^ sa, hb ^ sb);
    if (f < key) {
      key = f;
      at = i - win + 1;
    }
  }
  // Mid-length sentences first (whole sentences are natural phrases), then long ones (cut), then short.
  const tier = n >= 6 && n <= 20 ? 0 : n > 20 ? 1 : 2;
  return { sentence, key, at, win, tier };
}

/** The candidate's phrase within `budget` characters: the whole sentence, or its smallest shingle widened word by word. */
function cut(c: Candidate, budget: number): string | undefined {
  if (c.sentence.length <= budget) return c.sentence;
  // Which words hold the smallest shingle's tokens (a word may hold several: "don't" is two).
  const words = c.sentence.split(' ');
  const tokenEnd: number[] = [];
  hashes.n = 0;
  for (const word of words) tokenEnd.push(hashWords(word, hashes).n);
  const wordOf = (tok: number) => tokenEnd.findIndex((end) => end > tok);
  const size = (f: number, t: number) => words.slice(f, t + 1).join(' ').length;
  let from = wordOf(c.at);
  let to = wordOf(c.at + c.win - 1);
  if (from < 0 || to < 0 || size(from, to) > budget) return undefined;
  for (let grew = true; grew; ) {
    grew = false;
    if (to + 1 < words.length && size(from, to + 1) <= budget) {
      to++;
      grew = true;
    }
    if (from > 0 && size(from - 1, to) <= budget) {
      from--;
      grew = true;
    }
  }
  return words.slice(from, to + 1).join(' ');
}

const before = (a: Candidate, b: Candidate) => a.tier - b.tier || a.key - b.key;

/**
 * The candidates one at a time in (tier, key) order, ties in text order (a stable sort's order). A pick
 * reads a few: the first few are found by a scan each, and only a pick that reads on sorts the rest
 * (sorting them all, a comparator call for each of ~n log n pairs, cost a third of the pick).
 */
function inOrder(cands: Candidate[]): () => Candidate | undefined {
  const SCANS = 8;
  const taken = new Uint8Array(cands.length);
  let k = 0;
  let rest: Candidate[] | undefined;
  return () => {
    if (k >= SCANS) {
      rest ??= cands.filter((_, i) => !taken[i]).sort(before);
      return rest[k++ - SCANS];
    }
    let best = -1;
    for (let i = 0; i < cands.length; i++) {
      if (taken[i]) continue;
      const c = cands[i];
      if (best < 0 || c.tier < cands[best].tier || (c.tier === cands[best].tier && c.key < cands[best].key)) best = i;
    }
    if (best < 0) return undefined;
    taken[best] = 1;
    k++;
    return cands[best];
  };
}

/**
 * Up to `count` phrases of the text (its main text, one block a line), best first, together at most
 * `maxChars` characters. Deterministic: the same text (and shingle size and seed) gives the same phrases.
 */
export function pickPhrases(text: string, opts: PhraseOptions = {}): string[] {
  const count = Math.max(0, Math.floor(opts.count ?? 3));
  const maxChars = Math.max(0, Math.floor(opts.maxChars ?? 200));
  const w = opts.shingle ?? PAGE_OPTIONS.shingle;
  const seed = opts.seed ?? PAGE_OPTIONS.seed;
  if (count === 0 || maxChars === 0) return [];
  // Every sentence is keyed, and the filters (boilerplate, code, letters, repeats) are asked only of
  // the few candidates met in key order before `count` phrases are found: they are regular expressions
  // over each sentence, and cost more than keying all of them. The same phrases as filtering first: the
  // filters do not depend on letter case, so a sentence and its repeats (equal in lower case) pass or
  // fail together, and ties go to the first in the text, so the first of them still comes first.
  // Sentences are keyed uncleaned (their words are the cleaned ones': see `keyable`), all hashed in one
  // batch: one native encoding, not one a sentence (which cost more than the keying itself).
  const raw: string[] = [];
  for (const block of blocks(text.slice(0, PHRASE_SCAN_CHARS))) for (const s of sentences(block)) raw.push(s);
  hashes.n = 0;
  const ends: number[] = [];
  hashBatch(raw.map(keyable), hashes, ends);
  const [sa, sb] = seedLanes(seed);
  const pow = (n: number) => [powMod32(ROLL_A, n), powMod32(ROLL_B, n)];
  const powFull = pow(w);
  const cands: Candidate[] = [];
  for (let i = 0; i < raw.length; i++) {
    const from = i === 0 ? 0 : ends[i - 1];
    const n = ends[i] - from;
    const [pa, pb] = n >= w ? powFull : pow(Math.min(w, n));
    const c = keyed(raw[i], from, ends[i], w, sa, sb, pa, pb);
    if (c) cands.push(c);
  }
  const budget = Math.floor(maxChars / count);
  const out: string[] = [];
  const seen = new Set<string>();
  const next = inOrder(cands);
  for (let c = next(); c && out.length < count; c = next()) {
    const s = (c.sentence = clean(c.sentence));
    if (BOILERPLATE.test(s) || NOT_PROSE.test(s) || !mostlyLetters(s)) continue;
    const folded = s.toLowerCase();
    if (seen.has(folded)) continue;
    seen.add(folded);
    const p = cut(c, budget);
    if (p !== undefined && !out.includes(p)) out.push(p);
  }
  return out;
}
