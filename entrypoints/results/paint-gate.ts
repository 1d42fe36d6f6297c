/**
 * Holds the page's paint while the content script cannot group yet (issue #17: a copy is hidden before
 * it is first painted). Grouping needs the settings and the past pages' boilerplate, read from storage
 * at document_start; when the page is parsed first (a small page arriving at once, the browser busy),
 * it would be painted with its copies, and they would jump away a few milliseconds later (layout shift).
 * The page is held (visibility: hidden keeps its layout: nothing moves when it is shown) until the
 * groups are applied, at most MAX_MS: a read that never answers costs the page that much, once.
 */
export const GATE_ID = 'resemble-paint-gate';
const MAX_MS = 150;

/** Holds the page's paint; returns the function that lets it go (idempotent; also called after MAX_MS). */
export function holdPaint(maxMs = MAX_MS): () => void {
  const style = document.createElement('style');
  style.id = GATE_ID;
  style.textContent = ':root { visibility: hidden !important; }';
  // Before <head> exists (document_start): the root element is all there is.
  document.documentElement.append(style);
  const timer = setTimeout(release, maxMs);
  function release(): void {
    clearTimeout(timer);
    style.remove();
  }
  return release;
}
