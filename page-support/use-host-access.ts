import { browser } from 'wxt/browser';
import { useEffect, useState } from 'preact/hooks';
import { hostOrigin } from './permissions';

/**
 * Which of `hosts` Resemble has access to, checked again when the browser's grants change. A host can
 * arrive without access: added on another computer and brought by the browser's sync (issue #30).
 */
export function useHostAccess(hosts: readonly string[]): Record<string, boolean> {
  const [access, setAccess] = useState<Record<string, boolean>>({});
  const key = hosts.join(' ');
  useEffect(() => {
    let live = true;
    const check = () =>
      void Promise.all(hosts.map(async (h) => [h, await browser.permissions.contains({ origins: [hostOrigin(h)] }).catch(() => false)] as const)).then(
        (pairs) => {
          if (live) setAccess(Object.fromEntries(pairs));
        },
      );
    check();
    browser.permissions.onAdded.addListener(check);
    browser.permissions.onRemoved.addListener(check);
    return () => {
      live = false;
      browser.permissions.onAdded.removeListener(check);
      browser.permissions.onRemoved.removeListener(check);
    };
    // The hosts are what the check depends on (a new array of the same hosts checks nothing new).
  }, [key]);
  return access;
}
