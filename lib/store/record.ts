/**
 * Pure record logic shared by every backend: checking what was read, building and merging what is
 * written, index keys and size estimates. Nothing here touches storage.
 */
import { prefixLength } from '../sketch/candidate-index';
import { deserializeSketch } from '../sketch/serialize';
import type { Sketch } from '../sketch/sketch';
import { compactSketch, readCompactSketch, urlId } from './compact';
import { StoreError } from './errors';
import { PAGE_VERSIONS_MAX, type PageInput, type PageRecord, type PageVersion } from './types';
import { keptVersions, nextVersions, sameShape, type VersionRule } from './versions';

/** A stored record that passed every check, with its sketches decoded. */
export interface ReadRecord {
  rec: PageRecord;
  snippet?: Sketch;
  page?: Sketch;
}

/** A caller's input, checked, with its sketches decoded. */
export interface PreparedInput {
  input: PageInput;
  snippet?: Sketch;
  page?: Sketch;
}

/** The sketch a record is indexed (and compared) by: the page sketch when there is one, else the snippet's. */
export function indexedSketch(r: { snippet?: Sketch; page?: Sketch }): Sketch | undefined {
  return r.page ?? r.snippet;
}

/**
 * Keys per stored sketch at most. The i-th smallest shingle of A ∪ B is in both with probability r,
 * and then it is among the first i values of both sketches: two sketches that share none of their
 * first K values resemble each other with probability ≈ (1 − r)^K, 0.3% at r = 0.3 and 0.0015% at
 * r = 0.5 for K = 16. The exact prefix filter needs ~90 keys at 0.3, and each key is an index entry
 * on disk: 16 keep a page within its ~2 KB.
 */
export const INDEX_KEYS = 16;

/** Candidate-index keys of a sketch: its first min(INDEX_KEYS, prefixLength(|MIN_s|, minThreshold)) values. */
export function indexKeys(s: Sketch | undefined, minThreshold: number): number[] {
  return s ? Array.from(s.min.subarray(0, Math.min(INDEX_KEYS, prefixLength(s.min.length, minThreshold)))) : [];
}

/**
 * Approximate bytes a record takes on disk: its fields (strings as UTF-16), the sketch bytes, the keys
 * array, and one index entry per key plus one for lastSeen (each holds its key and a copy of the URL).
 * The index entries dominate for a page sketch: ~90 keys at minThreshold 0.3.
 */
export function estimateBytes(r: Omit<PageRecord, 'bytes'>): number {
  // V8's serializer (what IndexedDB writes) keeps a Latin-1 string one byte a character, others two.
  const str = (s: string | undefined) => (s === undefined ? 0 : 8 + (/^[\x00-\xff]*$/.test(s) ? 1 : 2) * s.length);
  let n = 72 + str(r.url) + str(r.title) + str(r.status) + str(r.canonical);
  for (const p of r.phrases ?? []) n += str(p);
  for (const a of r.alternates ?? []) n += 64 + str(a.url) + str(a.title) + str(a.source) + str(a.basis);
  n += (r.snippet?.byteLength ?? 0) + (r.page?.byteLength ?? 0);
  // Each earlier version: its sketch bytes, its date and the object around them.
  for (const v of r.versions ?? []) n += 24 + v.page.byteLength;
  n += 9 * r.keys.length;
  // Index entries (keys and lastSeen) hold their key and the record's 8-byte numeric id.
  n += (1 + r.keys.length) * 24;
  return n;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optNum = (v: unknown) => v === undefined || isNum(v);
const optStr = (v: unknown) => v === undefined || typeof v === 'string';
const optStrArray = (v: unknown) => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
/** Alternates as lost and found measured them: an http(s) address, a title, a source, the measures and when. */
const isAlternate = (v: unknown): boolean => {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  const share = (x: unknown) => isNum(x) && x >= 0 && x <= 1;
  return (
    typeof a.url === 'string' &&
    /^https?:\/\//i.test(a.url) &&
    typeof a.title === 'string' &&
    typeof a.source === 'string' &&
    typeof a.basis === 'string' &&
    share(a.resemblance) &&
    share(a.containment) &&
    isNum(a.checkedAt) &&
    optNum(a.archivedAt)
  );
};
const optAlternates = (v: unknown) => v === undefined || (Array.isArray(v) && v.every(isAlternate));

/** undefined: absent; null: present but unreadable (bad bytes, another format version, not bytes). */
function decode(bytes: unknown): Sketch | undefined | null {
  if (bytes === undefined) return undefined;
  if (!(bytes instanceof Uint8Array)) return null;
  try {
    return readCompactSketch(bytes);
  } catch {
    return null;
  }
}

/** Copies the known fields, leaving out undefined optional ones. */
function clean<T extends PageInput>(r: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) if (v !== undefined) out[k] = v;
  return out as T;
}

/**
 * Checks a stored value; undefined when it is not a readable PageRecord (such records are deleted, never
 * shown). With `seed` (the install's, issue #28), a sketch made under another seed is as if absent: left
 * out of the record, so it is never compared (estimates throw on mismatched seeds), the page counts as
 * unchecked (lib/store/fresh) and its next write drops the stale bytes.
 */
export function readRecord(raw: unknown, seed?: number): ReadRecord | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.url !== 'string' || r.url === '' || typeof r.title !== 'string' || r.id !== urlId(r.url)) return undefined;
  if (!isNum(r.firstSeen) || !isNum(r.lastSeen) || !isNum(r.bytes) || r.bytes < 0) return undefined;
  if (!optNum(r.fetchedAt) || !optStr(r.status) || !optStr(r.canonical) || !optStrArray(r.phrases) || !optAlternates(r.alternates)) return undefined;
  if (!Array.isArray(r.keys) || !r.keys.every(isNum)) return undefined;
  const snippet = decode(r.snippet);
  const page = decode(r.page);
  if (snippet === null || page === null) return undefined;
  // Versions came later (issue #40): what an older release or damage left there costs the versions only.
  const versions = readVersions(r.versions, page, seed);
  const history = { versions, changedAt: versions && isNum(r.changedAt) ? r.changedAt : undefined };
  if (seed !== undefined && ((snippet && snippet.seed !== seed) || (page && page.seed !== seed))) {
    const keep = (s: Sketch | undefined) => (s && s.seed === seed ? s : undefined);
    const rec = clean({
      ...(r as unknown as PageRecord),
      ...history,
      snippet: keep(snippet) ? r.snippet : undefined,
      page: keep(page) ? r.page : undefined,
    } as PageRecord);
    return { rec, snippet: keep(snippet), page: keep(page) };
  }
  return { rec: clean({ ...(r as unknown as PageRecord), ...history }), snippet, page };
}

/**
 * The readable earlier versions of a stored record, newest first, at most PAGE_VERSIONS_MAX: each a
 * date and sketch bytes that decode, of the current page sketch's shape (and of the install's seed when
 * told); any other entry is left out. Undefined when none is left.
 */
function readVersions(raw: unknown, page: Sketch | undefined, seed?: number): PageVersion[] | undefined {
  if (!Array.isArray(raw) || !page) return undefined;
  const out: PageVersion[] = [];
  for (const v of raw) {
    if (out.length >= PAGE_VERSIONS_MAX) break;
    if (typeof v !== 'object' || v === null || !isNum((v as PageVersion).at)) continue;
    const s = decode((v as PageVersion).page);
    if (!s || !sameShape(s, page) || (seed !== undefined && s.seed !== seed)) continue;
    out.push({ at: (v as PageVersion).at, page: (v as PageVersion).page });
  }
  return out.length ? out : undefined;
}

/** Checks a caller's input; throws StoreError 'BAD_RECORD' (or ResembleError 'BAD_SKETCH_BYTES' for bad sketch bytes). */
export function prepareInput(input: PageInput): PreparedInput {
  const bad = (why: string): never => {
    throw new StoreError('BAD_RECORD', `not a page record: ${why}`);
  };
  if (typeof input !== 'object' || input === null) bad('not an object');
  if (typeof input.url !== 'string' || input.url === '') bad('url must be a non-empty string');
  if (typeof input.title !== 'string') bad('title must be a string');
  if (!isNum(input.firstSeen) || !isNum(input.lastSeen)) bad('firstSeen and lastSeen must be finite numbers');
  if (!optNum(input.fetchedAt) || !optStr(input.status) || !optStr(input.canonical) || !optStrArray(input.phrases)) {
    bad('fetchedAt, status, canonical or phrases has the wrong type');
  }
  if (!optAlternates(input.alternates)) bad('alternates must be measured http(s) copies');
  for (const k of ['snippet', 'page'] as const) {
    if (input[k] !== undefined && !(input[k] instanceof Uint8Array)) bad(`${k} must be a Uint8Array`);
  }
  // Versions are the store's own (a stored record spread into an input must not bring them back).
  const {
    keys: _k,
    bytes: _b,
    id: _i,
    versions: _v,
    changedAt: _c,
    ...rest
  } = input as PageInput & { keys?: unknown; bytes?: unknown; id?: unknown; versions?: unknown; changedAt?: unknown };
  // Sketches arrive as lib's serialized form and are kept compact (./compact.ts).
  const snippet = input.snippet && readCompactSketch(compactSketch(deserializeSketch(input.snippet)));
  const page = input.page && readCompactSketch(compactSketch(deserializeSketch(input.page)));
  if (snippet) rest.snippet = compactSketch(snippet);
  if (page) rest.page = compactSketch(page);
  return { input: clean(rest), snippet, page };
}

/**
 * The record to write for `next` given what is stored (`prev`, undefined when absent or unreadable):
 * firstSeen the earlier of the two (normally the stored one), lastSeen the later; a field the input
 * leaves undefined (snippet, page, fetchedAt, status, canonical, phrases, alternates) and an empty
 * title keep the stored value (alternates, not once the page is checked alive: status 'ok'). Keys come from the resulting page sketch, else the snippet's, for `minThreshold`.
 * A new page sketch unlike the stored one pushes the stored one into `versions` (./versions.ts, by `rule`:
 * how many are kept and from when; default: PAGE_VERSIONS_MAX, any age).
 */
export function mergeRecord(prev: ReadRecord | undefined, next: PreparedInput, minThreshold: number, rule?: VersionRule): PageRecord {
  const p = prev?.rec;
  const n = next.input;
  const page = next.page ?? prev?.page;
  const history = keptVersions(nextVersions(prev, next), rule);
  const merged = clean({
    id: urlId(n.url),
    url: n.url,
    title: n.title !== '' || p === undefined ? n.title : p.title,
    // Once the page is known its sketch speaks for the result: the snippet's is not kept beside it.
    snippet: page ? undefined : (n.snippet ?? p?.snippet),
    page: n.page ?? p?.page,
    firstSeen: p ? Math.min(p.firstSeen, n.firstSeen) : n.firstSeen,
    lastSeen: p ? Math.max(p.lastSeen, n.lastSeen) : n.lastSeen,
    fetchedAt: n.fetchedAt ?? p?.fetchedAt,
    status: n.status ?? p?.status,
    canonical: n.canonical ?? p?.canonical,
    phrases: n.phrases ?? p?.phrases,
    // A page checked alive again has no use for copies: they go with the death they answered.
    alternates: n.alternates ?? (n.status === 'ok' ? undefined : p?.alternates),
    versions: history.versions,
    changedAt: history.changedAt,
  });
  const keys = indexKeys(page ?? next.snippet ?? prev?.snippet, minThreshold);
  const rec = { ...merged, keys };
  return { ...rec, bytes: estimateBytes(rec) };
}

/** Bytes a stored value counts for in the running total (0 when it carries no usable size). */
export function storedBytes(raw: unknown): number {
  const b = typeof raw === 'object' && raw !== null ? (raw as { bytes?: unknown }).bytes : undefined;
  return isNum(b) && b >= 0 ? b : 0;
}
