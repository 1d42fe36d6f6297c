/**
 * Renders Preact into a linkedom document (no browser needed), and unmounts everything after each
 * test: an effect Preact schedules after paint must not run once its test, and the globals it set up,
 * are gone (it would throw into another test's run).
 */
import { parseHTML } from 'linkedom';
import { type ComponentChild, render } from 'preact';
import { afterEach } from 'vitest';

const mounted: Element[] = [];
afterEach(() => {
  for (const root of mounted.splice(0)) render(null, root);
});

export function mountIn(vnode: ComponentChild): { root: HTMLElement; document: Document; window: Window & typeof globalThis } {
  const { document, window } = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  const root = document.getElementById('root')!;
  render(vnode, root as unknown as Element);
  mounted.push(root as unknown as Element);
  return { root: root as unknown as HTMLElement, document: document as unknown as Document, window: window as unknown as Window & typeof globalThis };
}
