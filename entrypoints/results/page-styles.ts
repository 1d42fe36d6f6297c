/**
 * Styles inside Resemble's shadow roots (page styles do not reach in, these do not leak out). The hosts
 * sit on the engine's page, whose own scheme is the engine's: Resemble's labels follow the user's
 * prefers-color-scheme, each control drawing its own background so its text keeps 4.5:1 contrast
 * whatever the page behind it. One palette per scheme; the rules use only its properties.
 */
export const PALETTE_CSS = `
:host {
  color-scheme: light dark;
  --r-fg: #1f3a68; --r-bg: #eef3fb; --r-line: #b7c7e3; --r-hover: #dfe8f7; --r-focus: #1a56db;
  --r-tip-fg: #f9fafb; --r-tip-bg: #1f2937; --r-tip-line: #1f2937;
  --r-dead-fg: #7a1d1d; --r-dead-bg: #fdeeee; --r-dead-line: #e3b7b7;
  --r-live-fg: #14532d; --r-live-bg: #ecfdf3; --r-live-line: #a7d7b8;
}
@media (prefers-color-scheme: dark) {
  :host {
    --r-fg: #dbe6ff; --r-bg: #1e2a44; --r-line: #4a6196; --r-hover: #26375a; --r-focus: #8ab0ff;
    --r-tip-fg: #f3f4f6; --r-tip-bg: #2d333d; --r-tip-line: #5b6472;
    --r-dead-fg: #ffc9c9; --r-dead-bg: #3b1d1d; --r-dead-line: #8a4545;
    --r-live-fg: #b8f0cc; --r-live-bg: #14301f; --r-live-line: #3f7a55;
  }
}
`;

// Controls are at least 24×24 CSS px for a finger or a shaky hand (WCAG 2.2 2.5.8), larger on a touch
// screen. A tip shows by hover, keyboard focus or a tap (tip.ts, tip-taps.ts, which also moves it left
// to stay on screen). The reasons are here, not in the CSS: every byte of it is in the content script.
export const UI_CSS = `${PALETTE_CSS}
:host { display: block !important; margin: 4px 0 !important; font: 13px/1.4 system-ui, sans-serif !important; }
.wrap { position: relative; display: inline-block; vertical-align: middle; }
button, .label {
  font: inherit; color: var(--r-fg); background: var(--r-bg); border: 1px solid var(--r-line); border-radius: 12px;
  padding: 2px 10px; cursor: pointer; box-sizing: border-box; min-height: 24px; min-width: 24px;
  display: inline-flex; align-items: center; vertical-align: middle;
}
@media (pointer: coarse) {
  button, .label { min-height: 36px; padding: 4px 12px; border-radius: 18px; }
}
.label { cursor: help; }
button:hover, .label:hover { background: var(--r-hover); }
button:focus-visible, .label:focus-visible { outline: 2px solid var(--r-focus); outline-offset: 2px; }
.tip {
  display: none; position: absolute; z-index: 2147483000; left: 0; top: calc(100% + 4px); width: max-content;
  max-width: min(420px, calc(100vw - 16px)); box-sizing: border-box; overflow-wrap: anywhere;
  background: var(--r-tip-bg); color: var(--r-tip-fg); border: 1px solid var(--r-tip-line); border-radius: 6px; padding: 6px 9px;
  white-space: pre-line; box-shadow: 0 2px 8px rgb(0 0 0 / 25%);
}
.wrap:hover .tip, .wrap:focus-within .tip, .wrap.open .tip { display: block; }
.wrap.dismissed .tip { display: none; }
.label.dead { color: var(--r-dead-fg); background: var(--r-dead-bg); border-color: var(--r-dead-line); }
.label.live { color: var(--r-live-fg); background: var(--r-live-bg); border-color: var(--r-live-line); cursor: pointer; text-decoration: underline; }
`;

/** Hidden copies: one rule on Resemble's own attribute, so users' styles can override it. */
export const HIDDEN_CSS = '[data-resemble-hidden="true"] { display: none !important; }';
