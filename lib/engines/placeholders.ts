import { tokens } from '../text/tokens';
import { ENGINES } from './table';
import type { SnippetText } from './types';

/**
 * Canonical words of a text, space-joined with a space at each end (so phrases match whole words).
 * ASCII text takes the kernel's own fast path (letters folded, digits kept, anything else separates):
 * `tokens` classifies character by character, 20 µs a snippet.
 */
const canonWords = (s: string) =>
  // eslint-disable-next-line no-control-regex
  /^[\x00-\x7f]*$/.test(s)
    ? s
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
    : tokens(s);
const canon = (s: string) => ` ${canonWords(s).join(' ')} `;

interface Matcher {
  placeholders: string[];
  fillers: string[];
  /** A snippet longer than this (in characters) cannot consist of placeholders and fillers only. */
  maxChars: number;
  /** Every word of the placeholders and fillers: a snippet with any other word is none (most are told by their first words). */
  words: Set<string>;
}

function compile(placeholders: readonly SnippetText[], fillers: readonly SnippetText[]): Matcher {
  // Longest first: a placeholder that contains another is removed whole.
  const phrases = (xs: readonly SnippetText[]) => [...new Set(xs.map((x) => canon(x.text)).filter((c) => c.trim()))].sort((a, b) => b.length - a.length);
  const longest = Math.max(0, ...[...placeholders, ...fillers].map((x) => x.text.length));
  const words = new Set([...placeholders, ...fillers].flatMap((x) => canonWords(x.text)));
  return { placeholders: phrases(placeholders), fillers: phrases(fillers), maxChars: 3 * longest + 16, words };
}

let every: Matcher | undefined;

/**
 * Every engine's placeholders together: what a result page's snippet is matched against. A result
 * carries no engine (stored past pages, the Worker's input), and engines syndicate each other's
 * snippets (Startpage shows Google's, Yahoo and DuckDuckGo Bing's), so one table serves all; a
 * placeholder's wording is no page's real text.
 */
function allEngines(): Matcher {
  every ??= compile(
    ENGINES.flatMap((e) => e.placeholders ?? []),
    ENGINES.flatMap((e) => e.fillers ?? []),
  );
  return every;
}

/**
 * Runs of ASCII letters and digits with no non-ASCII neighbour: each is a canonical word as it stands,
 * lowercased (NFKC leaves ASCII alone; a neighbour such as "é" or a soft hyphen could join it to more).
 */
const ASCII_WORD = /(?<![A-Za-z0-9\u0080-\uffff])[A-Za-z0-9]+(?![A-Za-z0-9\u0080-\uffff])/g;

/**
 * Whether a snippet has a word no placeholder or filler has: told from its plain ASCII words, without
 * canonicalizing it (a per-character pass once the text holds a "—" or "·", the page's main cost when
 * its own script groups it).
 */
function outsideVocabulary(snippet: string, words: ReadonlySet<string>): boolean {
  ASCII_WORD.lastIndex = 0;
  for (let m = ASCII_WORD.exec(snippet); m; m = ASCII_WORD.exec(snippet)) if (!words.has(m[0].toLowerCase())) return true;
  return false;
}

function cut(c: string, phrases: readonly string[]): { rest: string; found: boolean } {
  let found = false;
  for (const p of phrases) {
    while (c.includes(p)) {
      c = c.replace(p, ' ');
      found = true;
    }
  }
  return { rest: c, found };
}

/**
 * Whether a snippet is an engine's placeholder (issue #14): after canonicalization (NFKC, case
 * folding, punctuation and the apostrophe's form ignored), it consists of one or more placeholders
 * and, beside them, only fillers ("Learn why"). Such a snippet says nothing about the page.
 */
export function isPlaceholder(snippet: string, texts?: { placeholders: readonly SnippetText[]; fillers?: readonly SnippetText[] }): boolean {
  const m = texts ? compile(texts.placeholders, texts.fillers ?? []) : allEngines();
  if (snippet.length > m.maxChars || !/[\p{L}\p{N}]/u.test(snippet)) return false;
  if (outsideVocabulary(snippet, m.words)) return false;
  const words = canonWords(snippet);
  if (!words.every((w) => m.words.has(w))) return false;
  const p = cut(` ${words.join(' ')} `, m.placeholders);
  return p.found && cut(p.rest, m.fillers).rest.trim() === '';
}
