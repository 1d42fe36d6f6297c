/**
 * Tooltips that a finger can open (issue #30: Firefox for Android has no hover). A control's tip shows
 * on hover and on keyboard focus (page-styles.ts); a tap or click on a label toggles it too, Escape or a
 * tap anywhere outside Resemble's control closes it, and it is moved left so that it stays on a narrow
 * screen. `wrap` holds the control and its tip, inside one of Resemble's closed shadow roots.
 */

/** Tips opened by a tap or click, to close on a tap elsewhere. */
const opened = new Set<HTMLElement>();
let listening = false;

/** Whether the tip shows now (hover, focus or a tap). */
const shown = (tip: HTMLElement) => getComputedStyle(tip).display !== 'none';

/** Keeps the shown tip inside the viewport: shifted left by what would stick out (8 px margin). */
export function placeTip(tip: HTMLElement): void {
  tip.style.left = '';
  if (!shown(tip)) return;
  const edge = document.documentElement.clientWidth - 8;
  const r = tip.getBoundingClientRect();
  const over = Math.min(r.right - edge, r.left - 8);
  if (over > 0) tip.style.left = `${-over}px`;
}

export function closeTip(wrap: HTMLElement): void {
  opened.delete(wrap);
  wrap.classList.remove('open');
  wrap.classList.add('dismissed');
}

function openTip(wrap: HTMLElement, tip: HTMLElement): void {
  opened.add(wrap);
  wrap.classList.remove('dismissed');
  wrap.classList.add('open');
  placeTip(tip);
}

/** One listener for the page: a press outside a tip's own host closes the tips opened by a tap. */
function listenOutside(): void {
  if (listening) return;
  listening = true;
  // Capture on window: a page that stops its own events' propagation still lets this one through. From
  // out here a closed shadow root shows only as its host element in the event's path.
  window.addEventListener(
    'pointerdown',
    (e) => {
      const path = e.composedPath();
      for (const wrap of [...opened]) {
        const host = (wrap.getRootNode() as ShadowRoot).host;
        if (!wrap.isConnected) opened.delete(wrap);
        else if (!path.includes(host)) closeTip(wrap);
      }
    },
    { capture: true, passive: true },
  );
}

/**
 * Wires `wrap`'s tip: `toggles` (a label, whose click does nothing else) opens and closes it by tap or
 * click; every control's tip is placed on screen when hover or focus shows it.
 */
export function tapTip(wrap: HTMLElement, control: HTMLElement, tip: HTMLElement, toggles: boolean): void {
  const place = () => requestAnimationFrame(() => placeTip(tip));
  wrap.addEventListener('mouseenter', place);
  wrap.addEventListener('focusin', place);
  if (!toggles) return;
  listenOutside();
  // Whether the tip showed before this press: the press itself focuses the label, which shows it.
  let before = false;
  control.addEventListener('pointerdown', () => {
    before = shown(tip);
  });
  control.addEventListener('click', () => {
    if (before) closeTip(wrap);
    else openTip(wrap, tip);
    before = !before;
  });
}
