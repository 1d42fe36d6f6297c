/**
 * Styles inside Resemble's shadow roots (page styles do not reach in, these do not leak out). Colours
 * keep 4.5:1 contrast on white and on dark pages' own backgrounds alike, since the hosts sit on the page.
 */
export const UI_CSS = `
:host { display: block !important; margin: 4px 0 !important; font: 13px/1.4 system-ui, sans-serif !important; }
.wrap { position: relative; display: inline-block; }
button, .label {
  font: inherit; color: #1f3a68; background: #eef3fb; border: 1px solid #b7c7e3; border-radius: 10px;
  padding: 1px 9px; cursor: pointer;
}
.label { cursor: help; display: inline-block; }
button:hover, .label:hover { background: #dfe8f7; }
button:focus-visible, .label:focus-visible { outline: 2px solid #1a56db; outline-offset: 2px; }
.tip {
  display: none; position: absolute; z-index: 2147483000; left: 0; top: calc(100% + 4px); width: max-content; max-width: 420px;
  background: #1f2937; color: #f9fafb; border-radius: 6px; padding: 6px 9px; white-space: pre-line; box-shadow: 0 2px 8px rgb(0 0 0 / 25%);
}
.wrap:hover .tip, .wrap:focus-within .tip { display: block; }
.wrap.dismissed .tip { display: none; }
.label.dead { color: #7a1d1d; background: #fdeeee; border-color: #e3b7b7; }
.label.live { color: #14532d; background: #ecfdf3; border-color: #a7d7b8; cursor: pointer; text-decoration: underline; }
`;

/** Hidden copies: one rule on Resemble's own attribute, so users' styles can override it. */
export const HIDDEN_CSS = '[data-resemble-hidden="true"] { display: none !important; }';
