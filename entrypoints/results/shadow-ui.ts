import type { Lifetime } from './lifetime';

/** One piece of Resemble's UI on the page: a host element holding a closed shadow root. */
export interface PageUi<T = void> {
  /** What `build` returned, until removed. */
  readonly mounted: T | undefined;
  remove(): void;
}

export interface ShadowUiSpec<T> {
  /** The host's tag: a custom element name (restorePage finds the hosts by it: marks.ts UI_HOSTS). */
  name: string;
  anchor: Element;
  /** Inside the anchor, first or last; or just before it. */
  append: 'first' | 'last' | 'before';
  css: string;
  /** Keys typed on the controls stay ours: the page's shortcuts (Google's "/" etc.) do not see them. */
  isolateEvents?: boolean;
  build: (container: HTMLElement) => T;
}

/** The page's styles stop at the shadow root, but inherited ones (font, colour…) cross it at the host: reset there. */
const HOST_RESET = ':host{all:initial !important;}';
const ISOLATED = ['keydown', 'keyup', 'keypress'];

/**
 * A closed shadow root on the page, built as WXT's createShadowRootUi built it (the same elements, so
 * the same layout: `<html><head><style></head><body>` inside the root, our CSS after a reset of the
 * host) in a few lines rather than its 10 KB of general UI code. Closed: page scripts cannot reach in
 * and press our controls. Removed when the script's lifetime ends, as WXT's were with its context.
 * (WXT also moved @font-face and @property rules to the document, where alone they work: ours have none.)
 */
export function shadowUi<T>(life: Lifetime, spec: ShadowUiSpec<T>): PageUi<T> {
  const host = document.createElement(spec.name);
  const shadow = host.attachShadow({ mode: 'closed' });
  const html = document.createElement('html');
  const head = document.createElement('head');
  const body = document.createElement('body');
  const style = document.createElement('style');
  style.textContent = `${HOST_RESET}\n${spec.css}`.trim();
  head.append(style);
  html.append(head, body);
  shadow.append(html);
  if (spec.isolateEvents) for (const type of ISOLATED) body.addEventListener(type, (e) => e.stopPropagation());
  const { anchor } = spec;
  if (spec.append === 'first') anchor.prepend(host);
  else if (spec.append === 'last') anchor.append(host);
  else anchor.parentElement?.insertBefore(host, anchor);
  let mounted: T | undefined = spec.build(body);
  const forget = life.onInvalidated(remove);
  function remove(): void {
    forget();
    host.remove();
    body.replaceChildren();
    mounted = undefined;
  }
  return {
    get mounted() {
      return mounted;
    },
    remove,
  };
}
