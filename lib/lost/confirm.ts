/**
 * The second check of a live copy (issue #28), on words rather than sampled fingerprints: a sketch keeps
 * a few hundred 5-word shingles, and a page made of just those (computable by anyone who knows the seed)
 * measures as a copy. The dead page's remembered phrases, or what the engine showed of a result never
 * seen alive, must be in the candidate's text word for word (./held.ts).
 *
 * Measured (scripts/measure-lost-confirm.ts, PAGE_OPTIONS, ../shared, 2026-11-27):
 *   real copies: python-peps old -> new pairs the sketches accept hold 0/1/2/3 of the 3 phrases in
 *   0/3/62/269 of 334 (resemblance median 0.95); Gutenberg books, text vs HTML edition, 0/1/0/3 of 4.
 *   Accepted by these rules: 329/334 PEPs (lost: 3 edited pages holding 1 phrase, 2 of the 4 accepted
 *   by containment alone holding 2 of 3) and 4/4 books.
 *   forged pages (only the kept shingles of each target, shuffled; 91 targets): all 91 pass the
 *   sketches (resemblance 0.21-0.91, median 0.62, containment ~1); 7 hold 2 phrases (short pages whose
 *   sketch keeps most of their shingles), all of them under the resemblance threshold, none holds all 3:
 *   accepted 0/91. Written in text order instead (runs of the real wording, 41% of the words and more):
 *   23/91 accepted, pages under ~2,000 words whose sampled runs cover whole sentences (resemblance
 *   0.80-1.00): a partial copy in truth; the per-install seed (lib/sketch) keeps the sample unknown.
 *   no phrases to check: resemblance ≥ NO_PHRASE_FLOOR (0.90) keeps 234/334 real copies, lets 5/91
 *   shuffled and 9/91 text-order forgers through: the weaker fallback, for records without phrases.
 *   snippets (30-word passages of the dead page, cut mid-word): the moved page holds ≥ 0.90 of their
 *   4-token windows for 95% of 990, median 0.96; an unrelated page at most 0.27 (95th percentile 0).
 */
import type { Sketch } from '../sketch/sketch';
import { type Verification, type VerifyOptions, titleResemblance, verify } from './rank';
import { type HeldText, phrasesHeld, snippetHeld } from './held';

/** Phrases a copy accepted by resemblance must hold (of the 3 remembered; all when fewer are). */
export const PHRASES_NEEDED = 2;
/** Resemblance a copy needs when the dead page has no remembered phrases, or the candidate no text. */
export const NO_PHRASE_FLOOR = 0.9;
/** Share of the snippet's 4-token windows a candidate must hold, and windows the snippet needs at least. */
export const SNIPPET_SHARE = 0.8;
export const SNIPPET_MIN_WINDOWS = 6;

/**
 * A page-basis verification checked once more against the candidate's words. Accepted by resemblance:
 * PHRASES_NEEDED phrases held; by containment alone (a shorter page inside a longer one): every phrase
 * held. No phrases (an old record, a page without prose) or no text: resemblance ≥ NO_PHRASE_FLOOR.
 * Other bases are returned as they are.
 */
export function confirmByPhrases(v: Verification, phrases: readonly string[] | undefined, text: HeldText | undefined, o: VerifyOptions): Verification {
  if (v.basis !== 'page' || !v.accepted) return v;
  const of = phrases?.length ?? 0;
  if (!of || !text) {
    const accepted = v.resemblance >= Math.max(NO_PHRASE_FLOOR, o.threshold);
    return { ...v, accepted, ...(accepted ? {} : { note: 'no-phrases-held' as const }) };
  }
  const held = phrasesHeld(text, phrases!);
  const need = v.resemblance >= o.threshold ? Math.min(PHRASES_NEEDED, of) : of;
  // A page nearly identical to the dead one (resemblance ≥ the floor) may have reworded some phrases: one held suffices.
  const accepted = held >= need || (held >= 1 && v.resemblance >= NO_PHRASE_FLOOR);
  return { ...v, accepted, phrases: { held, of }, ...(accepted ? {} : { note: 'no-phrases-held' as const }) };
}

/**
 * A result never seen alive, measured by what its engine showed (issue #28): accepted when the candidate
 * holds SNIPPET_SHARE of the snippet's windows (a snippet of SNIPPET_MIN_WINDOWS or more); the title alone
 * never suffices. `resemblance` is the titles' (for ranking and the tooltip), `containment` the share of
 * the snippet held.
 */
export function verifyBySnippet(shown: { title: string; snippet: string }, text: HeldText | undefined, titleResemblance: number): Verification {
  const s = text ? snippetHeld(text, shown.snippet) : { share: 0, windows: 0 };
  const accepted = s.windows >= SNIPPET_MIN_WINDOWS && s.share >= SNIPPET_SHARE;
  return { resemblance: titleResemblance, containment: s.share, basis: 'snippet', accepted, weak: true };
}

/**
 * Lost and found's whole verification of a candidate: the sketches (./rank.ts `verify`), then the words.
 * A dead result never seen alive (no sketch of it, or one under another seed) whose engine's title and
 * snippet are known is measured by the snippet instead of the title: a decoy under the same title fails.
 */
export function verifyCopy(
  lost: { sketch?: Sketch; title: string; phrases?: readonly string[]; shown?: { title: string; snippet: string } },
  candidate: { url: string; title: string; sketch?: Sketch; text?: HeldText | (() => HeldText | undefined) },
  o: VerifyOptions,
): Verification {
  const v = verify(lost, candidate, o);
  // The candidate's text is read only when a words check is to be made (it costs a pass over the page).
  const text = () => (typeof candidate.text === 'function' ? candidate.text() : candidate.text);
  if (v.basis === 'title' && lost.shown?.snippet) return verifyBySnippet(lost.shown, text(), titleResemblance(lost.shown.title || lost.title, candidate.title));
  if (v.basis !== 'page' || !v.accepted) return v;
  return confirmByPhrases(v, lost.phrases, text(), o);
}
