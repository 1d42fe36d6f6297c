import { mainText } from './main-text';

/**
 * A fetched HTML page's main text and what goes with it, through the given DOM parser (the browser's
 * DOMParser in the offscreen document or a background page; linkedom in Node).
 */
export function extractPage(parse: (html: string) => Document, html: string, url: string) {
  const m = mainText(parse(html), url);
  return { text: m.text, title: m.title, method: m.method, chars: m.text.length, ...(m.canonical ? { canonical: m.canonical } : {}) };
}
