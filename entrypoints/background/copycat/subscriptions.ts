// Stub: the subscriptions helper replaces this file (issue #30).
import type { SubscribeReply, SubscriptionsView } from '../../../lib/copycat/subscriptions';

const none = <T>(): Promise<T> => Promise.reject(new Error('subscriptions are not built yet'));
export const listSubs = (): Promise<SubscriptionsView> => none();
export const addSub = (_p: { url: string; name?: string; hours?: number }): Promise<SubscribeReply> => none();
export const editSub = (_p: { url: string; name?: string; hours?: number }): Promise<SubscriptionsView> => none();
export const removeSub = (_url: string): Promise<SubscriptionsView> => none();
export const updateSub = (_url: string): Promise<SubscribeReply> => none();
