/**
 * Archived copies of a dead page (issue #7, opt-in): the Internet Archive's availability API names the
 * snapshot closest to a date; its raw form (`id_`) returns the page as archived, without the Wayback
 * toolbar, so it is read and sketched like any other candidate. An archived error page is no copy.
 */
import { looksLikeErrorPage } from './soft404';

const API = 'https://archive.org/wayback/available';

/** A Wayback timestamp (YYYYMMDDhhmmss, UTC) for a time in ms since the epoch. */
export function waybackTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** ms since the epoch of a 14-digit Wayback timestamp, or undefined when it is not a real date and time. */
export function parseWaybackTimestamp(ts: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(ts);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 2020-02-31 over into March: a real timestamp reads back unchanged.
  return waybackTimestamp(ms) === ts ? ms : undefined;
}

/**
 * The availability lookup for `url`; with `near` (ms since the epoch, e.g. when Resemble last saw the
 * page) the archive answers the snapshot closest to that time rather than the newest.
 */
export function availabilityUrl(url: string, near?: number): string {
  const at = near !== undefined && Number.isFinite(near) ? `&timestamp=${waybackTimestamp(near)}` : '';
  return `${API}?url=${encodeURIComponent(url)}${at}`;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The path of a snapshot on web.archive.org: /web/<14 digits>[flags]/<original URL>. */
const SNAPSHOT_PATH = /^\/web\/(\d{14})([a-z]{2}_)?\/(.+)$/;

/**
 * The snapshot an availability answer names, checked strictly: archived_snapshots.closest with
 * available === true, status "200", a 14-digit timestamp that is a real time, and an http(s) URL on
 * web.archive.org of the /web/<timestamp>/<original> shape. The URL is returned with https. Anything
 * else (no snapshot, an archived redirect or error, a changed answer format) gives undefined.
 */
export function parseAvailability(json: unknown): { url: string; timestamp: number } | undefined {
  if (!isObj(json) || !isObj(json.archived_snapshots)) return undefined;
  const c = json.archived_snapshots.closest;
  if (!isObj(c) || c.available !== true || c.status !== '200') return undefined;
  if (typeof c.url !== 'string' || typeof c.timestamp !== 'string') return undefined;
  const timestamp = parseWaybackTimestamp(c.timestamp);
  if (timestamp === undefined) return undefined;
  let u: URL;
  try {
    u = new URL(c.url);
  } catch {
    return undefined;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.hostname !== 'web.archive.org' || u.port !== '') return undefined;
  const m = SNAPSHOT_PATH.exec(u.pathname);
  if (!m || !/^https?:/i.test(m[3])) return undefined;
  return { url: `https://web.archive.org${u.pathname}${u.search}`, timestamp };
}

/**
 * The raw form of a snapshot URL: `https://web.archive.org/web/20200101000000/http://x` becomes
 * `https://web.archive.org/web/20200101000000id_/http://x`, which answers the page as it was archived
 * (no toolbar, no rewritten links). Anything but a web.archive.org snapshot URL is returned unchanged
 * (every URL parseAvailability returns is one).
 */
export function rawSnapshotUrl(snapshotUrl: string): string {
  let u: URL;
  try {
    u = new URL(snapshotUrl);
  } catch {
    return snapshotUrl;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.hostname !== 'web.archive.org') return snapshotUrl;
  // Read the path from the string: URL parsing keeps it, but the original URL's own query follows it.
  const rest = snapshotUrl.slice(snapshotUrl.indexOf('/web/'));
  const m = /^\/web\/(\d{1,14})([a-z]{2}_)?\/(.+)$/s.exec(rest);
  return m ? `https://web.archive.org/web/${m[1]}id_/${m[3]}` : snapshotUrl;
}

/**
 * Whether an archived copy may stand as a candidate: not an error page (the archive keeps 404 pages,
 * and its own "not archived" page when asked for a missing snapshot).
 */
export function archivedCopyUsable(page: { title: string; text: string }): boolean {
  if (looksLikeErrorPage(page.title, page.text)) return false;
  return !/^\s*(wayback machine|internet archive: wayback machine)\s*$/i.test(page.title);
}
