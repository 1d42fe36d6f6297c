export type StoreErrorCode =
  /** A write failed for lack of space even after the oldest records were dropped. */
  | 'QUOTA'
  /** The record passed to put is not a PageRecord (bad types, missing url, …). */
  | 'BAD_RECORD'
  /** The database on disk has a version or layout this code cannot use. */
  | 'SCHEMA'
  /** The store was closed with close(). */
  | 'CLOSED'
  /** No IndexedDB in this context (and none was passed). */
  | 'UNAVAILABLE';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}

export function isStoreError(e: unknown, code?: StoreErrorCode): e is StoreError {
  return e instanceof StoreError && (code === undefined || e.code === code);
}

function errorName(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && typeof (e as { name?: unknown }).name === 'string' ? (e as { name: string }).name : undefined;
}

/**
 * Whether a failed write failed for lack of space: a QuotaExceededError DOMException (Firefox's older
 * NS_ERROR_DOM_QUOTA_REACHED, legacy code 22), or an AbortError of a request whose transaction was
 * aborted by one (`txError`: the transaction's `error`), which is how some browsers report it.
 */
export function isQuotaError(e: unknown, txError?: unknown): boolean {
  const name = errorName(e);
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
  if (typeof DOMException !== 'undefined' && e instanceof DOMException && e.code === 22) return true;
  return name === 'AbortError' && txError !== undefined && txError !== e && isQuotaError(txError);
}

export function isNamedError(e: unknown, name: string): boolean {
  return errorName(e) === name;
}
