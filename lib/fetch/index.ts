export { fetchPage, FETCH_DEFAULTS } from './fetch-page';
export { fetchJson, JSON_MAX_BYTES } from './fetch-json';
export { kindFromNetError, kindFromThrown } from './net-error';
export { parseContentType } from './content';
export { FetchQueue, type FetchJob, type JobOutcome, type QueueLimits, type QueueProgress } from './queue';
export type { FailureKind, FetchOutcome, FetchPageOptions, PageBody, PageType, RedirectObserver } from './types';
export { publicHost } from './public-host';
