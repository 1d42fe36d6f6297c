/**
 * Messages between the background (through the offscreen document in Chrome) and the sketch Worker.
 * Every request carries a numeric id that its response repeats; each side checks the shape of what it
 * receives at run time (`parseWorkerRequest`, `parseWorkerResponse`), since messages cross a realm
 * boundary and TypeScript's types do not.
 */
import type { GroupInput, GroupOutcome } from '../group/results';
import type { SketchOptions } from '../sketch/options';
import { type Check, arr, bool, bytes, check, fields, num, obj, oneOf, optional, str } from '../validate';

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
  /** Pairs never grouped together (lib/group/not-a-copy keys of this page's URLs). */
  apart?: string[];
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

export type ItemResult = { ok: true; bytes: Uint8Array; tokens: number; truncated: boolean } | { ok: false; error: ErrorInfo };

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

// The shapes, checked with lib/validate like every other message. Requests and answers cross only
// between the extension's own realms, so fields a check does not name pass (`fields`); options are
// exact (`obj`), since an unknown option is a caller's mistake worth refusing.
const anything: Check<unknown> = (v) => v;
const errorShape = fields({ code: str({ min: 1 }), message: str() });
const groupInput: Check<GroupInput> = fields({ rank: num(), url: str(), title: str(), snippet: str() });
const numbers = arr(num());
const sketchOptions: Check<WorkerSketchOptions | undefined> = optional(
  obj({ shingle: optional(num()), size: optional(num()), seed: optional(num()), modMax: optional(num()), maxChars: optional(num()) }),
);
const groupOptions = obj({ threshold: num(), shingle: optional(num()), size: optional(num()), pairFloor: optional(num()), maxPairs: optional(num()) });
const htmlAndUrl = { html: str(), url: str() };

const REQUESTS: { [Op in WorkerOp]: Check<Omit<Extract<WorkerRequest, { op: Op }>, 'id' | 'op'>> } = {
  ping: fields({}),
  crash: fields({}),
  hang: fields({ ms: num({ min: 0 }) }),
  sketch: fields({ items: arr(anything as Check<SketchItem>, { max: MAX_ITEMS }), options: sketchOptions }),
  group: fields({
    items: arr(groupInput, { max: MAX_ITEMS }),
    boilerplate: optional(numbers),
    apart: optional(arr(str({ max: 4200 }), { max: 500 })),
    options: groupOptions,
  }),
  page: fields({ ...htmlAndUrl, options: sketchOptions }),
  serp: fields(htmlAndUrl),
  boilerplate: fields({ past: arr(arr(groupInput)), minPages: num(), shingle: num() }),
};

/** An item's shape: checked per item, so that one bad item fails only its own result. */
const itemShape = fields({ text: str(), format: optional(oneOf('auto', 'text', 'html')) });
export function checkItem(item: unknown): ErrorInfo | undefined {
  const c = check(itemShape, item);
  return c.ok ? undefined : errorInfo('BAD_REQUEST', `an item must be {text, format?: auto, text or html}: ${c.errors[0]}`);
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; id: number | undefined; error: ErrorInfo };

/**
 * Checks a request's envelope: id, op and the op's fields. Items are checked one by one when handled
 * (`checkItem`), and option values by `resolveOptions`; here only that options is an object of known
 * numeric keys.
 */
export function parseWorkerRequest(msg: unknown): Parsed<WorkerRequest> {
  const bad = (why: string): Parsed<WorkerRequest> => ({ ok: false, id: messageId(msg), error: errorInfo('BAD_REQUEST', why) });
  if (!isRecord(msg)) return bad('a request must be an object');
  if (!isRequestId(msg.id)) return bad('a request needs a non-negative integer id');
  const op = msg.op as WorkerOp;
  if (typeof op !== 'string' || !Object.hasOwn(REQUESTS, op)) return bad(`unknown op ${String(msg.op)}`);
  const c = check(REQUESTS[op] as Check<Record<string, unknown>>, msg);
  if (!c.ok) return bad(`${op}: ${c.errors.slice(0, 3).join('; ')}`);
  // Only the fields the op has (and the options only when given): what the handler and the relay pass on.
  const value: Record<string, unknown> = { id: msg.id, op };
  for (const k of ['ms', 'items', 'boilerplate', 'apart', 'options', 'html', 'url', 'past', 'minPages', 'shingle'])
    if (c.value[k] !== undefined) value[k] = c.value[k];
  if (op === 'hang') value.ms = Math.min(value.ms as number, HANG_MAX_MS);
  return { ok: true, value: value as unknown as WorkerRequest };
}

const itemSketched = fields({ bytes: bytes(), tokens: num(), truncated: bool() });
const itemFailed = fields({ error: errorShape });
const itemResult: Check<ItemResult> = (v, path, errors) => {
  const ok = (v as { ok?: unknown } | null)?.ok;
  if (ok === true || ok === false) return (ok ? itemSketched : itemFailed)(v, path, errors) as ItemResult;
  errors.push(`${path || 'value'}: expected ok: true or false`);
  return undefined as never;
};
const pageInfo = fields({ title: str(), method: str(), chars: num(), canonical: optional(str()), short: optional(str()), phrases: optional(arr(str())) });
const outcome = fields({
  groups: arr(fields({ id: num(), representative: num(), members: arr(fields({ rank: num(), reason: fields({ kind: str() }) })) })),
  pairs: arr(fields({ a: num(), b: num(), resemblance: num() })),
  boilerplate: num(),
});
/** What each op answers besides `{id, ok: true}` (sketch and page: their results, checked against the request apart). */
const ANSWERS: Partial<Record<WorkerOp, [field: string, shape: Check<unknown>]>> = {
  group: ['outcome', outcome],
  serp: ['serp', fields({ engine: str(), results: arr(groupInput) })],
  boilerplate: ['fingerprints', numbers],
};

/**
 * Checks a response against the request it answers (`op` and, for a sketch, the number of items):
 * a sketch response must have one well-formed result per item; other ops answer `{id, ok: true}`.
 */
export function parseWorkerResponse(msg: unknown, op: WorkerOp, items = 0): Parsed<WorkerResponse> {
  const id = messageId(msg);
  const fail = (why: string): Parsed<WorkerResponse> => ({ ok: false, id, error: errorInfo('BAD_RESPONSE', why) });
  if (!isRecord(msg) || id === undefined) return fail('a response must be an object with an integer id');
  if (msg.ok === false) {
    const e = check(errorShape, msg.error);
    return e.ok ? { ok: true, value: { id, ok: false, error: e.value } } : fail('an error response needs {code, message}');
  }
  if (msg.ok !== true) return fail('a response needs ok: true or false');
  const answer = ANSWERS[op];
  if (answer) {
    const [field, shape] = answer;
    const c = check(shape, msg[field]);
    return c.ok ? { ok: true, value: { id, ok: true, [field]: c.value } as WorkerResponse } : fail(`a ${op} response needs ${field}: ${c.errors[0]}`);
  }
  if (op !== 'sketch' && op !== 'page') return { ok: true, value: { id, ok: true } };
  const n = op === 'page' ? 1 : items;
  if (!Array.isArray(msg.results) || msg.results.length !== n) return fail(`a sketch response needs ${n} results`);
  if (!check(arr(itemResult), msg.results).ok) return fail('a sketch response has a malformed result');
  const results = msg.results as ItemResult[];
  if (op === 'sketch') return { ok: true, value: { id, ok: true, results } };
  const p = check(pageInfo, msg.page);
  if (!p.ok) return fail('a page response needs page {title, method, chars, canonical?, short?, phrases?}');
  return { ok: true, value: { id, ok: true, results, page: p.value as PageInfo } };
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
