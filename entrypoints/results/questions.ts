import { browser } from 'wxt/browser';
import { type ResultsBatch, batches } from '../../lib/engines/batch';
import type { MessageType, Payload, Replies } from '../../lib/messages';
import { type AskOptions, RETRY_BACKOFF_MS, ask as askWith } from './ask';

/**
 * One question to the background, typed by lib/messages' map (ask.ts says when it is asked again).
 * What comes back is still checked before the page is touched (the machine's `answer`).
 */
export function ask<T extends MessageType>(type: T, payload: Payload<T>, opts: AskOptions<Payload<T>>): Promise<Replies[T] | undefined> {
  return askWith((msg) => browser.runtime.sendMessage(msg), type, payload, opts);
}

/** Results, asked again when no answer comes (the service worker stopped while grouping them). */
export function sendResults(batch: Payload<'page/results'>, alive: () => boolean): Promise<Replies['page/results'] | undefined> {
  // Only ever a batch this script read (a ResultsBatch): clipped again, as when it was first sent.
  const refit = (p: Payload<'page/results'>) => batches(p as ResultsBatch)[0] ?? p;
  return ask('page/results', batch, { alive, backoffMs: RETRY_BACKOFF_MS, refit });
}

/** The page's groups again (after a settings change), asked again when no answer comes. */
export function askGroups(alive: () => boolean): Promise<Replies['page/groups'] | undefined> {
  return ask('page/groups', {}, { alive, backoffMs: RETRY_BACKOFF_MS });
}
