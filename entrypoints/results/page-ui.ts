import { t } from '../../shared/i18n';
import type { PageReason } from '../../lib/group/pages';
import type { Lifetime } from './lifetime';
import { UI_CSS } from './page-styles';
import { type PageUi, shadowUi } from './shadow-ui';

export type { PageUi };

/**
 * Makes a control's tip (tip.ts, brought by the later script: results-later.content.ts): hover, focus
 * and a tap show it. A tip is hidden until then and positioned out of the flow, so one made a few
 * milliseconds after its control moves nothing on the page.
 */
export type TipMaker = (wrap: HTMLElement, control: HTMLElement, tip: TipText) => void;

/** A tip's words, or what the maker words: a copy's reason (words/groups reasonDetail, which then stays out of this script). */
export type TipText = string | { reason: PageReason; of: number };

let maker: TipMaker | undefined;
/** Tips asked for before the maker came (the first groups, before document_end). */
let waiting: Parameters<TipMaker>[] = [];

/** The tips' maker has come: the tips asked for meanwhile are made (those still on the page). */
export function tipsBy(m: TipMaker): void {
  maker = m;
  for (const w of waiting) if (w[0].isConnected) m(...w);
  waiting = [];
}

/**
 * A click handler that acts only on the user's clicks (mouse, touch, Enter or Space): a click a script
 * synthesizes (element.click(), dispatchEvent) is not trusted and does nothing.
 */
export function onUserClick(el: HTMLElement, act: () => void): void {
  el.addEventListener('click', (e) => {
    if (e.isTrusted) act();
  });
}

/**
 * A control with a tooltip shown on hover and on focus, described to screen readers by the same text.
 * A label's tip also opens and closes by a tap or click (no hover on a phone: tip-taps.ts).
 */
export function withTip(container: HTMLElement, control: HTMLElement, tip: TipText): void {
  const wrap = document.createElement('span');
  wrap.className = 'wrap';
  wrap.append(control);
  container.append(wrap);
  if (maker) maker(wrap, control, tip);
  else {
    // Regroups while the maker is away leave wraps off the page: not kept.
    if (waiting.length >= 500) waiting = waiting.filter((w) => w[0].isConnected);
    waiting.push([wrap, control, tip]);
  }
}

export async function mountUi(ctx: Lifetime, anchor: Element, append: 'first' | 'last' | 'before', build: (c: HTMLElement) => void): Promise<PageUi> {
  // Closed (shadow-ui.ts): page scripts cannot reach in and press our controls (a click from a script is
  // also refused, see onUserClick). The DOM contract (data-resemble-*) is on the page's own elements, not in here.
  return shadowUi(ctx, { name: 'resemble-ui', anchor, append, css: UI_CSS, isolateEvents: true, build });
}

/** On a copy: "near-copy of #1, 87% alike"; hover or focus tells why. */
export function mountLabel(ctx: Lifetime, root: Element, label: string, detail: TipText, action?: LabelAction): Promise<PageUi> {
  return mountUi(ctx, root, 'first', (c) => {
    const el = document.createElement('span');
    el.className = 'label';
    // A note, not a generic span: a role that may carry a name (aria-label) and is read as one.
    el.setAttribute('role', 'note');
    el.tabIndex = 0;
    el.textContent = label;
    el.setAttribute('aria-label', t('page_label_aria', label));
    withTip(c, el, detail);
    if (!action) return;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'find action';
    b.textContent = action.text;
    b.setAttribute('aria-label', action.aria);
    onUserClick(b, () => {
      b.disabled = true; // one click, one choice: the page regroups when the background has it
      action.act();
    });
    c.append(' ', b);
  });
}

/** A button beside a label ("not a copy"). */
export interface LabelAction {
  text: string;
  aria: string;
  act: () => void;
}

export interface ToggleSpec {
  representative: number;
  count: number;
  summary: string;
  label: (revealed: boolean) => string;
  revealed: boolean;
  onToggle: (revealed: boolean) => void;
  /** The button's accessible name, when "… of result #N" does not fit. */
  aria?: (revealed: boolean) => string;
}

/**
 * On a representative: one button that reveals its hidden copies in place, and hides them again. A
 * hidden copycat result's toggle (issue #19) goes just before it (`before`): it has no representative.
 */
export function mountToggle(ctx: Lifetime, root: Element, spec: ToggleSpec, at: 'last' | 'before' = 'last'): Promise<PageUi> {
  return mountUi(ctx, root, at, (c) => {
    const b = document.createElement('button');
    b.type = 'button';
    let revealed = spec.revealed;
    const show = () => {
      b.textContent = spec.label(revealed);
      b.setAttribute('aria-expanded', String(revealed));
      // The name holds the visible text (WCAG 2.5.3, label in name): speech users say what they see.
      b.setAttribute(
        'aria-label',
        spec.aria?.(revealed) ??
          (revealed
            ? t('page_toggle_hide_aria', spec.label(true), String(spec.representative))
            : t('page_toggle_show_aria', spec.label(false), String(spec.representative))),
      );
    };
    onUserClick(b, () => {
      revealed = !revealed;
      show();
      spec.onToggle(revealed);
    });
    show();
    withTip(c, b, spec.summary);
  });
}
