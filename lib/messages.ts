import type { BadLine, ListErrorCode } from './copycat/ruleset';
import type { CopycatState } from './copycat/table';
import type { SiteVerdict } from './copycat/copycat';
import type { Evidence } from './copycat/evidence';
import type { PageGroups } from './tab/page-groups';
import { resultItem } from './group/result-item';
import type { TabState } from './tab/tab-state';
import type { LostReport } from './lost/report';
import type { NotACopy } from './group/not-a-copy';
import type { CopiesReport } from './copies/report';
import type { SubscribeReply, SubscriptionsView } from './copycat/subscriptions';
import type { SyncStatus } from './sync/status';
import { type AcceptedHere, ENGINE_KINDS } from './engines/accepted-here';
import { type SettingsPatch, type Settings, checkSettingsPatch } from './settings';
import type { PreviewData } from './store/types';
import { LIMITS, MAX_LIST_BYTES } from './limits';
import { type Check, type Infer, arr, bool, check, num, obj, oneOf, optional, str } from './validate';
import { type ErrorCode, type RefusalReason, type Reply, envelope } from './messages-tab';

// What the results page needs (its tab messages' check, the reply's reading) is in messages-tab.ts, so
// its content script carries none of the map below; everyone else imports it from here, as before.
export {
  type ErrorCode,
  type RefusalReason,
  type Reply,
  type TabMessage,
  type TabMessageType,
  type TabPayload,
  REFUSAL_REASONS,
  TAB_MESSAGES,
  readReply,
  readTabMessage,
} from './messages-tab';

/** Who may send a message: content scripts send only what a page could; extension pages (popup, options, lost-and-found) the rest. */
export type Origin = 'content' | 'page';

const empty = obj({});
const rank = num({ min: 1, max: LIMITS.rank, int: true });
const settingsPatch: Check<SettingsPatch> = (v, path, errors) => {
  const c = checkSettingsPatch(v);
  if (!c.ok) errors.push(...c.errors.map((e) => (path ? `${path}.${e}` : e)));
  return c.ok ? c.value : ({} as SettingsPatch);
};

/**
 * Every message: its origin, the check of its payload, and (in `Replies`) the type of its answer.
 * The tab a content script speaks for is `sender.tab.id`; no payload carries a tab id from a page.
 */
export const MESSAGES = {
  /** A results page's organic results, read by the content script. */
  'page/results': {
    from: 'content',
    payload: obj({
      engine: str({ max: LIMITS.engine }),
      url: str({ min: 1, max: LIMITS.pageUrl }),
      query: str({ max: LIMITS.query }),
      results: arr(resultItem, { max: LIMITS.batch }),
      /** More results the page added later (infinite scroll): ranks continue from those sent before. */
      append: optional(bool()),
      /** The engine is turned off in the options: nothing is read. */
      disabled: optional(bool()),
      /** How the results were read (issue #27): by the engine's definition or by the page's structure. */
      reader: optional(oneOf('spec', 'structure')),
    }),
  },
  /** The content script asks for its tab's groups again (the settings changed): answered from what the tab sent. */
  'page/groups': { from: 'content', payload: empty },
  'settings/get': { from: 'page', payload: empty },
  'settings/set': { from: 'page', payload: settingsPatch },
  /** Issue #38, the options: the added engines and SearXNG hosts accepted on this device (a synced one is a proposal). */
  'engines/here': { from: 'page', payload: empty },
  /** The options: accept one here (host access asked for in the same click); its content script follows. */
  'engines/accept': { from: 'page', payload: obj({ kind: oneOf(...ENGINE_KINDS), host: str({ min: 1, max: 259 }) }) },
  'cache/usage': { from: 'page', payload: empty },
  'cache/clear': { from: 'page', payload: empty },
  /** The popup asks about the tab it was opened on (an extension page may name a tab). */
  'tab/state': { from: 'page', payload: obj({ tabId: num({ min: 0, int: true }) }) },
  /** The popup: check the pages of this tab's results now (page checking was just turned on). */
  'tab/check': { from: 'page', payload: obj({ tabId: num({ min: 0, int: true }) }) },
  /** Lost and found: what Resemble knows of a dead URL and its verified live copies (started on first ask, then polled). */
  'lost/find': { from: 'page', payload: obj({ url: str({ min: 1, max: 8192 }), again: optional(bool()) }) },
  /** The results page's "find a copy" on a dead result: the background opens lost and found for that result (by rank, never a URL from the page). */
  'lost/open': { from: 'content', payload: obj({ rank }) },
  /** Issue #19: the copycat sites, their evidence, the user's verdicts and imported lists (options, popup). */
  'copycat/state': { from: 'page', payload: empty },
  /** The user's word on a site (the handler holds it to the Public Suffix List's sites). */
  'copycat/verdict': { from: 'page', payload: obj({ site: str({ min: 1, max: 253 }), verdict: oneOf('not-copycat', 'marked', 'none') }) },
  /** A uBlacklist ruleset or domains list the user picked, read by the background; `name` unless the file names itself. */
  'copycat/import': { from: 'page', payload: obj({ name: str({ min: 1, max: 100 }), text: str({ max: MAX_LIST_BYTES }) }) },
  'copycat/forget-list': { from: 'page', payload: obj({ name: str({ min: 1, max: 100 }) }) },
  /** Issue #28: one site's verdict, judged or from the lists (the options find a listed site by name among 250,000). */
  'copycat/site': { from: 'page', payload: obj({ site: str({ min: 1, max: 2048 }) }) },
  /** The options page's live preview: the last results page seen (outside incognito) and past pages for boilerplate. */
  'preview/last': { from: 'page', payload: empty },
  /** "Not a copy" on a result's label: the results at `rank` and `of` (its representative) are never grouped again; answered with the regrouped page. */
  'page/not-a-copy': { from: 'content', payload: obj({ rank, of: rank }) },
  /**
   * Results a card of another vertical on the page is the same page as (issue #41: "same as #1"), for
   * the popup's count; `url`: the results page they were read on (a later page's are not this one's).
   */
  'page/same-as': { from: 'content', payload: obj({ url: str({ min: 1, max: LIMITS.pageUrl }), ranks: arr(rank, { max: LIMITS.rank }) }) },
  /** The same from the popup, for the tab it was opened on. */
  'tab/not-a-copy': { from: 'page', payload: obj({ tabId: num({ min: 0, int: true }), rank, of: rank }) },
  /** The options: the pairs the user said are not copies. */
  'not-a-copy/list': { from: 'page', payload: empty },
  /** The options: undo one (by the pair's normalized URLs, as listed). */
  'not-a-copy/undo': { from: 'page', payload: obj({ a: str({ min: 1, max: 2048 }), b: str({ min: 1, max: 2048 }) }) },
  // Issue #30: subscribed copycat lists, kept by their address and fetched again on an interval.
  'subs/list': { from: 'page', payload: empty },
  /** Subscribe: the background fetches the address under the fetch policy (host access asked by the options first). */
  'subs/add': {
    from: 'page',
    payload: obj({ url: str({ min: 1, max: 2048 }), name: optional(str({ max: 100 })), hours: optional(num({ min: 1, max: 24 * 30, int: true })) }),
  },
  'subs/edit': {
    from: 'page',
    payload: obj({ url: str({ min: 1, max: 2048 }), name: optional(str({ min: 1, max: 100 })), hours: optional(num({ min: 1, max: 24 * 30, int: true })) }),
  },
  'subs/remove': { from: 'page', payload: obj({ url: str({ min: 1, max: 2048 }) }) },
  /** "Update now". */
  'subs/update': { from: 'page', payload: obj({ url: str({ min: 1, max: 2048 }) }) },
  /** Options: a subscription another device proposed (issue #38), accepted here: fetched from now on. */
  'subs/accept': { from: 'page', payload: obj({ url: str({ min: 1, max: 2048 }) }) },
  // Issue #30: the user's choices through the browser's sync.
  'sync/status': { from: 'page', payload: empty },
  /** "Keep my choices on this device only" is `on: false`. */
  'sync/set': { from: 'page', payload: obj({ on: bool() }) },
  // Copies of this page (issue #19): started on a tab (the background reads the tab's address itself,
  // never one a payload names), then read and cancelled by the run's id.
  /** The popup: find copies of this tab's page, shown in a page of their own. */
  'copies/start': { from: 'page', payload: obj({ tabId: num({ min: 0, int: true }) }) },
  /** The copies page: the run's report; a run a stopped background cut off starts over, `again` restarts an ended one. */
  'copies/get': { from: 'page', payload: obj({ id: str({ min: 1, max: 64 }), again: optional(bool()) }) },
  /** The copies page's Cancel: stops the run's searches and fetches. */
  'copies/cancel': { from: 'page', payload: obj({ id: str({ min: 1, max: 64 }) }) },
} as const satisfies Record<string, { from: Origin; payload: Check<unknown> }>;

export type MessageType = keyof typeof MESSAGES;
export type Payload<T extends MessageType> = Infer<(typeof MESSAGES)[T]['payload']>;

export interface Replies {
  'page/results': { accepted: number; groups?: PageGroups; disabled?: boolean };
  'page/groups': PageGroups | null;
  'settings/get': Settings;
  'settings/set': Settings;
  'engines/here': AcceptedHere;
  'engines/accept': AcceptedHere;
  'cache/usage': { entries: number; bytes: number };
  'cache/clear': { cleared: number };
  'tab/state': TabState;
  'preview/last': PreviewData | null;
  'tab/check': { started: boolean };
  'lost/find': LostReport;
  'lost/open': { opened: boolean };
  'page/not-a-copy': PageGroups | null;
  'page/same-as': { kept: boolean };
  'tab/not-a-copy': { done: boolean };
  'not-a-copy/list': NotACopy[];
  'not-a-copy/undo': NotACopy[];
  'copycat/state': CopycatState;
  'copycat/verdict': CopycatState;
  'copycat/import':
    | { state: CopycatState; name: string; sites: number; bad: BadLine[] }
    | { code: ListErrorCode; error: string; bad: BadLine[]; unusable: number };
  'copycat/forget-list': CopycatState;
  'copycat/site': { verdict: SiteVerdict | null; evidence: Evidence[] };
  'subs/list': SubscriptionsView;
  'subs/add': SubscribeReply;
  'subs/edit': SubscriptionsView;
  'subs/remove': SubscriptionsView;
  'subs/update': SubscribeReply;
  'subs/accept': SubscribeReply;
  'sync/status': SyncStatus;
  'sync/set': SyncStatus;
  'copies/start': { id: string };
  'copies/get': CopiesReport;
  'copies/cancel': CopiesReport;
}

/** Thrown by a handler: answered FAILED with `reason` beside the English message. */
export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** What a handler learns about the sender: never from the payload. */
export interface SenderContext {
  origin: Origin;
  tabId?: number;
  frameId?: number;
  incognito: boolean;
  url?: string;
}

export type Handlers = { [T in MessageType]: (payload: Payload<T>, ctx: SenderContext) => Promise<Replies[T]> | Replies[T] };

/** The fields of a runtime.MessageSender that routing reads. */
export interface SenderLike {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number; incognito?: boolean };
  frameId?: number;
}

/** Extension pages have the extension's own origin; content scripts run in a tab of another origin. */
export function senderContext(sender: SenderLike, ext: { id: string; origin: string }): SenderContext | undefined {
  if (sender.id !== ext.id) return undefined;
  const base = ext.origin.endsWith('/') ? ext.origin : `${ext.origin}/`;
  const incognito = sender.tab?.incognito === true;
  if (sender.url?.startsWith(base)) return { origin: 'page', incognito, url: sender.url, tabId: sender.tab?.id };
  if (sender.tab?.id !== undefined && sender.tab.id >= 0) {
    return { origin: 'content', tabId: sender.tab.id, frameId: sender.frameId, incognito, url: sender.url };
  }
  return undefined;
}

const err = (code: ErrorCode, message: string): Reply<never> => ({ ok: false, error: { code, message } });

/**
 * Routes one message: checks the envelope, that the type exists, that this sender may send it, and
 * the payload's shape, before any handler runs. A refused message changes nothing.
 */
export async function route(msg: unknown, sender: SenderLike, ext: { id: string; origin: string }, handlers: Partial<Handlers>): Promise<Reply<unknown>> {
  const ctx = senderContext(sender, ext);
  if (!ctx) return err('FORBIDDEN', 'sender is not part of this extension');
  const env = check(envelope, msg);
  if (!env.ok) return err('BAD_MESSAGE', env.errors.join('; '));
  const type = env.value.type as MessageType;
  if (!Object.hasOwn(MESSAGES, type)) return err('UNKNOWN_MESSAGE', `no message named ${JSON.stringify(env.value.type)}`);
  const spec = MESSAGES[type];
  if (spec.from === 'page' && ctx.origin !== 'page') return err('FORBIDDEN', `${type} may only be sent by the extension's own pages`);
  const payload = check(spec.payload as Check<unknown>, env.value.payload);
  if (!payload.ok) return err('BAD_MESSAGE', `${type}: ${payload.errors.slice(0, 5).join('; ')}`);
  const handler = handlers[type] as ((p: unknown, c: SenderContext) => unknown) | undefined;
  if (!handler) return err('UNKNOWN_MESSAGE', `${type} is not handled here`);
  try {
    return { ok: true, value: await handler(payload.value, ctx) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: { code: 'FAILED', message: e.message, reason: e.reason } };
    return err('FAILED', e instanceof Error ? e.message : String(e));
  }
}
