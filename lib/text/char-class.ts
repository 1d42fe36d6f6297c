/**
 * Character classes of the canonical form. Words are runs of letters, marks and digits; punctuation,
 * symbols, spaces and formatting separate words (so "don't" and "don’t" both read as "don t");
 * invisible format characters (soft hyphen, zero-width joiners, BOM) are dropped. Scripts written
 * without spaces between words (Chinese, Japanese, Thai, …) make each character a token, so
 * w-shingles over them are character w-grams.
 */
export const SEP = 0;
export const WORD = 1;
export const IGNORE = 2;
export const ISOLATE = 3;

const IGNORABLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/u;
const ISOLATING = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}\p{scx=Tibetan}]/u;
const WORDLIKE = /[\p{L}\p{M}\p{N}]/u;

export function classifyCodePoint(ch: string): number {
  if (IGNORABLE.test(ch)) return IGNORE;
  if (!WORDLIKE.test(ch)) return SEP;
  return ISOLATING.test(ch) ? ISOLATE : WORD;
}

/**
 * NFKC, then a full case fold: upper then lower maps ß to ss; final sigma is folded to sigma because
 * toLowerCase picks ς or σ from context, and the context differs between a stretch and the whole text.
 */
export function foldSegment(s: string): string {
  return s.normalize('NFKC').toUpperCase().toLowerCase().replaceAll('\u03c2', '\u03c3');
}
