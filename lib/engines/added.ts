import type { EngineSpec } from './types';
import { type Check, arr, check, obj, str } from '../validate';
import { withoutWww } from '../url/host';

/**
 * A search engine the user added in the options (issue #27) from the address of one of its results
 * pages: its host, the path of its results pages and the parameter holding the query. It has no
 * selectors: its pages are read by structure (./structure.ts).
 */
export interface AddedEngine {
  /** Hostname (lower case, no port). */
  host: string;
  /** The results pages' path ('/search'). */
  path: string;
  /** The query-string parameter holding the query ('q'). */
  param: string;
  /** As the popup and the options show it (the host by default). */
  name: string;
}

/** The query parameters engines commonly use, most common first (an added engine's, a page no engine claims). */
export const QUERY_PARAMS: readonly string[] = ['q', 'query', 'search', 'text', 'p', 'wd', 'k', 'term', 's'];

/** Added engines' ids: never one of the built-in ids, and the same for one host on every device. */
export const ADDED_PREFIX = 'added:';

export const addedId = (host: string): `added:${string}` => `added:${host}`;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An added engine as a spec with no variants: findEngine finds it, the structural reader reads it. */
export function addedSpec(a: AddedEngine): EngineSpec {
  const path = a.path.replace(/\/+$/, '') || '/';
  return {
    id: addedId(a.host),
    name: a.name || a.host,
    host: new RegExp(`^${escapeRegExp(a.host)}$`),
    path: new RegExp(`^${escapeRegExp(path)}/?$`),
    queryParams: [a.param],
    matches: [`*://${a.host}${path}*`],
    variants: [],
  };
}

/**
 * What a results page's address says of its engine, for the options to show before adding it: the
 * host, path and the query parameter (the one whose value is the query the user typed, else the
 * first of the usual names). Undefined when the address is not an http(s) page with a query.
 */
export function engineFromUrl(url: string, query?: string): AddedEngine | undefined {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return undefined;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !u.hostname.includes('.')) return undefined;
  const params = [...u.searchParams.keys()];
  const q = query?.trim().toLowerCase();
  const param =
    (q && params.find((k) => u.searchParams.get(k)?.trim().toLowerCase() === q)) ||
    QUERY_PARAMS.find((k) => u.searchParams.get(k)) ||
    params.find((k) => (u.searchParams.get(k) ?? '').trim().length > 0);
  if (!param) return undefined;
  return { host: u.hostname.toLowerCase(), path: u.pathname || '/', param, name: withoutWww(u.hostname) };
}

/*
 * SearXNG instances stay apart from added engines (settings.searxngHosts, lib/engines/specs/searxng.ts):
 * SearXNG has a definition, which reads its pages (every theme, its answers and infoboxes left out)
 * better than the structural reader can, and one SearXNG host is enough to name (its results pages are
 * always /search?q=). The options' "Add a search engine" section sends SearXNG instances there.
 */

/** As the settings hold them (lib/settings.ts checks the list with addedEnginesCheck). */
export const MAX_ADDED_ENGINES = 50;
export const MAX_ADDED_NAME = 60;
const MAX_ADDED_PATH = 1000;
const MAX_ADDED_PARAM = 100;

/** A DNS label: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Names only the user's own machine or network knows (no public engine lives there). */
const LOCAL_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|private|home\.arpa|onion)$/;

/**
 * Why a host cannot be an added engine's (English, as lib/validate words problems), or undefined: a
 * public DNS name in its plain form (lower case, punycode, no port, no trailing dot): no address, no
 * single-label or local name. It becomes a content-script match pattern and a host permission.
 */
export function addedHostProblem(host: string): string | undefined {
  if (host.length === 0 || host.length > 253) return 'not a host name';
  const labels = host.split('.');
  if (!labels.every((l) => LABEL.test(l))) return 'not a host name (letters, digits, hyphens and dots)';
  if (labels.length < 2) return 'not a public host name (no dot)';
  if (/^\d+$/.test(labels[labels.length - 1]!)) return 'an address, not a host name';
  if (LOCAL_NAME.test(host)) return 'a name of the local network, not a public host name';
  return undefined;
}

const fail = <T>(errors: string[], path: string, what: string): T => (errors.push(`${path || 'value'}: ${what}`), undefined as T);

const hostCheck: Check<string> = (v, path, errors) => {
  const s = str({ min: 1, max: 253 })(v, path, errors);
  if (s === undefined) return s;
  const problem = addedHostProblem(s);
  return problem ? fail(errors, path, problem) : s;
};

const pathCheck: Check<string> = (v, path, errors) => {
  const s = str({ min: 1, max: MAX_ADDED_PATH })(v, path, errors);
  if (s === undefined) return s;
  if (!s.startsWith('/')) return fail(errors, path, "expected a path starting with '/'");
  // It goes into a match pattern: no wildcard, query, fragment or space.
  if (/[\s*?#]/.test(s)) return fail(errors, path, 'a path cannot contain spaces, *, ? or #');
  return s;
};

const paramCheck: Check<string> = (v, path, errors) => {
  const s = str({ min: 1, max: MAX_ADDED_PARAM })(v, path, errors);
  if (s === undefined) return s;
  return s.trim() === '' ? fail(errors, path, 'shorter than 1 characters') : s;
};

/** One added engine, exactly these fields. */
export const addedEngineCheck: Check<AddedEngine> = obj({ host: hostCheck, path: pathCheck, param: paramCheck, name: str({ max: MAX_ADDED_NAME }) });

/** The settings' list: at most MAX_ADDED_ENGINES, one engine per host (the host is its id). */
export const addedEnginesCheck: Check<AddedEngine[]> = (v, path, errors) => {
  const list = arr(addedEngineCheck, { max: MAX_ADDED_ENGINES })(v, path, errors);
  if (!Array.isArray(list)) return list;
  const seen = new Set<string>();
  list.forEach((a, i) => {
    if (!a?.host) return;
    if (seen.has(a.host)) errors.push(`${path}[${i}].host: ${a.host} is in the list twice`);
    seen.add(a.host);
  });
  return list;
};

/** A stored list as far as it is usable: unusable entries and later entries for a host already listed dropped. */
export function usableAddedEngines(v: unknown): AddedEngine[] {
  if (!Array.isArray(v)) return [];
  const out: AddedEngine[] = [];
  for (const x of v) {
    // A field this version does not know (another device's newer release) is passed over, never the
    // engine (issue #38): its four fields are read; the stored entry keeps the rest (lib/settings.ts).
    const c = check(addedEngineCheck, knownFields(x));
    if (c.ok && out.length < MAX_ADDED_ENGINES && !out.some((a) => a.host === c.value.host)) out.push(c.value);
  }
  return out;
}

/** An added engine's four fields out of a stored entry, whatever else it holds. */
function knownFields(x: unknown): unknown {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return x;
  const o = x as Record<string, unknown>;
  return Object.fromEntries(['host', 'path', 'param', 'name'].filter((k) => Object.hasOwn(o, k)).map((k) => [k, o[k]]));
}

/** The export file's marker: an import knows its own files (and reads a bare list as well). */
export const ADDED_EXPORT_KIND = 'resemble-added-engines';

/** The added engines as an export file (JSON). */
export function exportAddedEngines(engines: readonly AddedEngine[]): string {
  return `${JSON.stringify({ kind: ADDED_EXPORT_KIND, version: 1, engines: engines.map(({ host, path, param, name }) => ({ host, path, param, name })) }, null, 2)}\n`;
}

/** Why one entry of an imported file was skipped: a code for the options' words, lib's English beside it. */
export type AddedSkipCode = 'invalid' | 'duplicate' | 'present' | 'builtin' | 'full';
export interface AddedSkip {
  /** The entry's place in the file's list, from 1. */
  entry: number;
  /** Its host when it has one (as written). */
  host?: string;
  code: AddedSkipCode;
  error: string;
}

/** Why a whole file was refused. */
export type AddedFileError = 'json' | 'shape' | 'none';

export type AddedImport =
  | { ok: true; engines: AddedEngine[]; added: AddedEngine[]; skipped: AddedSkip[] }
  | { ok: false; code: AddedFileError; error: string; skipped: AddedSkip[] };

const FILE_ERRORS: Record<AddedFileError, string> = {
  json: 'The file is not JSON.',
  shape: 'The file holds no list of search engines.',
  none: 'The file holds no search engine that can be added.',
};

/**
 * An import file read against the engines there are: each entry checked as the settings check it (a
 * host given with a scheme or in capitals is taken in its plain form; a missing name becomes the
 * host), entries that fail, whose host is listed already or is a built-in engine's (`builtIn`) reported and skipped, the list kept within
 * MAX_ADDED_ENGINES. A file with nothing to add is refused whole: the caller changes nothing.
 */
export function importAddedEngines(text: string, existing: readonly AddedEngine[], builtIn: (host: string) => boolean = () => false): AddedImport {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, code: 'json', error: FILE_ERRORS.json, skipped: [] };
  }
  const list = Array.isArray(json)
    ? json
    : typeof json === 'object' && json !== null && Array.isArray((json as { engines?: unknown }).engines)
      ? (json as { engines: unknown[] }).engines
      : undefined;
  if (!list) return { ok: false, code: 'shape', error: FILE_ERRORS.shape, skipped: [] };
  const engines = [...existing];
  const added: AddedEngine[] = [];
  const skipped: AddedSkip[] = [];
  list.forEach((raw, i) => {
    const entry = i + 1;
    const rawHost =
      typeof raw === 'object' && raw !== null && typeof (raw as { host?: unknown }).host === 'string' ? (raw as { host: string }).host : undefined;
    const host = rawHost
      ?.trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/+$/, '')
      .replace(/\.$/, '');
    const candidate = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? { ...(raw as object), ...(host !== undefined ? { host } : {}) } : raw;
    if (typeof candidate === 'object' && candidate !== null && (candidate as { name?: unknown }).name === undefined && host)
      (candidate as { name: string }).name = withoutWww(host);
    const c = check(addedEngineCheck, candidate);
    const at = rawHost !== undefined ? { host: rawHost.slice(0, 253) } : {};
    if (!c.ok) return skipped.push({ entry, ...at, code: 'invalid', error: c.errors.join('; ') });
    if (added.some((a) => a.host === c.value.host)) return skipped.push({ entry, ...at, code: 'duplicate', error: `${c.value.host} is in the file twice` });
    if (engines.some((a) => a.host === c.value.host)) return skipped.push({ entry, ...at, code: 'present', error: `${c.value.host} is added already` });
    // A built-in engine's host stays its definition's (an added engine there would read it by structure only).
    if (builtIn(c.value.host)) return skipped.push({ entry, ...at, code: 'builtin', error: `${c.value.host} is a built-in search engine's` });
    if (engines.length >= MAX_ADDED_ENGINES)
      return skipped.push({ entry, ...at, code: 'full', error: `at most ${MAX_ADDED_ENGINES} search engines can be added` });
    engines.push(c.value);
    added.push(c.value);
  });
  if (!added.length) return { ok: false, code: 'none', error: FILE_ERRORS.none, skipped };
  return { ok: true, engines, added, skipped };
}

/** The content-script match pattern of an added engine's results pages (https only: its host access is asked for https). */
export function addedMatch(a: AddedEngine): string {
  return `https://${a.host}${a.path.replace(/\/+$/, '') || '/'}*`;
}
