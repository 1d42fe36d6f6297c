import { type PhraseOptions, pickPhrases } from '../lost/phrases';
import { mainText } from './main-text';
import { parseLite } from './lite-dom';

/** Main text under this many characters comes back whole: error pages ("Page not found") are told by it. */
export const SHORT_TEXT = 2000;

/**
 * A fetched HTML page's main text and what goes with it. Read over lib's light tree (./lite-dom) in the
 * Worker; a test may pass another DOM (linkedom, a browser's DOMParser) to compare.
 */
export function extractPage(
  html: string,
  url: string,
  parse: (html: string) => Document = parseLite,
  phraseOpts: Pick<PhraseOptions, 'shingle' | 'seed'> = {},
) {
  const m = mainText(parse(html), url);
  return {
    text: m.text,
    title: m.title,
    method: m.method,
    chars: m.text.length,
    // Remembered for lost and found's searches: a few distinctive sentences, chosen by the sketch's own
    // order (under the sketch's seed: with the install's secret one, a forger cannot tell which they are).
    phrases: pickPhrases(m.text, phraseOpts),
    ...(m.text.length < SHORT_TEXT ? { short: m.text } : {}),
    ...(m.canonical ? { canonical: m.canonical } : {}),
  };
}
