/**
 * lib/text/html-to-text and lib/text/markup in the results content scripts' build
 * (scripts/vite-content-no-entities.ts): they sketch plain text only (titles and snippets, format
 * 'text'), which lib/sketch's canonicalSource takes as it is. Should a change ever read markup there,
 * this says so at once rather than sketch it otherwise than the background does. Every export of the
 * two modules is here, so that a build resolving them here never misses a name.
 */
function notHere(): never {
  throw new Error('Resemble: the results content script reads no markup (scripts/vite-content-no-entities.ts)');
}

export const htmlToText = (_html: string): string => notHere();
export const looksLikeHtml = (_text: string): boolean => notHere();
export const looksLikeXml = (_text: string): boolean => notHere();
export const markupKind = (_text: string): 'html' | 'xml' | undefined => notHere();
export const looksLikeMarkup = (_text: string): boolean => notHere();
