import { browser } from 'wxt/browser';

/**
 * The origin pattern a host's permission is asked for. Without the port: Firefox's match patterns
 * cannot name one, and in Chrome a pattern without a port matches every port.
 */
export function hostOrigin(host: string): string {
  return `https://${host.replace(/:\d+$/, '')}/*`;
}

/**
 * Asks the browser for access to a host (a SearXNG instance the user adds). Must be called straight
 * from the user's click or submit, before any other await: browsers only show the prompt during a
 * user action. Resolves to whether access was granted (the caller adds the host only then); rejects
 * when the browser could not ask (the caller shows why).
 */
export function requestHostPermission(host: string): Promise<boolean> {
  return browser.permissions.request({ origins: [hostOrigin(host)] });
}
