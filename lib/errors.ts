/** Every failure the library reports on bad input carries a stable `code` that callers can switch on. */
export type ResembleErrorCode = 'EMPTY_INPUT' | 'BINARY_INPUT' | 'INCOMPATIBLE_SKETCHES' | 'BAD_SKETCH_BYTES' | 'BAD_OPTION';

export class ResembleError extends Error {
  constructor(
    readonly code: ResembleErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ResembleError';
  }
}

export function isResembleError(e: unknown, code?: ResembleErrorCode): e is ResembleError {
  return e instanceof ResembleError && (code === undefined || e.code === code);
}
