import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { type ShadowRootContentScriptUi, createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import { liveCopyDetail, liveCopyLabel } from '../../words/groups';
import { t, tOf } from '../../shared/i18n';
import type { Alternate } from '../../lib/lost/report';
import { UI_CSS } from './page-styles';
import { closeTip, tapTip } from './tip-taps';

export type PageUi = ShadowRootContentScriptUi<void>;

let tips = 0;

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
export function withTip(container: HTMLElement, control: HTMLElement, tip: string): void {
  const wrap = document.createElement('span');
  wrap.className = 'wrap';
  const t = document.createElement('span');
  t.className = 'tip';
  t.id = `resemble-tip-${++tips}`;
  t.setAttribute('role', 'tooltip');
  t.textContent = tip;
  control.setAttribute('aria-describedby', t.id);
  // Escape hides the tip without moving focus or the pointer (WCAG 1.4.13); it shows again next time.
  control.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closeTip(wrap);
  });
  const again = () => wrap.classList.remove('dismissed');
  wrap.addEventListener('mouseleave', again);
  wrap.addEventListener('focusout', again);
  wrap.append(control, t);
  container.append(wrap);
  // Buttons and links act on a tap; a label (role note) does nothing else, so a tap shows its tip.
  tapTip(wrap, control, t, control.localName === 'span');
}

export async function mountUi(
  ctx: ContentScriptContext,
  anchor: Element,
  append: 'first' | 'last' | 'before',
  build: (c: HTMLElement) => void,
): Promise<PageUi> {
  const ui = await createShadowRootUi(ctx, {
    name: 'resemble-ui',
    position: 'inline',
    anchor,
    append,
    css: UI_CSS,
    // Closed: page scripts cannot reach in and press our controls (a click from a script is also refused,
    // see onUserClick). The DOM contract (data-resemble-*) is on the page's own elements, not in here.
    mode: 'closed',
    // Keys typed on our controls stay ours: the page's shortcuts (Google's "/" etc.) do not see them.
    isolateEvents: true,
    onMount: (container) => build(container),
  });
  ui.mount();
  return ui;
}

/** On a copy: "near-copy of #1, 87% alike"; hover or focus tells why. */
export function mountLabel(ctx: ContentScriptContext, root: Element, label: string, detail: string, action?: LabelAction): Promise<PageUi> {
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
export function mountToggle(ctx: ContentScriptContext, root: Element, spec: ToggleSpec, at: 'last' | 'before' = 'last'): Promise<PageUi> {
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

const DEAD_WORDS = { gone: 'page_dead_gone', dns: 'page_dead_dns', connection: 'page_dead_connection', soft404: 'page_dead_soft404' } as const;

/**
 * On a dead result: a label saying so and a "find a copy" button (lost and found, in a new tab). With a
 * verified live copy (issue #15), a link to it with its measure on hover or focus, and the button says
 * "more copies". Everything is set as text; the address was checked to be http(s) (checkPageGroups).
 */
export function mountDead(
  ctx: ContentScriptContext,
  root: Element,
  rank: number,
  kind: string,
  onFind: () => void,
  copy?: Alternate,
  onHide?: () => void,
): Promise<PageUi> {
  return mountUi(ctx, root, 'first', (c) => {
    const why = tOf(DEAD_WORDS, kind) ?? kind;
    const label = document.createElement('span');
    label.className = 'label dead';
    label.setAttribute('role', 'note');
    label.tabIndex = 0;
    label.textContent = t('page_dead_label');
    label.setAttribute('aria-label', t('page_dead_aria', String(rank)));
    // With a live copy, the label's tip also gives the copy's measure: on a phone a tap on the link
    // follows it, and the label is where a finger can read why the copy was chosen.
    withTip(c, label, copy ? `${t('page_dead_tip', why)}\n${liveCopyDetail(copy)}` : t('page_dead_tip', why));
    if (copy) {
      const a = document.createElement('a');
      a.className = 'label live';
      a.href = copy.url;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.textContent = liveCopyLabel(copy);
      a.setAttribute('aria-label', t('page_liveCopy_aria', liveCopyLabel(copy), String(rank)));
      c.append(' ');
      withTip(c, a, liveCopyDetail(copy));
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'find';
    b.textContent = copy ? t('page_moreCopies') : t('page_findCopy');
    // Names that hold the visible words (WCAG 2.5.3, label in name).
    b.setAttribute('aria-label', copy ? t('page_moreCopies_aria', String(rank)) : t('page_findCopy_aria', String(rank)));
    onUserClick(b, onFind);
    c.append(' ', b);
    // A dead representative whose live copy stands in for it (collapse mode): it may be tucked away
    // behind the group's toggle too.
    if (onHide) {
      const h = document.createElement('button');
      h.type = 'button';
      h.className = 'find hide';
      h.textContent = t('page_hideDead');
      h.setAttribute('aria-label', t('page_hideDead_aria', String(rank)));
      onUserClick(h, onHide);
      c.append(' ', h);
    }
  });
}
