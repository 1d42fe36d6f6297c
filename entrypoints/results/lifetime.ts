import { browser } from 'wxt/browser';

/** How often the script looks whether the extension is still there (nothing tells a content script). */
const CHECK_MS = 1000;

/** What a piece of the page's UI needs of the script's lifetime: to go when it ends. */
export interface Lifetime {
  /** `cb` runs once when the lifetime ends; the function returned unregisters it. */
  onInvalidated(cb: () => void): () => void;
}

/**
 * The content script's lifetime, used instead of the context WXT hands to main(). WXT's context ends
 * when the document sees a `<extension id>:results:wxt:content-script-started` event, meant for a newer
 * copy of the script to stop an older one; but any page script can dispatch that event, and the page
 * would be left with its copies hidden and no control to show them (docs/upstream/
 * wxt-content-script-started.md). This one listens to no page event and sends none: it ends only when
 * the extension itself is gone from the page (reloaded, updated, disabled or removed), which shows as
 * `browser.runtime.id` turning undefined, looked at every CHECK_MS and whenever a message fails. (Not
 * WXT's class, whose code the results page would carry for nothing: scripts/vite-content-no-entities.ts.)
 */
export class PageLifetime implements Lifetime {
  private ended = new AbortController();

  constructor() {
    const timer = setInterval(() => this.check(), CHECK_MS);
    this.onInvalidated(() => clearInterval(timer));
  }

  /** True while the extension is there; ends the lifetime (once) when it is not. */
  check(): boolean {
    if (this.ended.signal.aborted) return false;
    if (browser.runtime?.id != null) return true;
    this.ended.abort();
    return false;
  }

  onInvalidated(cb: () => void): () => void {
    const s = this.ended.signal;
    s.addEventListener('abort', cb);
    return () => s.removeEventListener('abort', cb);
  }
}
