/**
 * The part of lib/messages.ts a results page needs: the check of what the background sends a tab, and
 * the reading of the background's answers. Kept apart so the content script carries none of the map of
 * every message (lib/messages.ts re-exports all of it: import from there anywhere else).
 */
import { pageGroupsCheck } from './tab/page-groups';
import { type Check, type Infer, check, fields, obj, oneOf, optional, str } from './validate';

export type ErrorCode = 'BAD_MESSAGE' | 'UNKNOWN_MESSAGE' | 'FORBIDDEN' | 'FAILED';

/** Refusals a page can meet in normal use, named so it says them in the UI language (`message` stays English). */
export const REFUSAL_REASONS = ['no-such-run', 'not-web-page'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export type Reply<T> = { ok: true; value: T } | { ok: false; error: { code: ErrorCode; message: string; reason?: RefusalReason } };

/** A message's outer shape: its type, and a payload the type's own check reads. */
export const envelope = obj({ type: str({ min: 1, max: 64 }), payload: (v: unknown) => v });

/**
 * Messages the background sends a tab's content script, with no answer: the same contract the other
 * way. The content script takes one only from its own extension, of a known type, its payload checked
 * (`readTabMessage`), before it touches the page.
 */
export const TAB_MESSAGES = {
  /** The page's groups again, refined by checked pages and dead results as they come in (issue #6). */
  'page/update': { payload: pageGroupsCheck },
} as const satisfies Record<string, { payload: Check<unknown> }>;

export type TabMessageType = keyof typeof TAB_MESSAGES;
export type TabPayload<T extends TabMessageType> = Infer<(typeof TAB_MESSAGES)[T]['payload']>;
export type TabMessage = { [T in TabMessageType]: { type: T; payload: TabPayload<T> } }[TabMessageType];

export function readTabMessage(msg: unknown, sender: { id?: string }, extensionId: string): TabMessage | undefined {
  if (sender.id !== extensionId) return undefined;
  const env = check(envelope, msg);
  if (!env.ok || !Object.hasOwn(TAB_MESSAGES, env.value.type)) return undefined;
  const type = env.value.type as TabMessageType;
  const payload = check(TAB_MESSAGES[type].payload as Check<unknown>, env.value.payload);
  return payload.ok ? ({ type, payload: payload.value } as TabMessage) : undefined;
}

const errorShape = fields({ code: str() as Check<ErrorCode>, message: str(), reason: optional(oneOf(...REFUSAL_REASONS)) });

/**
 * The background's answer as its sender reads it: a Reply, or undefined when nothing sensible came
 * back (the service worker stopped, the port closed). The value is the handler's; its shape is the
 * receiver's to check where it matters (the content script checks the groups it applies).
 */
export function readReply(v: unknown): Reply<unknown> | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as { ok?: unknown; value?: unknown; error?: unknown };
  if (r.ok === true) return 'value' in r ? { ok: true, value: r.value } : undefined;
  if (r.ok !== false) return undefined;
  const e = check(errorShape, r.error);
  return e.ok ? { ok: false, error: e.value } : undefined;
}
