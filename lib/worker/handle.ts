/**
 * What the sketch Worker does with a message, as a plain function of it (so Node tests run it directly):
 * sketching through lib, one result per item, and the diagnostic ops. `serveWorker` wires it to a
 * Worker's global scope.
 */
import { isResembleError } from '../errors';
import { boilerplateFrom, groupResults } from '../group/results';
import { type SketchOptions, resolveOptions } from '../sketch/options';
import { serializeSketch } from '../sketch/serialize';
import { type Sketch, canonicalSource, sketchText, sketchTexts } from '../sketch/sketch';
import { extractPage } from '../page/extract-page';
import {
  type ErrorInfo,
  type GroupRequest,
  type ItemResult,
  type SketchRequest,
  type WorkerRequest,
  type WorkerResponse,
  checkItem,
  errorInfo,
  parseWorkerRequest,
  responseTransfer,
} from './protocol';

function describe(e: unknown): ErrorInfo {
  if (isResembleError(e)) return errorInfo(e.code, e.message);
  const code = typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : 'SKETCH_FAILED';
  return errorInfo(code, e instanceof Error ? e.message : String(e));
}

function sketchItems(req: SketchRequest): WorkerResponse {
  let o: SketchOptions;
  try {
    o = resolveOptions(req.options);
  } catch (e) {
    return { id: req.id, ok: false, error: describe(e) };
  }
  // Markup removed item by item, then the texts sketched as one batch (one scratch buffer, shared result
  // buffers: see sketchTexts); the sketches equal those of `sketch` on each item.
  const results: ItemResult[] = new Array(req.items.length);
  const texts: string[] = [];
  const at: number[] = [];
  req.items.forEach((item, i) => {
    const bad = checkItem(item);
    if (bad) {
      results[i] = { ok: false, error: bad };
      return;
    }
    try {
      texts.push(canonicalSource(item.text, item.format ?? 'auto'));
      at.push(i);
    } catch (e) {
      results[i] = { ok: false, error: describe(e) };
    }
  });
  let sketches: (Sketch | Error)[];
  try {
    sketches = sketchTexts(texts, o);
  } catch {
    // An unexpected failure: each text alone, so that only its own item fails.
    sketches = texts.map((t) => {
      try {
        return sketchText(t, o);
      } catch (e) {
        return e instanceof Error ? e : new Error(String(e));
      }
    });
  }
  sketches.forEach((s, k) => {
    results[at[k]] = s instanceof Error ? { ok: false, error: describe(s) } : { ok: true, bytes: serializeSketch(s), tokens: s.tokens, truncated: s.truncated };
  });
  return { id: req.id, ok: true, results };
}

function groupItems(req: GroupRequest): WorkerResponse {
  const boilerplate = req.boilerplate?.length ? new Set(req.boilerplate) : undefined;
  const apart = req.apart?.length ? new Set(req.apart) : undefined;
  return { id: req.id, ok: true, outcome: groupResults(req.items, { ...req.options, ...(boilerplate ? { boilerplate } : {}), ...(apart ? { apart } : {}) }) };
}

/**
 * Busy-waits (the point of the 'hang' diagnostic is a worker that does not answer). The spin count is
 * checked after the loop so that the bundler cannot drop the loop as free of side effects (an empty
 * loop on Date.now() is, to Rollup).
 */
function busy(ms: number): void {
  const end = Date.now() + ms;
  let spins = 0;
  while (Date.now() < end) spins++;
  if (spins < 0) throw new Error('unreachable');
}

/**
 * The response to one message, or null when none is due: a message without a usable id (nobody to
 * answer) and a 'crash' request, which the worker loop (`serveWorker`) turns into an uncaught error.
 * Never throws.
 */
export function handleWorkerRequest(msg: unknown): WorkerResponse | null {
  const parsed = parseWorkerRequest(msg);
  if (!parsed.ok) return parsed.id === undefined ? null : { id: parsed.id, ok: false, error: parsed.error };
  const req: WorkerRequest = parsed.value;
  try {
    switch (req.op) {
      case 'ping':
        return { id: req.id, ok: true };
      case 'hang':
        busy(req.ms);
        return { id: req.id, ok: true };
      case 'crash':
        return null;
      case 'sketch':
        return sketchItems(req);
      case 'group':
        return groupItems(req);
      case 'page': {
        // The main text found here, over a light tree (lib/page/lite-dom): no DOM parser, no hop to a document.
        // Phrases keyed under the sketch's own seed (issue #28); bad options fail in sketchItems, just below.
        let seed: number | undefined;
        try {
          seed = resolveOptions(req.options).seed;
        } catch {
          seed = undefined;
        }
        const { text, ...page } = extractPage(req.html, req.url, undefined, seed === undefined ? {} : { seed });
        const resp = sketchItems({ id: req.id, op: 'sketch', items: [{ text, format: 'text' }], options: req.options });
        return 'results' in resp ? { ...resp, page } : resp;
      }
      case 'serp':
        return { id: req.id, ok: false, error: errorInfo('NO_DOM', 'reading a results page needs a DOM parser: the offscreen relay answers serp requests') };
      case 'boilerplate':
        return { id: req.id, ok: true, fingerprints: [...boilerplateFrom(req.past, req.minPages, req.shingle)] };
    }
  } catch (e) {
    return { id: req.id, ok: false, error: describe(e) };
  }
}

/** The part of a dedicated worker's global scope that `serveWorker` uses. */
export interface WorkerScope {
  postMessage(msg: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', cb: (ev: { data: unknown }) => void): void;
}

/**
 * Answers requests in a Worker: each response's sketch bytes are transferred, not copied. A 'crash'
 * request throws from a timer, so the host sees the worker's `error` event as for a real crash.
 */
export function serveWorker(scope: WorkerScope, crash: (fn: () => void) => void = (fn) => setTimeout(fn, 0)): void {
  scope.addEventListener('message', (ev) => {
    const msg = ev.data;
    const parsed = parseWorkerRequest(msg);
    if (parsed.ok && parsed.value.op === 'crash') {
      const id = parsed.value.id;
      crash(() => {
        throw new Error(`sketch worker: crash requested by request ${id}`);
      });
      return;
    }
    const resp = handleWorkerRequest(msg);
    if (resp) scope.postMessage(resp, responseTransfer(resp));
  });
}
