/**
 * Whether a page the user opened is dead (issue #7): a main-frame load that failed with a navigation
 * error or an HTTP status ≥ 400, and failed again when checked once more. Not deaths: a slow load
 * (timeout), bot protection and busy servers (403, 429, 503), a login wall (401, 407), a load the user
 * stopped or left (never reported), the user being offline or a request another extension blocked.
 */

/** Statuses that say "not you, not now" rather than "not here". */
export const NOT_DEATH_STATUSES: ReadonlySet<number> = new Set([401, 403, 407, 429, 503]);

/** A failed load as webRequest saw it, or as the re-check's fetch ended (lib/fetch's kinds). */
export interface FailedLoad {
  kind: string;
  status?: number;
}

export function isDeadLoad(f: FailedLoad): boolean {
  switch (f.kind) {
    case 'gone':
    case 'dns':
    case 'connection':
    case 'tls':
    case 'redirect':
      return true;
    case 'http':
      return typeof f.status === 'number' && f.status >= 400 && f.status <= 599 && !NOT_DEATH_STATUSES.has(f.status);
    default:
      // timeout, blocked, network, cancelled; too-large and wrong-type mean it loaded.
      return false;
  }
}

/**
 * The failed load as a status key ('http-500', 'dns'…), which the popup puts in words with every other
 * status (words/lost.ts).
 */
export function deadLoadStatus(f: FailedLoad): string {
  return typeof f.status === 'number' && f.status >= 400 ? `http-${f.status}` : f.kind;
}
