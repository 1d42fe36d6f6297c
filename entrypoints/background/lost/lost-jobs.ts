/**
 * Looks for a dead URL's copies under way, of both kinds (issue #15): lost and found's on request
 * (lost-found.ts) and the look made at once from local sources (lost-local.ts). One kind waits for the
 * other at the same URL, so a URL is never looked for twice at once.
 */
export const requestedLooks = new Map<string, Promise<void>>();
export const localLooks = new Map<string, Promise<unknown>>();

/** Resolves (never rejects) once `p` has ended, or at once without one. */
export const ended = (p: Promise<unknown> | undefined): Promise<void> =>
  (p ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
