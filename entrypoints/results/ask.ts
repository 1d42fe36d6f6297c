import type { MessageType, Replies } from '../../lib/messages';
import { readReply } from '../../lib/messages-tab';

/**
 * The content script's questions to the background, and what it does when no answer comes. The
 * service worker can stop while it works on a message (Chromium stops idle workers; an update or a
 * crash stops busy ones): the message then fails or is answered with nothing, and a page that never
 * asks again stays ungrouped with its tab "working". A refusal (the message broke a limit, or the
 * handler failed) is an answer: reported, and tried once more.
 */
/** The transport (browser.runtime.sendMessage in the page; a fake in tests). */
export type SendMessage = (msg: { type: MessageType; payload: unknown }) => Promise<unknown>;

export interface AskOptions<P = unknown> {
  /** Waits before each new try when no answer came; none: asked once. */
  backoffMs?: readonly number[];
  /** The payload to try again with after a refusal (e.g. clipped again); the same one by default. */
  refit?: (payload: P) => P;
  /** False once the extension is gone from this page (reloaded, updated, removed): no one answers. */
  alive?: () => boolean;
  warn?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/** Waits before asking again: the worker needs a moment to start (seconds on a loaded machine); a longer outage gets fewer tries, about 16 s in all. */
export const RETRY_BACKOFF_MS = [200, 500, 1000, 2000, 4000, 8000] as const;

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The answer's value, or undefined when the background refused twice or never answered. The payload's
 * type is the caller's to hold to the message's (results.content.ts asks through a typed wrapper).
 */
export async function ask<T extends MessageType, P>(send: SendMessage, type: T, payload: P, opts: AskOptions<P> = {}): Promise<Replies[T] | undefined> {
  const { backoffMs = [], alive = () => true, warn = console.warn, sleep = wait } = opts;
  let refused = false;
  for (let i = 0; ; i++) {
    let r: ReturnType<typeof readReply>;
    try {
      r = readReply(await send({ type, payload }));
    } catch {
      r = undefined; // the port closed before an answer: the worker stopped, or the extension is gone
    }
    if (r?.ok === true) return r.value as Replies[T];
    if (!alive()) return undefined;
    if (r?.ok === false) {
      warn(`Resemble: the background refused ${type} (${r.error.code}: ${r.error.message})${refused ? '' : '; trying once more'}`);
      if (refused) return undefined;
      refused = true;
      if (opts.refit) payload = opts.refit(payload);
      continue;
    }
    if (i >= backoffMs.length) return undefined;
    await sleep(backoffMs[i]);
    if (!alive()) return undefined;
  }
}
