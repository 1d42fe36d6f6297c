import fs from 'node:fs';
import path from 'node:path';
import { VOCAB } from './vocab';

/**
 * Deterministic English-looking ASCII prose: words drawn from VOCAB with Zipf-Mandelbrot weights
 * 1 / (rank + 2.7), sentences of 6-45 words with commas, semicolons, dashes, quotes, hyphenated
 * compounds, possessives, numbers and capitalized names, wrapped at 72 columns into paragraphs.
 */

/** sfc32: a small, fast, well-mixed 32-bit PRNG; the same seed gives the same texts on every run. */
export function rng(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed | 0;
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  return next;
}

const CDF = (() => {
  const cdf = new Float64Array(VOCAB.length);
  let sum = 0;
  for (let r = 0; r < VOCAB.length; r++) cdf[r] = sum += 1 / (r + 2.7);
  for (let r = 0; r < VOCAB.length; r++) cdf[r] /= sum;
  return cdf;
})();

function pickWord(rand: () => number): string {
  const u = rand();
  let lo = 0;
  let hi = CDF.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CDF[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return VOCAB[lo];
}

const cap = (w: string): string => w[0].toUpperCase() + w.slice(1);

/** One word as it appears in running text (sometimes a name, number, compound or possessive). */
function word(rand: () => number, first: boolean): string {
  const u = rand();
  let w = pickWord(rand);
  if (u < 0.008) w = String(Math.floor(rand() < 0.5 ? 1700 + rand() * 300 : 2 + rand() * 98));
  else if (u < 0.02 && w.length > 3) w = `${w}-${pickWord(rand)}`;
  else if (u < 0.03 && w.length > 3) w = `${w}'s`;
  if (first || w === 'i' || rand() < 0.02) w = cap(w);
  return w;
}

function sentence(rand: () => number): string {
  const len = 6 + Math.floor(rand() * rand() * 40);
  let s = '';
  for (let i = 0; i < len; i++) {
    s += word(rand, i === 0);
    if (i === len - 1) break;
    const p = rand();
    s += p < 0.07 ? ', ' : p < 0.08 ? '; ' : p < 0.085 ? ' -- ' : ' ';
  }
  const e = rand();
  s += e < 0.85 ? '.' : e < 0.93 ? '?' : '!';
  return rand() < 0.05 ? `"${s}"` : s;
}

/** A paragraph of 2-7 sentences wrapped at 72 columns. */
function paragraph(rand: () => number): string {
  const n = 2 + Math.floor(rand() * 6);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < n; i++) {
    for (const tok of sentence(rand).split(' ')) {
      if (line.length > 0 && line.length + 1 + tok.length > 72) {
        lines.push(line);
        line = tok;
      } else line = line.length > 0 ? `${line} ${tok}` : tok;
    }
  }
  lines.push(line);
  return lines.join('\n');
}

/** `count` pages of at least `bytes` characters each (paragraphs separated by blank lines). */
export function prosePages(count: number, bytes = 100_000, seed = 1): string[] {
  const rand = rng(seed);
  const pages: string[] = [];
  for (let p = 0; p < count; p++) {
    const paras: string[] = [];
    let len = 0;
    while (len < bytes) {
      const para = paragraph(rand);
      paras.push(para);
      len += para.length + 2;
    }
    pages.push(`${paras.join('\n\n')}\n`);
  }
  return pages;
}

/** `count` snippets of `words` words each, as a search engine shows them (ending in an ellipsis). */
export function snippets(count: number, words = 30, seed = 2): string[] {
  const rand = rng(seed);
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    let toks: string[] = [];
    while (toks.length < words) toks = toks.concat(sentence(rand).split(' '));
    out.push(`${toks.slice(0, words).join(' ')} ...`);
  }
  return out;
}

/** A real text cut into pages of about `bytes` characters at whitespace; undefined when absent. */
export function realPages(repoRoot: string, bytes = 100_000): { file: string; pages: string[] } | undefined {
  const file = path.resolve(repoRoot, '../shared/corpora/gutenberg-formats-editions/pg972/head/972.txt');
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8');
  const count = Math.max(1, Math.round(text.length / bytes));
  const size = Math.ceil(text.length / count);
  const pages: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    while (end < text.length && !/\s/.test(text[end])) end++;
    pages.push(text.slice(start, end));
    start = end;
  }
  return { file, pages };
}
