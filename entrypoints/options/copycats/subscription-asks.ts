import { browser } from 'wxt/browser';
import { type SubscribeReply, type SubscriptionView, subOrigin } from '../../../lib/copycat/subscriptions';
import { errorText, send } from '../../../page-support/messaging';
import { t } from '../../../shared/i18n';

/** A subscribe can wait for a slow list host (the background gives a fetch 30 s). */
const SLOW = { timeoutMs: 60_000 };

const noAccess = (url: string): SubscribeReply => ({ code: 'access', error: subOrigin(url) });

/**
 * Asks the browser for access to the list's host, then subscribes. Called straight from the click or
 * submit: nothing is awaited before the request (browsers show the prompt only during a user action).
 */
export function askThenSubscribe(url: string, name: string, hours: number): Promise<SubscribeReply | string> {
  return browser.permissions.request({ origins: [subOrigin(url)] }).then<SubscribeReply | string, string>(
    (granted) =>
      granted ? send('subs/add', { url, ...(name.trim() && { name: name.trim() }), hours }, SLOW) : t('options_subs_refused', new URL(url).hostname),
    (e: unknown) => t('options_subs_askError', errorText(e)),
  );
}

/**
 * "Update now". A subscription that failed for want of host access (taken back in the browser, or one
 * that came from another device) asks for it again first, in the same click.
 */
export function updateNow(s: SubscriptionView): Promise<SubscribeReply> {
  const asked = s.failed?.code === 'access' ? browser.permissions.request({ origins: [subOrigin(s.url)] }) : Promise.resolve(true);
  return asked.then((granted): Promise<SubscribeReply> | SubscribeReply => (granted ? send('subs/update', { url: s.url }, SLOW) : noAccess(s.url)));
}

/**
 * "Accept on this device": another device's subscription (issue #38) asks for its host access and is
 * fetched, in the same click. Until then it is listed, never fetched.
 */
export function acceptHere(s: SubscriptionView): Promise<SubscribeReply> {
  return browser.permissions
    .request({ origins: [subOrigin(s.url)] })
    .then((granted): Promise<SubscribeReply> | SubscribeReply => (granted ? send('subs/accept', { url: s.url }, SLOW) : noAccess(s.url)));
}
