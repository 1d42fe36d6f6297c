import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { PAGE_ORIGINS } from '../lib/fetch/fetch-page';

/** Page checking (and lost and found) fetch whatever sites a results page lists: every http(s) origin. */

/**
 * Asks for that access. Must be called straight from the user's click or change, before any other
 * await: browsers only show the prompt during a user action. Resolves to whether it was granted.
 */
export function requestPageAccess(): Promise<boolean> {
  return browser.permissions.request({ origins: PAGE_ORIGINS });
}

/**
 * Whether this browser has granted that access (undefined while asking): settings sync across
 * devices, permissions do not, and the user may take access back in the browser's own settings.
 */
export function usePageAccess(): boolean | undefined {
  const [granted, setGranted] = useState<boolean>();
  useEffect(() => {
    let live = true;
    const look = () =>
      void browser.permissions
        .contains({ origins: PAGE_ORIGINS })
        .then((g) => live && setGranted(g))
        .catch(() => live && setGranted(false));
    look();
    browser.permissions.onAdded.addListener(look);
    browser.permissions.onRemoved.addListener(look);
    return () => {
      live = false;
      browser.permissions.onAdded.removeListener(look);
      browser.permissions.onRemoved.removeListener(look);
    };
  }, []);
  return granted;
}
