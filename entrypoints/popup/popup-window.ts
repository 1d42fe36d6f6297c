import { browser } from 'wxt/browser';

/**
 * Whether this document is the toolbar's popup of a desktop browser. There the browser sizes the popup
 * to the page's preferred width, so the body keeps its fixed 360 px (popup.css): a fluid body would
 * shrink the popup to its longest word. Anywhere else the page is fluid: Firefox for Android opens the
 * popup as a full-width page (its screen may be narrower than 360 px), and popup.html may be opened in
 * a tab. The user agent names Android because there a "popup" view is a page all the same.
 */
export function inToolbarPopup(): boolean {
  if (/\bAndroid\b/i.test(navigator.userAgent)) return false;
  try {
    return browser.extension.getViews({ type: 'popup' }).includes(window);
  } catch {
    return false; // no extension.getViews: a page, not a popup
  }
}

/** Marks the root element before the first paint: `html.toolbar-popup` keeps the desktop popup's fixed width. */
export function markPopupWindow(): void {
  document.documentElement.classList.toggle('toolbar-popup', inToolbarPopup());
}
