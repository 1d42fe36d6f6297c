export { fetchPage, FETCH_DEFAULTS } from './fetch-page';
export { kindFromNetError, kindFromThrown } from './net-error';
export { parseContentType } from './content';
export { FetchQueue, type FetchJob, type JobOutcome, type QueueLimits, type QueueProgress } from './queue';
export type { FailureKind, FetchOutcome, FetchPageOptions, PageType, RedirectObserver } from './types';
export { publicHost } from './public-host';
