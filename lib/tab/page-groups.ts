/**
 * What a results page applies (its groups and how to show them), the one function that builds it,
 * and the check the content script runs on it before touching the page.
 */
import { LIMITS } from '../limits';
import type { Alternate } from '../lost/report';
import { DISPLAY_MODES, type DisplayMode, type Settings } from '../settings';
import { type Check, arr, check, num, obj, oneOf, optional, str } from '../validate';
import type { PageGroup, PageReason } from '../group/pages';
import type { PageChanged, PageChanges, StaleCopy } from '../group/page-changes';

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

// What checked pages say of the results' versions (issue #40): lib/group/page-changes.ts's, the one definition.
export type { PageChanged as ChangedResult, PageChanges, StaleCopy } from '../group/page-changes';

export interface PageGroups {
  mode: DisplayMode;
  threshold: number;
  groups: PageGroup[];
  /**
   * While result pages are checked: how far (the page shows a quiet indicator); `beyond`: results the
   * fetch budget leaves unchecked (issue #28).
   */
  checking?: { done: number; total: number; beyond?: number };
  /** Results found dead (404/410, DNS, connection, soft 404). */
  dead?: DeadResult[];
  /** Results whose page changed since it was last checked, and stale copies (issue #40); absent when none. */
  changed?: PageChanged[];
  stale?: StaleCopy[];
  /**
   * Results whose link was the engine's opaque redirect (`unresolved`, issue #27), with the address page
   * checking followed it to (issue #41): the page names their site by it, as the popup does. Absent when none.
   */
  resolved?: ResolvedLink[];
}

/** An opaque result's final address, as the page is told it: http(s) only, at most MAX_RESOLVED_URL characters. */
export interface ResolvedLink {
  rank: number;
  url: string;
}
/** The longest address webUrl (below) takes: a longer one would make the page refuse its whole update. */
export const MAX_RESOLVED_URL = 8192;

/**
 * The page's groups under these settings: every answer and update the page gets is built here
 * (snippet groups at once, then what checked pages and dead results add).
 */
export function pageGroups(s: Pick<Settings, 'displayMode' | 'resemblanceThreshold'>, groups: PageGroup[], more: PageExtras = {}): PageGroups {
  return {
    mode: s.displayMode,
    threshold: s.resemblanceThreshold,
    groups,
    ...(more.checking ? { checking: more.checking } : {}),
    ...(more.dead ? { dead: more.dead } : {}),
    ...(more.changes?.changed.length ? { changed: more.changes.changed } : {}),
    ...(more.changes?.stale.length ? { stale: more.changes.stale } : {}),
  };
}

/** What checked pages add to the groups: the check's progress, dead results, changed pages and stale copies. */
export interface PageExtras {
  checking?: PageGroups['checking'];
  dead?: DeadResult[];
  changes?: PageChanges;
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
  basis: oneOf('page', 'title', 'snippet'),
});
export const pageGroupsCheck = obj({
  checking: optional(obj({ done: num({ min: 0, int: true }), total: num({ min: 0, int: true }), beyond: optional(num({ min: 1, int: true })) })),
  dead: optional(arr(obj({ rank, kind: str({ max: 40 }), alternates: optional(arr(alternate, { max: MAX_PAGE_ALTERNATES })) }), { max: LIMITS.rank })),
  changed: optional(arr(obj({ rank, resemblance: share, since: num({ min: 0 }) }), { max: LIMITS.rank })),
  stale: optional(arr(obj({ rank, of: rank, since: num({ min: 0 }) }), { max: LIMITS.rank })),
  resolved: optional(arr(obj({ rank, url: webUrl }), { max: LIMITS.rank })),
  mode: oneOf(...DISPLAY_MODES),
  threshold: num({ min: 0, max: 1 }),
  groups: arr(
    obj({
      id: num({ min: 1, int: true }),
      representative: rank,
      members: arr(obj({ rank, reason: groupReason }), { max: LIMITS.rank }),
      evidence: oneOf('snippets', 'pages'),
    }),
    { max: LIMITS.rank },
  ),
}) as Check<PageGroups>;

/** The content script checks what the background answers before touching the page. */
export function checkPageGroups(v: unknown): PageGroups | undefined {
  const c = check(pageGroupsCheck, v);
  return c.ok ? c.value : undefined;
}
