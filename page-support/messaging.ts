import { browser } from 'wxt/browser';
import { type MessageKey, t, tOf } from '../shared/i18n';
import { type ErrorCode, type MessageType, type RefusalReason, type Payload, type Replies, readReply } from '../lib/messages';

/** Why a message failed: the background's error code, or NO_ANSWER when nothing (or nothing sensible) came back. */
export type SendErrorCode = ErrorCode | 'NO_ANSWER';

export class MessageError extends Error {
  constructor(
    readonly code: SendErrorCode,
    message: string,
    readonly type: MessageType,
    /** A refusal the background named (lib/messages REFUSAL_REASONS). */
    readonly reason?: RefusalReason,
  ) {
    super(message);
    this.name = 'MessageError';
  }
}

export interface SendOptions {
  /** Give up (NO_ANSWER) after this long; by default wait as long as the browser does. */
  timeoutMs?: number;
}

/**
 * Sends one typed message to the background and returns its value. Throws a MessageError when the
 * background refuses it, fails, is not listening, or answers something that is not a Reply.
 */
export async function send<T extends MessageType>(type: T, payload: Payload<T>, opts: SendOptions = {}): Promise<Replies[T]> {
  let answer: unknown;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const sent = browser.runtime.sendMessage({ type, payload }) as Promise<unknown>;
    const ms = opts.timeoutMs;
    const late = new Promise<never>((_, reject) => {
      if (ms !== undefined) timer = setTimeout(() => reject(new Error(`no answer to ${type} within ${Math.round(ms / 1000)} s`)), ms);
    });
    answer = await (ms === undefined ? sent : Promise.race([sent, late]));
  } catch (e) {
    throw new MessageError('NO_ANSWER', (e instanceof Error ? e.message : String(e)).trim(), type);
  } finally {
    clearTimeout(timer);
  }
  const reply = readReply(answer);
  if (!reply) throw new MessageError('NO_ANSWER', `no answer to ${type}`, type);
  if (!reply.ok) throw new MessageError(reply.error.code, reply.error.message, type, reply.error.reason);
  return reply.value as Replies[T];
}

const REFUSAL_KEYS = { 'no-such-run': 'common_refused_noSuchRun', 'not-web-page': 'common_refused_notWebPage' } as const satisfies Record<
  RefusalReason,
  MessageKey
>;

/** An error's text for people: no stack, no trailing full stop (callers put it inside their own sentence). */
export function errorText(e: unknown): string {
  // The browser's own words for a missing background ("Receiving end does not exist") help no one.
  if (e instanceof MessageError && e.code === 'NO_ANSWER') return t('common_err_noAnswer');
  const refusal = e instanceof MessageError ? tOf(REFUSAL_KEYS, e.reason) : undefined;
  if (refusal) return refusal;
  const text = (e instanceof Error ? e.message : String(e)).trim();
  return text.replace(/\.+$/, '') || t('common_err_unknown');
}
