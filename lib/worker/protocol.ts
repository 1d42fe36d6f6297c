/**
 * Messages between the background (through the offscreen document in Chrome) and the sketch Worker.
 * Every request carries a numeric id that its response repeats; each side checks the shape of what it
 * receives at run time (`parseWorkerRequest`, `parseWorkerResponse`), since messages cross a realm
 * boundary and TypeScript's types do not.
 */
import type { GroupInput, GroupOutcome } from '../group/results';
import type { SketchOptions } from '../sketch/options';

export type ItemFormat = 'auto' | 'text' | 'html';

export interface SketchItem {
  text: string;
  /** How to read `text`: decided by content under 'auto' (the default). */
  format?: ItemFormat;
}

/** Sketch options a request may carry: all of them but `ignore` (a Set; it is not sent per request). */
export type WorkerSketchOptions = Partial<Omit<SketchOptions, 'ignore'>>;

/** An error as it travels in a message: a stable code to switch on and a message for people. */
export interface ErrorInfo {
  code: string;
  message: string;
}

export interface SketchRequest {
  id: number;
  op: 'sketch';
  items: SketchItem[];
  options?: WorkerSketchOptions;
}
export interface PingRequest {
  id: number;
  op: 'ping';
}
/** Diagnostic: the worker throws an uncaught error (asynchronously), as a crash would. No response. */
export interface CrashRequest {
  id: number;
  op: 'crash';
}
/** Diagnostic: the worker busy-loops for `ms` (at most HANG_MAX_MS), then answers `{id, ok: true}`. */
export interface HangRequest {
  id: number;
  op: 'hang';
  ms: number;
}
/** Groups one results page's results (lib/group), leaving out `boilerplate` fingerprints. */
export interface GroupRequest {
  id: number;
  op: 'group';
  items: GroupInput[];
  boilerplate?: number[];
  options: { threshold: number; shingle?: number; size?: number; pairFloor?: number; maxPairs?: number };
}
/** The shingles that recur on ≥ minPages of `past` results pages (lib/group boilerplateFrom). */
export interface BoilerplateRequest {
  id: number;
  op: 'boilerplate';
  past: GroupInput[][];
  minPages: number;
  shingle: number;
}
/**
 * A fetched HTML page to sketch (issue #6): its main text is found where a DOM parser is (the
 * offscreen document in Chrome: the relay does it before the Worker sketches that text), with its
 * canonical link. Answered like a sketch of one item, plus `page`.
 */
export interface PageRequest {
  id: number;
  op: 'page';
  html: string;
  url: string;
  options?: WorkerSketchOptions;
}
/** A fetched results page to read with lib's extractor (lost and found's search): needs a DOM, so the relay answers it. */
export interface SerpRequest {
  id: number;
  op: 'serp';
  html: string;
  url: string;
}
export type WorkerRequest = SketchRequest | PingRequest | CrashRequest | HangRequest | GroupRequest | BoilerplateRequest | PageRequest | SerpRequest;
export type WorkerOp = WorkerRequest['op'];
/** A request before the client gives it an id. */
export type WorkerRequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export type ItemResult =
  | { ok: true; bytes: Uint8Array; tokens: number; truncated: boolean }
  | { ok: false; error: ErrorInfo };

export interface SketchResponse {
  id: number;
  ok: true;
  results: ItemResult[];
}
export interface OkResponse {
  id: number;
  ok: true;
}
export interface ErrorResponse {
  id: number;
  ok: false;
  error: ErrorInfo;
}
export interface GroupResponse {
  id: number;
  ok: true;
  outcome: GroupOutcome;
}
export interface BoilerplateResponse {
  id: number;
  ok: true;
  fingerprints: number[];
}
/** What main-text extraction found besides the text. */
export interface PageInfo {
  canonical?: string;
  title: string;
  method: string;
  /** Characters of main text sketched. */
  chars: number;
  /** A few distinctive sentences of the page, kept for lost and found's searches (issue #7). */
  phrases?: string[];
  /** The main text itself when it is short (under lib/page/extract-page SHORT_TEXT characters): error pages are told by it. */
  short?: string;
}

export interface SerpResponse {
  id: number;
  ok: true;
  serp: { engine: string; results: { rank: number; url: string; title: string; snippet: string }[] };
}
export interface PageResponse {
  id: number;
  ok: true;
  results: ItemResult[];
  page: PageInfo;
}
export type WorkerResponse = SketchResponse | GroupResponse | BoilerplateResponse | PageResponse | SerpResponse | OkResponse | ErrorResponse;

export const HANG_MAX_MS = 60_000;
/** Items per sketch request at most: a batch is one message, and one message should stay reasonable. */
export const MAX_ITEMS = 10_000;

const OPTION_KEYS: ReadonlySet<string> = new Set(['shingle', 'size', 'seed', 'modMax', 'maxChars']);
const GROUP_OPTION_KEYS: ReadonlySet<string> = new Set(['threshold', 'shingle', 'size', 'pairFloor', 'maxPairs']);
const FORMATS: ReadonlySet<string> = new Set(['auto', 'text', 'html']);

export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function isRequestId(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

/** The id of a message that has a valid one, else undefined (such a message gets no answer). */
export function messageId(msg: unknown): number | undefined {
  return isRecord(msg) && isRequestId(msg.id) ? msg.id : undefined;
}

export function errorInfo(code: string, message: string): ErrorInfo {
  return { code, message };
}

export function isErrorInfo(x: unknown): x is ErrorInfo {
  return isRecord(x) && typeof x.code === 'string' && x.code !== '' && typeof x.message === 'string';
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; id: number | undefined; error: ErrorInfo };

function bad<T>(msg: unknown, why: string): Parsed<T> {
  return { ok: false, id: messageId(msg), error: errorInfo('BAD_REQUEST', why) };
}

function isGroupInput(x: unknown): x is GroupInput {
  return (
    isRecord(x) && typeof x.rank === 'number' && typeof x.url === 'string' && typeof x.title === 'string' && typeof x.snippet === 'string'
  );
}

/** Sketch options: undefined, an object of known numeric keys, or why not. */
function checkOptions(o: unknown): WorkerSketchOptions | undefined | string {
  if (o === undefined) return undefined;
  if (!isRecord(o)) return 'options must be an object';
  for (const [k, v] of Object.entries(o)) {
    if (!OPTION_KEYS.has(k)) return `unknown or unsupported option ${k}`;
    if (v !== undefined && typeof v !== 'number') return `option ${k} must be a number`;
  }
  return o as WorkerSketchOptions;
}

function isNumbers(x: unknown): x is number[] {
  return Array.isArray(x) && x.every((v) => typeof v === 'number');
}

function isGroupOutcome(x: unknown): x is GroupOutcome {
  if (!isRecord(x) || !Array.isArray(x.groups) || !Array.isArray(x.pairs) || typeof x.boilerplate !== 'number') return false;
  const groupOk = (g: unknown) =>
    isRecord(g) && typeof g.id === 'number' && typeof g.representative === 'number' && Array.isArray(g.members) &&
    g.members.every((m: unknown) => isRecord(m) && typeof m.rank === 'number' && isRecord(m.reason) && typeof m.reason.kind === 'string');
  const pairOk = (p: unknown) => isRecord(p) && typeof p.a === 'number' && typeof p.b === 'number' && typeof p.resemblance === 'number';
  return x.groups.every(groupOk) && x.pairs.every(pairOk);
}

/** An item's shape: checked per item, so that one bad item fails only its own result. */
export function checkItem(item: unknown): ErrorInfo | undefined {
  if (!isRecord(item)) return errorInfo('BAD_REQUEST', 'an item must be an object {text, format?}');
  if (typeof item.text !== 'string') return errorInfo('BAD_REQUEST', 'an item needs a string text');
  if (item.format !== undefined && (typeof item.format !== 'string' || !FORMATS.has(item.format))) {
    return errorInfo('BAD_REQUEST', `an item's format must be auto, text or html, got ${String(item.format)}`);
  }
  return undefined;
}

/**
 * Checks a request's envelope: id, op and the op's fields. Items are checked one by one when handled
 * (`checkItem`), and option values by `resolveOptions`; here only that options is an object of known
 * numeric keys.
 */
export function parseWorkerRequest(msg: unknown): Parsed<WorkerRequest> {
  if (!isRecord(msg)) return bad(msg, 'a request must be an object');
  if (!isRequestId(msg.id)) return bad(msg, 'a request needs a non-negative integer id');
  const id = msg.id;
  switch (msg.op) {
    case 'ping':
    case 'crash':
      return { ok: true, value: { id, op: msg.op } };
    case 'hang': {
      if (typeof msg.ms !== 'number' || !Number.isFinite(msg.ms) || msg.ms < 0) return bad(msg, 'hang needs ms ≥ 0');
      return { ok: true, value: { id, op: 'hang', ms: Math.min(msg.ms, HANG_MAX_MS) } };
    }
    case 'sketch': {
      if (!Array.isArray(msg.items)) return bad(msg, 'sketch needs an items array');
      if (msg.items.length > MAX_ITEMS) return bad(msg, `at most ${MAX_ITEMS} items per request, got ${msg.items.length}`);
      const options = checkOptions(msg.options);
      if (typeof options === 'string') return bad(msg, options);
      return { ok: true, value: { id, op: 'sketch', items: msg.items as SketchItem[], ...(options ? { options } : {}) } };
    }
    case 'group': {
      if (!Array.isArray(msg.items) || !msg.items.every(isGroupInput)) return bad(msg, 'group needs items [{rank, url, title, snippet}]');
      if (msg.boilerplate !== undefined && !isNumbers(msg.boilerplate)) return bad(msg, 'group: boilerplate must be a list of numbers');
      const o = msg.options;
      if (!isRecord(o) || typeof o.threshold !== 'number') return bad(msg, 'group needs options {threshold}');
      for (const [k, v] of Object.entries(o)) {
        if (!GROUP_OPTION_KEYS.has(k)) return bad(msg, `unknown group option ${k}`);
        if (v !== undefined && typeof v !== 'number') return bad(msg, `group option ${k} must be a number`);
      }
      if (msg.items.length > MAX_ITEMS) return bad(msg, `at most ${MAX_ITEMS} items per request, got ${msg.items.length}`);
      return {
        ok: true,
        value: { id, op: 'group', items: msg.items, ...(msg.boilerplate ? { boilerplate: msg.boilerplate } : {}), options: o as GroupRequest['options'] },
      };
    }
    case 'page': {
      if (typeof msg.html !== 'string' || typeof msg.url !== 'string') return bad(msg, 'page needs strings html and url');
      const opts = checkOptions(msg.options);
      if (typeof opts === 'string') return bad(msg, opts);
      return { ok: true, value: { id, op: 'page', html: msg.html, url: msg.url, ...(opts ? { options: opts } : {}) } };
    }
    case 'serp': {
      if (typeof msg.html !== 'string' || typeof msg.url !== 'string') return bad(msg, 'serp needs strings html and url');
      return { ok: true, value: { id, op: 'serp', html: msg.html, url: msg.url } };
    }
    case 'boilerplate': {
      if (!(Array.isArray(msg.past) && msg.past.every((p) => Array.isArray(p) && p.every(isGroupInput)))) return bad(msg, 'boilerplate needs past: a list of result lists');
      if (typeof msg.minPages !== 'number' || typeof msg.shingle !== 'number') return bad(msg, 'boilerplate needs numbers minPages and shingle');
      return { ok: true, value: { id, op: 'boilerplate', past: msg.past as GroupInput[][], minPages: msg.minPages, shingle: msg.shingle } };
    }
    default:
      return bad(msg, `unknown op ${String(msg.op)}`);
  }
}

function isItemResult(x: unknown): x is ItemResult {
  if (!isRecord(x)) return false;
  if (x.ok === true) {
    return x.bytes instanceof Uint8Array && typeof x.tokens === 'number' && typeof x.truncated === 'boolean';
  }
  return x.ok === false && isErrorInfo(x.error);
}

/**
 * Checks a response against the request it answers (`op` and, for a sketch, the number of items):
 * a sketch response must have one well-formed result per item; other ops answer `{id, ok: true}`.
 */
export function parseWorkerResponse(msg: unknown, op: WorkerOp, items = 0): Parsed<WorkerResponse> {
  const id = messageId(msg);
  const fail = (why: string): Parsed<WorkerResponse> => ({ ok: false, id, error: errorInfo('BAD_RESPONSE', why) });
  if (!isRecord(msg) || id === undefined) return fail('a response must be an object with an integer id');
  if (msg.ok === false) {
    return isErrorInfo(msg.error) ? { ok: true, value: { id, ok: false, error: msg.error } } : fail('an error response needs {code, message}');
  }
  if (msg.ok !== true) return fail('a response needs ok: true or false');
  if (op === 'group') {
    return isGroupOutcome(msg.outcome) ? { ok: true, value: { id, ok: true, outcome: msg.outcome } } : fail('a group response needs an outcome {groups, pairs, boilerplate}');
  }
  if (op === 'serp') {
    const v = msg.serp;
    const ok = isRecord(v) && typeof v.engine === 'string' && Array.isArray(v.results) && v.results.every(isGroupInput);
    return ok ? { ok: true, value: { id, ok: true, serp: v as SerpResponse['serp'] } } : fail('a serp response needs serp {engine, results}');
  }
  if (op === 'boilerplate') {
    return isNumbers(msg.fingerprints) ? { ok: true, value: { id, ok: true, fingerprints: msg.fingerprints } } : fail('a boilerplate response needs fingerprints');
  }
  if (op !== 'sketch' && op !== 'page') return { ok: true, value: { id, ok: true } };
  if (op === 'page') items = 1;
  if (!Array.isArray(msg.results) || msg.results.length !== items) return fail(`a sketch response needs ${items} results`);
  if (!msg.results.every(isItemResult)) return fail('a sketch response has a malformed result');
  if (op === 'page') {
    const p = msg.page;
    const ok =
      isRecord(p) && typeof p.title === 'string' && typeof p.method === 'string' && typeof p.chars === 'number' &&
      (p.canonical === undefined || typeof p.canonical === 'string') && (p.short === undefined || typeof p.short === 'string') &&
      (p.phrases === undefined || (Array.isArray(p.phrases) && p.phrases.every((x) => typeof x === 'string')));
    if (!ok) return fail('a page response needs page {title, method, chars, canonical?, short?, phrases?}');
    return { ok: true, value: { id, ok: true, results: msg.results, page: p as unknown as PageInfo } };
  }
  return { ok: true, value: { id, ok: true, results: msg.results } };
}

/** The buffers of a response's sketch bytes, to transfer rather than copy (each owns its buffer). */
export function responseTransfer(resp: WorkerResponse): ArrayBuffer[] {
  if (!resp.ok || !('results' in resp)) return [];
  const out: ArrayBuffer[] = [];
  const seen = new Set<ArrayBufferLike>();
  for (const r of resp.results) {
    if (!r.ok) continue;
    const buf = r.bytes.buffer;
    // Only a buffer the bytes span whole, and each once (transferring one twice is a DataCloneError).
    if (buf instanceof ArrayBuffer && r.bytes.byteOffset === 0 && r.bytes.byteLength === buf.byteLength && !seen.has(buf)) {
      seen.add(buf);
      out.push(buf);
    }
  }
  return out;
}
