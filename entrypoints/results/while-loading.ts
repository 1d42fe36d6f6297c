/**
 * While the document is still parsed (before DOMContentLoaded), runs `step` before each frame in
 * which the document changed: a results page's first paints can come before the end of the document
 * (the parser yields; engines flush their HTML in parts), and what `step` does to the page is in the
 * frame that paints those results. Returns the function that stops it.
 */
export function beforeFramesWhileLoading(step: () => void): () => void {
  let dirty = true;
  let frame = 0;
  const seen = new MutationObserver(() => (dirty = true));
  seen.observe(document, { childList: true, subtree: true });
  const tick = () => {
    if (dirty) {
      dirty = false;
      try {
        step();
      } catch {
        // a half-parsed page may not read yet: the next frame tries again, DOMContentLoaded for sure
      }
    }
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    cancelAnimationFrame(frame);
    seen.disconnect();
  };
}

/** Resolves when the root element exists: Firefox runs document_start scripts before it does. */
export function rootElement(): Promise<void> {
  return new Promise((r) => {
    if (document.documentElement) return r();
    const o = new MutationObserver(() => document.documentElement && (o.disconnect(), r()));
    o.observe(document, { childList: true });
  });
}
