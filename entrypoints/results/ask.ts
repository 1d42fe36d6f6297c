/**
 * The content script's questions to the background, and what it does when no answer comes. The
 * service worker can stop while it works on a message (Chromium stops idle workers; an update or a
 * crash stops busy ones): the message then fails or is answered with nothing, and a page that never
 * asks again stays ungrouped with its tab "working". A refusal (the message broke a limit, or the
 * handler failed) is an answer: reported, and tried once more.
 */
export type SendMessage = (msg: { type: string; payload: unknown }) => Promise<unknown>;

export interface AskOptions {
  /** Waits before each new try when no answer came; none: asked once. */
  backoffMs?: readonly number[];
  /** The payload to try again with after a refusal (e.g. clipped again); the same one by default. */
  refit?: (payload: unknown) => unknown;
  /** False once the extension is gone from this page (reloaded, updated, removed): no one answers. */
  alive?: () => boolean;
  warn?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/** Waits before asking again: the worker needs a moment to start (seconds on a loaded machine); a longer outage gets fewer tries, about 16 s in all. */
export const RETRY_BACKOFF_MS = [200, 500, 1000, 2000, 4000, 8000] as const;

type Reply = { ok?: boolean; value?: unknown; error?: { code?: string; message?: string } };

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The answer's value, or undefined when the background refused twice or never answered. */
export async function ask(send: SendMessage, type: string, payload: unknown, opts: AskOptions = {}): Promise<unknown> {
  const { backoffMs = [], alive = () => true, warn = console.warn, sleep = wait } = opts;
  let refused = false;
  for (let i = 0; ; i++) {
    let r: Reply | undefined;
    try {
      r = (await send({ type, payload })) as Reply | undefined;
    } catch {
      r = undefined; // the port closed before an answer: the worker stopped, or the extension is gone
    }
    if (r?.ok === true) return r.value;
    if (!alive()) return undefined;
    if (r?.ok === false) {
      warn(`Resemble: the background refused ${type} (${r.error?.code ?? '?'}: ${r.error?.message ?? ''})${refused ? '' : '; trying once more'}`);
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
