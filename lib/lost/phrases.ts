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
      cur += ' ' + line;
    } else {
      if (cur) out.push(cur);
      cur = line;
    }
    last = line.length;
  }
  if (cur) out.push(cur);
  return out;
}

/** A sentence without footnote marks and markup characters, whitespace collapsed (each replace only where it can match). */
function clean(s: string): string {
  if (MARKS.test(s)) s = s.replace(/\[(\d+|#\w*|\*)\]_?|[`*]+/g, '');
  s = s.replace(/\s+([,.;:!?])/g, '$1');
  if (looseSpace(s)) s = s.replace(/\s+/g, ' ');
  return s.trim();
}
const MARKS = /[[`*]/;

/** Whether `\s+` → ' ' would change s: it holds two whitespace characters in a row, or any but a plain space. */
function looseSpace(s: string): boolean {
  let prev = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // \s: tab to carriage return, space, NBSP, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF.
    const ws = c === 32 || (c >= 9 && c <= 13) || (c >= 160 && (c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff));
    if (ws && (prev || c !== 32)) return true;
    prev = ws;
  }
  return false;
}

/**
 * Sentences of a block: split after end punctuation followed by a space and anything but lower case.
 * Footnote marks ([1], [#x]_) and inline-markup asterisks and backquotes go: renderings of a page differ in them.
 */
function sentences(block: string): string[] {
  return block
    .split(/(?<=[.!?])\s+(?=[^\p{Ll}])|(?<=[\u3002\uff01\uff1f])/u)
    .map(clean)
    .filter((s) => s.length > 0);
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

/** Keys a sentence by its smallest w-shingle fingerprint, exactly as the sketcher fingerprints shingles. */
function keyed(sentence: string, w: number, seed: number): Candidate | undefined {
  hashes.n = 0;
  hashWords(sentence, hashes);
  const { a: A, b: B, n } = hashes;
  if (n < 4) return undefined;
  const win = Math.min(w, n);
  const [sa, sb] = seedLanes(seed);
  const powA = powMod32(ROLL_A, win);
  const powB = powMod32(ROLL_B, win);
  let key = Infinity;
  let at = 0;
  let ha = 0;
  let hb = 0;
  // The sketcher's rolling hash: add the incoming word, subtract the outgoing one.
  for (let i = 0; i < n; i++) {
    ha = (Math.imul(ha, ROLL_A) + A[i]) | 0;
    hb = (Math.imul(hb, ROLL_B) + B[i]) | 0;
    if (i >= win) {
      ha = (ha - Math.imul(A[i - win], powA)) | 0;
      hb = (hb - Math.imul(B[i - win], powB)) | 0;
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
  // fail together, and the sort is stable, so the first of them in the text still comes first.
  const cands: Candidate[] = [];
  for (const block of blocks(text.slice(0, PHRASE_SCAN_CHARS))) {
    for (const s of sentences(block)) {
      const c = keyed(s, w, seed);
      if (c) cands.push(c);
    }
  }
  cands.sort((a, b) => a.tier - b.tier || a.key - b.key);
  const budget = Math.floor(maxChars / count);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const c of cands) {
    if (out.length === count) break;
    const s = c.sentence;
    if (BOILERPLATE.test(s) || NOT_PROSE.test(s) || !mostlyLetters(s)) continue;
    const folded = s.toLowerCase();
    if (seen.has(folded)) continue;
    seen.add(folded);
    const p = cut(c, budget);
    if (p !== undefined && !out.includes(p)) out.push(p);
  }
  return out;
}
