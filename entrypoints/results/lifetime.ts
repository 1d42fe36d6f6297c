import { browser } from 'wxt/browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';

/** How often the script looks whether the extension is still there (nothing tells a content script). */
const CHECK_MS = 1000;

/**
 * The content script's lifetime, used instead of the context WXT hands to main(). WXT's context ends
 * when the document sees a `<extension id>:results:wxt:content-script-started` event, meant for a newer
 * copy of the script to stop an older one; but any page script can dispatch that event, and the page
 * would be left with its copies hidden and no control to show them (docs/upstream/
 * wxt-content-script-started.md). This one listens to no page event: it ends only when the extension
 * itself is gone from the page (reloaded, updated, disabled or removed), which shows as
 * `browser.runtime.id` turning undefined, looked at every CHECK_MS and whenever a message fails.
 */
export class PageLifetime extends ContentScriptContext {
  private timer?: ReturnType<typeof setInterval>;

  constructor(name: string) {
    super(name);
    this.timer = setInterval(() => this.check(), CHECK_MS);
    this.onInvalidated(() => clearInterval(this.timer));
  }

  /** True while the extension is there; ends the lifetime (once) when it is not. */
  check(): boolean {
    if (this.signal.aborted) return false;
    if (browser.runtime?.id != null) return true;
    this.notifyInvalidated();
    return false;
  }

  /** No event to the page: an older copy of the script ends on its own, by the check above. */
  override stopOldScripts(): void {}

  /** No listener for the page's events: a page cannot end this lifetime. */
  override listenForNewerScripts(): void {}
}
