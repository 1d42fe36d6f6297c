import type { PageGroup, PageReason } from './group/pages';
import type { GroupInput } from './group/results';
import { DISPLAY_MODES, type DisplayMode, type SettingsPatch, type Settings, checkSettingsPatch } from './settings';
import { LIMITS } from './limits';
import { type Check, type Infer, arr, bool, check, num, obj, oneOf, optional, str } from './validate';

/** Who may send a message: content scripts send only what a page could; extension pages (popup, options, lost-and-found) the rest. */
export type Origin = 'content' | 'page';

export const resultItem = obj({
  rank: num({ min: 1, max: LIMITS.rank, int: true }),
  url: str({ min: 1, max: LIMITS.url }),
  title: str({ max: LIMITS.title }),
  snippet: str({ max: LIMITS.snippet }),
  displayUrl: str({ max: LIMITS.displayUrl }),
  unresolved: optional(bool()),
});
export type ResultItem = Infer<typeof resultItem>;

const empty = obj({});
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
    }),
  },
  /** The content script asks for its tab's groups again (the settings changed): answered from what the tab sent. */
  'page/groups': { from: 'content', payload: empty },
  'settings/get': { from: 'page', payload: empty },
  'settings/set': { from: 'page', payload: settingsPatch },
  'cache/usage': { from: 'page', payload: empty },
  'cache/clear': { from: 'page', payload: empty },
  /** The popup asks about the tab it was opened on (an extension page may name a tab). */
  'tab/state': { from: 'page', payload: obj({ tabId: num({ min: 0, int: true }) }) },
  /** The popup: check the pages of this tab's results now (page checking was just turned on). */
  'tab/check': { from: 'page', payload: obj({ tabId: num({ min: 0, int: true }) }) },
  /** Lost and found: what Resemble knows of a dead URL and its verified live copies (started on first ask, then polled). */
  'lost/find': { from: 'page', payload: obj({ url: str({ min: 1, max: 8192 }), again: optional(bool()) }) },
  /** The results page's "find a copy" on a dead result: the background opens lost and found for that result (by rank, never a URL from the page). */
  'lost/open': { from: 'content', payload: obj({ rank: num({ min: 1, max: LIMITS.rank, int: true }) }) },
  /** The options page's live preview: the last results page seen (outside incognito) and past pages for boilerplate. */
  'preview/last': { from: 'page', payload: empty },
} as const satisfies Record<string, { from: Origin; payload: Check<unknown> }>;

export type MessageType = keyof typeof MESSAGES;
export type Payload<T extends MessageType> = Infer<(typeof MESSAGES)[T]['payload']>;

/** A result as the popup lists it. */
export interface ResultSummary {
  rank: number;
  url: string;
  title: string;
  displayUrl: string;
}

export interface TabState {
  tabId: number;
  url?: string;
  engine?: string;
  query?: string;
  results: number;
  status: 'not-results-page' | 'working' | 'done' | 'unreadable' | 'disabled';
  /** While 'working': steps done of total (results grouped; later, pages checked). */
  progress?: { done: number; total: number };
  /**
   * When 'done': the results read (in tab/state's answer, those its groups and dead results name;
   * the background keeps them once, with the tab's results), and the groups of two or more among them (by rank).
   */
  items?: ResultSummary[];
  groups?: PageGroup[];
  /** The resemblance threshold the groups were made with. */
  threshold?: number;
  /** Result pages checked (fetched and sketched, or failed) of those to check (issue #6). */
  checking?: { done: number; total: number };
  /** Results found dead (issue #7). */
  dead?: DeadResult[];
  /** The tab's own page failed to load and stayed dead when checked again (issue #7): lost and found is offered. */
  deadPage?: { url: string; reason: string; alternates?: Alternate[] };
  /** Why the tab's state or results could not be saved (storage.session full): the popup says so. */
  saveError?: string;
  /** Why results this tab's page sent were refused (past the message limits): the popup says so. */
  refused?: string;
}

/** Where an alternate for a dead URL came from (issue #7), in the order they are tried. */
export type AlternateSource = 'group' | 'store' | 'search' | 'archive';

/** A live page verified to be a copy of a dead one: never shown without its measured resemblance. */
export interface Alternate {
  url: string;
  title: string;
  source: AlternateSource;
  /** Resemblance of its main text with the dead page's last known sketch (or, without one, of titles). */
  resemblance: number;
  /** How much of the dead page's text is in it. */
  containment: number;
  /** When it was fetched and measured (ms since the epoch); for an archived copy, when it was archived too. */
  checkedAt: number;
  archivedAt?: number;
  /** What the measure compares: 'page' (the sketches) or 'title' (no sketch of the dead page was kept). */
  basis: 'page' | 'title';
}

export interface LostReport {
  url: string;
  /** What Resemble last knew of the URL; undefined when it never saw it. */
  known?: { title: string; firstSeen: number; lastSeen: number; fetchedAt?: number; status?: string; sketch?: { shingles: number; values: number }; phrases: string[] };
  /** Whether a page sketch of the dead URL was kept (else alternates are measured by title and searched by title). */
  hasSketch: boolean;
  /** Verified copies, best first. */
  alternates: Alternate[];
  /** Each source's state: searched, skipped (and why) or failed. */
  sources: { source: AlternateSource; state: 'pending' | 'running' | 'done' | 'skipped' | 'failed'; note?: string; candidates?: number }[];
  done: boolean;
  /** The URL itself answered when checked again: it is not dead (a slow load or a bot wall, say). */
  alive?: boolean;
  /** Resemble may not fetch other sites (the access page checking asks for): nothing could be checked or measured. */
  needsAccess?: boolean;
  /** That check, made when lost and found started: when, and what it said (a status of lib/fetch's kinds, 'ok' or 'soft404'). */
  recheck?: { at: number; status: string };
  /** Why the report could not be saved (storage.session full): the search goes on, held in memory. */
  saveError?: string;
}

/** A result whose page check says it is dead: the page marks it and offers "find a copy". */
export interface DeadResult {
  rank: number;
  kind: string;
  /**
   * Verified live copies found at once in the local sources (issue #15: its group, the store's
   * candidate index; nothing sent anywhere), best first. Absent while none is known.
   */
  alternates?: Alternate[];
}

/** What a results page applies: its groups and how to show them. */
export interface PageGroups {
  mode: DisplayMode;
  threshold: number;
  groups: PageGroup[];
  /** While result pages are checked: how far (the page shows a quiet indicator). */
  checking?: { done: number; total: number };
  /** Results found dead (404/410, DNS, connection, soft 404). */
  dead?: DeadResult[];
}

/** The options page's preview: a results page's results and the past pages whose boilerplate is left out. */
export interface PreviewData {
  url: string;
  engine: string;
  query: string;
  at: number;
  items: GroupInput[];
  past: GroupInput[][];
}

export interface Replies {
  'page/results': { accepted: number; groups?: PageGroups; disabled?: boolean };
  'page/groups': PageGroups | null;
  'settings/get': Settings;
  'settings/set': Settings;
  'cache/usage': { entries: number; bytes: number };
  'cache/clear': { cleared: number };
  'tab/state': TabState;
  'preview/last': PreviewData | null;
  'tab/check': { started: boolean };
  'lost/find': LostReport;
  'lost/open': { opened: boolean };
}

export type ErrorCode = 'BAD_MESSAGE' | 'UNKNOWN_MESSAGE' | 'FORBIDDEN' | 'FAILED';
export type Reply<T> = { ok: true; value: T } | { ok: false; error: { code: ErrorCode; message: string } };

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

const envelope = obj({ type: str({ min: 1, max: 64 }), payload: (v: unknown) => v });

const err = (code: ErrorCode, message: string): Reply<never> => ({ ok: false, error: { code, message } });

/**
 * Routes one message: checks the envelope, that the type exists, that this sender may send it, and
 * the payload's shape, before any handler runs. A refused message changes nothing.
 */
export async function route(
  msg: unknown,
  sender: SenderLike,
  ext: { id: string; origin: string },
  handlers: Partial<Handlers>,
): Promise<Reply<unknown>> {
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
    return err('FAILED', e instanceof Error ? e.message : String(e));
  }
}

const share = num({ min: 0, max: 1 });
const REASONS: Record<PageReason['kind'], Check<unknown>> = {
  'same-page': obj({ kind: str(), url: str({ max: 8192 }) }),
  'same-text': obj({ kind: str(), how: oneOf('canonical', 'lexical') }),
  snippet: obj({ kind: str(), resemblance: share }),
  page: obj({ kind: str(), resemblance: share }),
  excerpt: obj({ kind: str(), containment: share, resemblance: share }),
  contains: obj({ kind: str(), containment: share, resemblance: share }),
};
const groupReason: Check<PageReason> = (v, path, errors) => {
  const kind = (v as { kind?: unknown } | null)?.kind;
  if (typeof kind === 'string' && Object.hasOwn(REASONS, kind)) return REASONS[kind as PageReason['kind']](v, path, errors) as PageReason;
  errors.push(`${path || 'value'}: unknown reason`);
  return undefined as never;
};
const rank = num({ min: 1, max: LIMITS.rank, int: true });
/** A page link the content script may show: http(s) only (never javascript:, data: or the like). */
const webUrl: Check<string> = (v, path, errors) => {
  const s = str({ min: 1, max: 8192 })(v, path, errors);
  if (typeof s === 'string' && !/^https?:\/\//i.test(s)) errors.push(`${path || 'value'}: not an http(s) address`);
  return s;
};
/** The alternates of a dead result the page may show: at most a handful, each with its measure. */
export const MAX_PAGE_ALTERNATES = 5;
const alternate = obj({
  url: webUrl,
  title: str({ max: LIMITS.title }),
  source: oneOf('group', 'store', 'search', 'archive'),
  resemblance: share,
  containment: share,
  checkedAt: num({ min: 0 }),
  archivedAt: optional(num({ min: 0 })),
  basis: oneOf('page', 'title'),
});
const pageGroupsCheck = obj({
  checking: optional(obj({ done: num({ min: 0, int: true }), total: num({ min: 0, int: true }) })),
  dead: optional(arr(obj({ rank, kind: str({ max: 40 }), alternates: optional(arr(alternate, { max: MAX_PAGE_ALTERNATES })) }), { max: LIMITS.rank })),
  mode: oneOf(...DISPLAY_MODES),
  threshold: num({ min: 0, max: 1 }),
  groups: arr(
    obj({ id: num({ min: 1, int: true }), representative: rank, members: arr(obj({ rank, reason: groupReason }), { max: LIMITS.rank }), evidence: oneOf('snippets', 'pages') }),
    { max: LIMITS.rank },
  ),
});

/** The content script checks what the background answers before touching the page. */
export function checkPageGroups(v: unknown): PageGroups | undefined {
  const c = check(pageGroupsCheck, v);
  return c.ok ? (c.value as PageGroups) : undefined;
}
