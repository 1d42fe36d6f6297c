import { tokens } from '../text/tokens';
import { ENGINES } from './table';
import type { SnippetText } from './types';

/**
 * Canonical words of a text, space-joined with a space at each end (so phrases match whole words).
 * ASCII text takes the kernel's own fast path (letters folded, digits kept, anything else separates):
 * `tokens` classifies character by character, 20 µs a snippet.
 */
const canon = (s: string) => {
  // eslint-disable-next-line no-control-regex
  const words = /^[\x00-\x7f]*$/.test(s) ? s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean) : tokens(s);
  return ` ${words.join(' ')} `;
};

interface Matcher {
  placeholders: string[];
  fillers: string[];
  /** A snippet longer than this (in characters) cannot consist of placeholders and fillers only. */
  maxChars: number;
}

function compile(placeholders: readonly SnippetText[], fillers: readonly SnippetText[]): Matcher {
  // Longest first: a placeholder that contains another is removed whole.
  const phrases = (xs: readonly SnippetText[]) => [...new Set(xs.map((x) => canon(x.text)).filter((c) => c.trim()))].sort((a, b) => b.length - a.length);
  const longest = Math.max(0, ...[...placeholders, ...fillers].map((x) => x.text.length));
  return { placeholders: phrases(placeholders), fillers: phrases(fillers), maxChars: 3 * longest + 16 };
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
  const p = cut(canon(snippet), m.placeholders);
  return p.found && cut(p.rest, m.fillers).rest.trim() === '';
}
