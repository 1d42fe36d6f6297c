import { browser } from 'wxt/browser';

/** Page checking fetches whatever sites a results page lists: access to every http(s) origin. */
export const PAGE_ORIGINS = ['https://*/*', 'http://*/*'];

/**
 * Asks for that access. Must be called straight from the user's click or change, before any other
 * await: browsers only show the prompt during a user action. Resolves to whether it was granted.
 */
export function requestPageAccess(): Promise<boolean> {
  return browser.permissions.request({ origins: PAGE_ORIGINS });
}
