/**
 * Resemble's on-page UI as the end-to-end tests see it. Its shadow roots are closed (issue #13: a page
 * script must not reach in and press "find a copy"), so Playwright's locators, which pierce only open
 * roots, do not find it. The tests read it from the content script's isolated world instead, through
 * chrome.dom.openOrClosedShadowRoot: an extension API that pages do not have, so the build under test
 * is the build users get, with no way in for a page. Clicks, hovers and keys go through page.mouse and
 * page.keyboard: real input, trusted like a user's.
 *
 *   const ui = pageUi(page, evalInContentScript);
 *   const toggle = ui('[data-resemble-rank="1"] resemble-ui', 'button');
 *   await expect.poll(() => toggle.text()).toBe('2 near-copies');
 *   await toggle.click();
 */
import type { Page } from '@playwright/test';
import type { ResembleFixtures } from './fixtures';

/** One element inside a UI shadow root, as it is now. */
export interface UiNode {
  text: string;
  /** Laid out with a size (a tooltip shown, a control not hidden). */
  visible: boolean;
  /** Has focus inside its shadow root. */
  focused: boolean;
  attrs: Record<string, string>;
  /** Its box in the viewport (after scrolling it into view, when asked to). */
  box: { x: number; y: number; width: number; height: number };
  /** The closed root's mode: 'closed' for every root Resemble makes. */
  mode: string;
}

type EvalIn = ResembleFixtures['evalInContentScript'];

/** Runs in the content script's world: the elements matching `inner` in the shadow roots of the hosts matching `hosts`. */
function script(hosts: string, inner: string, act: 'read' | 'scroll' | 'focus' | 'blur', index: number): string {
  return `(() => {
    const found = [];
    for (const host of document.querySelectorAll(${JSON.stringify(hosts)})) {
      const root = chrome.dom.openOrClosedShadowRoot(host);
      if (!root) continue;
      for (const el of root.querySelectorAll(${JSON.stringify(inner)})) found.push({ el, root });
    }
    const target = found[${index}];
    if (target && ${JSON.stringify(act)} === 'scroll') target.el.scrollIntoView({ block: 'center' });
    if (target && ${JSON.stringify(act)} === 'focus') target.el.focus();
    if (target && ${JSON.stringify(act)} === 'blur') target.el.blur();
    return found.map(({ el, root }) => {
      const r = el.getBoundingClientRect();
      const attrs = {};
      for (const a of el.attributes) attrs[a.name] = a.value;
      return {
        text: el.textContent ?? '',
        visible: r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden',
        focused: root.activeElement === el,
        attrs,
        box: { x: r.x, y: r.y, width: r.width, height: r.height },
        mode: root.mode,
      };
    });
  })()`;
}

export class UiQuery {
  constructor(
    private page: Page,
    private evalIn: EvalIn,
    private hosts: string,
    private inner: string,
    private index = 0,
  ) {}

  all(): Promise<UiNode[]> {
    return this.evalIn<UiNode[]>(this.page, script(this.hosts, this.inner, 'read', this.index));
  }
  nth(i: number): UiQuery {
    return new UiQuery(this.page, this.evalIn, this.hosts, this.inner, i);
  }
  async count(): Promise<number> {
    return (await this.all()).length;
  }
  async node(): Promise<UiNode | undefined> {
    return (await this.all())[this.index];
  }
  async text(): Promise<string | undefined> {
    return (await this.node())?.text;
  }
  async attr(name: string): Promise<string | undefined> {
    return (await this.node())?.attrs[name];
  }
  async visible(): Promise<boolean> {
    return (await this.node())?.visible ?? false;
  }
  async focused(): Promise<boolean> {
    return (await this.node())?.focused ?? false;
  }
  /** Scrolled into view; its box then. */
  async box(): Promise<UiNode['box']> {
    const n = (await this.evalIn<UiNode[]>(this.page, script(this.hosts, this.inner, 'scroll', this.index)))[this.index];
    if (!n) throw new Error(`no ${this.inner} in ${this.hosts} (#${this.index})`);
    return n.box;
  }
  /** A real click at its middle (a trusted event, as a user's). */
  async click(): Promise<void> {
    const b = await this.box();
    await this.page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  }
  async hover(): Promise<void> {
    const b = await this.box();
    await this.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  }
  async focus(): Promise<void> {
    await this.evalIn(this.page, script(this.hosts, this.inner, 'focus', this.index));
  }
  async blur(): Promise<void> {
    await this.evalIn(this.page, script(this.hosts, this.inner, 'blur', this.index));
  }
}

/** `ui(hosts, inner)`: the elements `inner` inside the UI hosts `hosts` (e.g. '[data-resemble-rank="3"] resemble-ui'). */
export function pageUi(page: Page, evalIn: EvalIn): (hosts: string, inner: string) => UiQuery {
  return (hosts, inner) => new UiQuery(page, evalIn, hosts, inner);
}
