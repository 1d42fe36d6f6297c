/**
 * The options page's sentences about copycat sites, their lists and subscriptions (issue #39: UI words in
 * one folder, by page). Pure functions over shared/i18n: the components say where the words go, these
 * say what they are, in the UI language of the moment.
 */
import { HIDE_ENGINES, HIDE_PLACES, type SiteVerdict } from '../lib/copycat/copycat';
import type { Evidence } from '../lib/copycat/evidence';
import { LISTS_BUDGET } from '../lib/copycat/listed';
import { type AddressProblem, MAX_SUBS, type SubscribeReply, type SubscriptionView, type SuggestedList } from '../lib/copycat/subscriptions';
import type { CopycatState } from '../lib/copycat/table';
import { MAX_LIST_BYTES } from '../lib/limits';
import type { CopycatDisplay } from '../lib/settings';
import { siteLabelWords } from './copycat';
import { type MessageKey, date, num, pct, plural, t } from '../shared/i18n';

type Lists = CopycatState['lists'];

/** The copycat display's choices, by message key (components/choice-group looks them up). */
export const COPYCAT_DISPLAY_WORDS: Record<CopycatDisplay, { label: MessageKey; hint: MessageKey }> = {
  label: { label: 'options_copycatDisplay_label', hint: 'options_copycatDisplay_label_hint' },
  hide: { label: 'options_copycatDisplay_hide', hint: 'options_copycatDisplay_hide_hint' },
  off: { label: 'options_copycatDisplay_off', hint: 'options_copycatDisplay_off_hint' },
};

const BY: Record<Evidence['by'], MessageKey> = {
  fuller: 'options_copycat_by_fuller',
  'seen-first': 'options_copycat_by_seenFirst',
  rank: 'options_copycat_by_rank',
  undecided: 'options_copycat_by_undecided',
};

const label = (v: SiteVerdict, flagged = v.flagged) =>
  siteLabelWords({ flagged: flagged || 'evidence', originals: v.originals, fromSites: v.fromSites.map((s) => s.site), listedIn: v.listedIn });

/**
 * The names of the lists holding a site, each subscription's said to be one (issue #30: which
 * subscriptions list it). Told by the subscriptions' addresses (the verdict's listedSubs), not by name:
 * a subscription and an imported list may share one, and both are then named, the subscription as such.
 * In list order (imported lists before subscriptions).
 */
export function listNames(v: Pick<SiteVerdict, 'listedIn' | 'listedSubs'>, lists: Lists): string {
  const subbed = new Map<string, number>();
  for (const url of v.listedSubs ?? []) {
    const name = lists.find((l) => l.sub === url)?.name;
    if (name !== undefined) subbed.set(name, (subbed.get(name) ?? 0) + 1);
  }
  // Of the listings of one name, the last ones are the subscriptions (lists keep imported ones first).
  const plain = new Map<string, number>();
  for (const n of v.listedIn) plain.set(n, (plain.get(n) ?? 0) + 1);
  for (const [n, k] of subbed) plain.set(n, Math.max(0, (plain.get(n) ?? 0) - k));
  return v.listedIn
    .map((n) => {
      const left = plain.get(n) ?? 0;
      plain.set(n, left - 1);
      return left > 0 ? n : t('options_copycat_subscribedList', n);
    })
    .join(', ');
}

/** A site's verdict in a line: the user's word first, then the lists' or the evidence's. */
export function siteStatusWords(v: SiteVerdict, lists: Lists): string {
  if (v.notSite) return t('options_copycat_status_notSite');
  if (v.user === 'not-copycat') return t('options_copycat_status_notCopycat');
  if (v.flagged === 'marked') return t('options_copycat_status_marked');
  if (v.flagged === 'evidence') return t('options_copycat_status_evidence', label(v));
  if (v.flagged === 'listed') return t('options_copycat_status_listed', listNames(v, lists));
  return t('options_copycat_status_none');
}

/** Which lists hold the site, or that none does. */
export const listedWords = (v: SiteVerdict, lists: Lists): string =>
  v.listedIn.length ? t('options_copycat_listedIn', listNames(v, lists)) : t('options_copycat_notListed');

/** What Resemble's own evidence says, beside what the lists say, with the rule's reasons (issue #28). */
export function ownWords(v: SiteVerdict): string {
  const places = plural('options_copycat_places', v.places);
  if (v.own === 'copycat') return `${t('options_copycat_own_agrees', label(v, 'evidence'))} (${places})`;
  if (v.own === 'copied') return `${plural('options_copycat_own_disagrees', v.copiedBy)} (${plural('options_copycat_places', v.copiedPlaces)})`;
  if (v.own === 'disputed') return t('options_copycat_own_disputed');
  return v.originals
    ? `${plural('options_copycat_own_notYet', v.originals, v.fromSites.map((s) => s.site).join(', '))} (${places})`
    : t('options_copycat_own_none');
}

/** Whether "hide" hides it, and if not, what the stricter bar still needs. */
export function hideWords(v: SiteVerdict): string | undefined {
  if (!v.flagged) return undefined;
  return v.hide
    ? t('options_copycat_hide_yes')
    : t('options_copycat_hide_no', String(Math.min(v.places, HIDE_PLACES)), String(Math.min(v.engines, HIDE_ENGINES)));
}

/** One pair's measures, which of the two is taken for the original and why, and when it was seen. */
export const measuresWords = (e: Evidence) => t('options_copycat_measures', pct(e.resemblance), pct(e.copyInOriginal), pct(e.originalInCopy));
export const originalByWords = (e: Evidence) => t('options_copycat_originalBy', t(BY[e.by]));
export const seenWords = (e: Evidence) => (date(e.at) === date(e.lastAt) ? date(e.at) : t('options_copycat_seenRange', date(e.at), date(e.lastAt)));

/** An import's outcome: how many sites came in under which name, and how many lines were skipped. */
export const importedWords = (o: { name: string; sites: number; skipped: number }) =>
  o.skipped
    ? t('options_import_doneSkipped', plural('options_sites', o.sites), o.name, plural('options_lines', o.skipped))
    : t('options_import_done', plural('options_sites', o.sites), o.name);

/** How many flagged sites an export holds, or that there are none. */
export const exportCountWords = (n: number) => (n ? plural('options_sites', n) : t('options_export_none'));

/** An imported list's size and date. */
export const listMetaWords = (l: { sites: number; at: number }) => t('options_list_meta', plural('options_sites', l.sites), date(l.at));

/** The intervals offered for a subscription's updates: hourly is the shortest. */
const INTERVALS: [hours: number, key: MessageKey][] = [
  [1, 'options_subs_every1'],
  [6, 'options_subs_every6'],
  [12, 'options_subs_every12'],
  [24, 'options_subs_every24'],
  [168, 'options_subs_every168'],
];
export const INTERVAL_HOURS: readonly number[] = INTERVALS.map(([h]) => h);
export const intervalWords = (hours: number) => t(INTERVALS.find(([h]) => h === hours)?.[1] ?? 'options_subs_every24');

/** The suggested lists' names in the UI's language (the name a subscription keeps, shown in its sites' labels). */
const SUGGESTED_NAMES: Record<string, MessageKey> = {
  'so-translations': 'options_subs_sugg_stackoverflow',
  'gh-translations': 'options_subs_sugg_github',
  'dev-copycats': 'options_subs_sugg_dev',
};
export const suggestedName = (s: SuggestedList) => (SUGGESTED_NAMES[s.id] ? t(SUGGESTED_NAMES[s.id]) : s.name);

const when = (ms: number) => date(ms, { dateStyle: 'medium', timeStyle: 'short' });

/** A subscription's sites, last update and interval. */
export const subMetaWords = (s: SubscriptionView) =>
  t('options_subs_meta', plural('options_sites', s.sites), s.updated ? when(s.updated) : '—', intervalWords(s.hours));

const ADDRESS_WORDS: Record<AddressProblem, MessageKey> = {
  empty: 'options_subs_err_address',
  'not-url': 'options_subs_err_address',
  scheme: 'options_subs_err_address',
  credentials: 'options_subs_err_credentials',
  'too-long': 'options_subs_err_address',
  private: 'options_subs_err_private',
};
export const addressWords = (p: AddressProblem) => t(ADDRESS_WORDS[p]);

/** Why a fetch or a subscribe failed, in the UI's language (the technical detail after it). */
export function subFailureWords(code: string, detail: string, url: string): string {
  if (code === 'access') return t('options_subs_err_access', new URL(url).hostname);
  if (code === 'address') {
    if (detail === 'too-many') return t('options_subs_err_tooMany', num(MAX_SUBS));
    return t(ADDRESS_WORDS[detail as AddressProblem] ?? 'options_subs_err_address');
  }
  if (code === 'too-large') return t('options_subs_err_tooLarge', num(MAX_LIST_BYTES / 1e6));
  if (code === 'timeout') return t('options_subs_err_timeout');
  if (code === 'storage') return t('options_subs_err_storage', detail);
  if (code === 'budget') return t('options_subs_err_budget', num(LISTS_BUDGET.sites), num(LISTS_BUDGET.bytes / 1e6), detail);
  if (code === 'wrong-type') return t('options_subs_err_type', detail);
  if (['binary', 'front-matter', 'no-site', 'no-rules'].includes(code)) return t('options_subs_err_notList', detail);
  return t('options_subs_err_fetch', detail);
}

/** A reply's failure in words; nothing for a reply that succeeded. */
export const subReplyError = (r: SubscribeReply, url: string) => ('code' in r ? subFailureWords(r.code, r.error, url) : undefined);

/** The last update that failed: when and why (the last good copy stays). */
export const subFailedWords = (s: SubscriptionView & { failed: NonNullable<SubscriptionView['failed']> }) =>
  t('options_subs_failed', when(s.failed.at), subFailureWords(s.failed.code, s.failed.message, s.url));
