import { pickPhrases } from '../lost/phrases';
import { mainText } from './main-text';
import { withoutRawText } from './raw-text';

/** Main text under this many characters comes back whole: error pages ("Page not found") are told by it. */
export const SHORT_TEXT = 2000;

/**
 * A fetched HTML page's main text and what goes with it, through the given DOM parser (the browser's
 * DOMParser in the offscreen document or a background page; linkedom in Node).
 */
export function extractPage(parse: (html: string) => Document, html: string, url: string, opts: { emptyRaw?: boolean } = {}) {
  // Scripts and styles emptied first: never read, and the costliest part of a browser's parse of a real
  // page (a parser that passes over them itself, lib/page/lite-dom, is spared the extra pass).
  const m = mainText(parse(opts.emptyRaw === false ? html : withoutRawText(html)), url);
  return {
    text: m.text,
    title: m.title,
    method: m.method,
    chars: m.text.length,
    // Remembered for lost and found's searches: a few distinctive sentences, chosen by the sketch's own order.
    phrases: pickPhrases(m.text),
    ...(m.text.length < SHORT_TEXT ? { short: m.text } : {}),
    ...(m.canonical ? { canonical: m.canonical } : {}),
  };
}
