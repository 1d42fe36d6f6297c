/**
 * Subscribed copycat lists (issue #30): a list kept by its address, fetched again on an interval.
 * Types of what the options are told; the subscriptions helper fills in the rest of this file.
 */
import type { ListErrorCode } from './ruleset';

export interface SubscriptionView {
  url: string;
  name: string;
  /** Hours between updates (at least 1; default 24). */
  hours: number;
  /** Sites in the last good copy (0 before the first). */
  sites: number;
  /** When the last good copy was fetched (or confirmed unchanged). */
  updated?: number;
  /** The last update that failed, why and when: the last good copy stays. */
  failed?: { at: number; code: string; message: string };
}
export interface SuggestedList {
  url: string;
  name: string;
}
export interface SubscriptionsView {
  subs: SubscriptionView[];
  suggested: SuggestedList[];
}
export type SubscribeReply = { view: SubscriptionsView } | { code: ListErrorCode | 'fetch' | 'access' | 'address'; error: string };
