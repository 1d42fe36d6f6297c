/**
 * Words of a dead page found word for word in a candidate's text (issue #28): the check a page holding
 * only a sketch's sampled shingles cannot pass. A sketch keeps scattered 5-word shingles; a page made of
 * just those measures as a copy (containment 1.00, resemblance 0.76) yet holds none of the dead page's
 * sentences whole. So a candidate must also hold a phrase remembered from the dead page (./phrases.ts),
 * or, for a result never seen alive, most of what the engine showed of it (its snippet).
 *
 * Matching is on canonical tokens (lib/text/tokenize: case and punctuation aside, as the sketches read),
 * by WINDOW-token windows: a phrase is held when every one of its windows is in the text.
 */
import { WordHashes, hashWords } from '../text/tokenize';

/** Tokens per window: short enough for a snippet's fragments, long enough that common words do not match. */
export const WINDOW = 4;

const scratch = new WordHashes();

/** The WINDOW-token windows of a text, each as one number (two 32-bit lanes mixed; collisions negligible here). */
function windows(text: string): number[] {
  scratch.n = 0;
  hashWords(text, scratch);
  const { a, b, n } = scratch;
  const out: number[] = [];
  for (let i = 0; i + WINDOW <= n; i++) {
    let ha = 0;
    let hb = 0;
    for (let k = 0; k < WINDOW; k++) {
      ha = (Math.imul(ha, 0x01000193) + a[i + k]) | 0;
      hb = (Math.imul(hb, 0x5bd1e995) + b[i + k]) | 0;
    }
    out.push((ha >>> 0) * 0x200000 + (hb >>> 11));
  }
  return out;
}

/** A candidate's text, indexed once for every phrase and snippet asked of it. */
export class HeldText {
  private readonly set: Set<number>;
  constructor(text: string) {
    this.set = new Set(windows(text));
  }

  /** Share (0..1) of the piece's windows found in the text, and how many it has. */
  share(piece: string): { share: number; windows: number } {
    const w = windows(piece);
    if (!w.length) return { share: 0, windows: 0 };
    let hit = 0;
    for (const x of w) if (this.set.has(x)) hit++;
    return { share: hit / w.length, windows: w.length };
  }

  /** Whether the phrase is in the text word for word (every window of it; a phrase under WINDOW tokens never is). */
  holds(phrase: string): boolean {
    const s = this.share(phrase);
    return s.windows > 0 && s.share === 1;
  }
}

/** How many of the dead page's phrases the text holds word for word. */
export function phrasesHeld(text: HeldText, phrases: readonly string[]): number {
  let n = 0;
  for (const p of phrases) if (text.holds(p)) n++;
  return n;
}

/**
 * The pieces of an engine's snippet that come from the page: split at the engine's ellipses, a leading
 * date ("Mar 3, 2024 —", "3 days ago ·") left out; the first and last word of a cut piece may be cut too.
 */
export function snippetPieces(snippet: string): string[] {
  const s = snippet.replace(/^\s*[^.…·—–-]{0,30}?\d[^.…·—–-]{0,30}?\s+[·—–-]\s+/u, '');
  return s
    .split(/\s*(?:…|\.{3,})\s*/u)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Share of the snippet's windows the text holds, over all its pieces, and how many windows it has. */
export function snippetHeld(text: HeldText, snippet: string): { share: number; windows: number } {
  let hit = 0;
  let all = 0;
  for (const p of snippetPieces(snippet)) {
    const s = text.share(p);
    hit += s.share * s.windows;
    all += s.windows;
  }
  return { share: all ? hit / all : 0, windows: all };
}
