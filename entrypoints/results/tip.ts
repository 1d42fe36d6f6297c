import { reasonDetail } from '../../words/groups';
import type { TipText } from './page-ui';
import { closeTip, tapTip } from './tip-taps';

let tips = 0;

/**
 * A control's tip (page-ui.ts withTip made the wrap that holds them): shown on hover and on focus,
 * describing the control to screen readers by the same text; a label's also opens and closes by a tap
 * or click (no hover on a phone: tip-taps.ts). Brought by the later script (results-later.content.ts).
 */
export function makeTip(wrap: HTMLElement, control: HTMLElement, text: TipText): void {
  const tip = document.createElement('span');
  tip.className = 'tip';
  tip.id = `resemble-tip-${++tips}`;
  tip.setAttribute('role', 'tooltip');
  tip.textContent = typeof text === 'string' ? text : reasonDetail(text.reason, text.of);
  control.setAttribute('aria-describedby', tip.id);
  // Escape hides the tip without moving focus or the pointer (WCAG 1.4.13); it shows again next time.
  control.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closeTip(wrap);
  });
  const again = () => wrap.classList.remove('dismissed');
  wrap.addEventListener('mouseleave', again);
  wrap.addEventListener('focusout', again);
  wrap.append(tip);
  // Buttons and links act on a tap; a label (role note) does nothing else, so a tap shows its tip.
  tapTip(wrap, control, tip, control.localName === 'span');
}
