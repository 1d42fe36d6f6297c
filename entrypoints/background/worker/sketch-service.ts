/**
 * The background's way to the sketch Worker. Chrome (MV3): a service worker cannot start a Worker, so
 * it runs in an offscreen document (reason WORKERS), created on first use and reused, reached over a
 * port (./offscreen-transport.ts). Firefox (MV2 background page, which has a DOM): the Worker is started
 * right here, and terminated after a minute idle (lib/worker/idle.ts; the offscreen document closes
 * likewise). Nothing is kept that a restarted service worker would need: it creates the service anew
 * and the first request finds the existing offscreen document and reconnects.
 */
import { browser } from 'wxt/browser';
import { type CallOptions, WorkerClient, WorkerError } from '../../../lib/worker/client';
import type { GroupOutcome } from '../../../lib/group/results';
import type { BoilerplateRequest, GroupRequest, ItemResult, PageInfo, SketchItem, WorkerSketchOptions } from '../../../lib/worker/protocol';
import { createWorkerTransport } from '../../../lib/worker/worker-transport';
import { closeWhenIdle } from '../../../lib/worker/idle';
import { extractSerp } from '../../../lib/page/extract-serp';
import { createOffscreenTransport } from './offscreen-transport';
import { closeOffscreenDocument, ensureOffscreenDocument } from './offscreen-document';
import { installSeed } from './install-seed';

export interface SketchService {
  /** One result per item: sketch bytes (lib's serializeSketch) or that item's error. */
  sketch(items: SketchItem[], options?: WorkerSketchOptions, call?: CallOptions): Promise<ItemResult[]>;
  /** Groups a results page's results in the Worker (lib/group; past pages' boilerplate left out). */
  group(req: Omit<GroupRequest, 'id' | 'op'>, call?: CallOptions): Promise<GroupOutcome>;
  boilerplate(req: Omit<BoilerplateRequest, 'id' | 'op'>, call?: CallOptions): Promise<number[]>;
  /** Sketches a fetched HTML page's main text (found in the Worker) with its canonical link. */
  page(html: string, url: string, options?: WorkerSketchOptions, call?: CallOptions): Promise<{ result: ItemResult; page: PageInfo }>;
  /** Reads a fetched results page (lost and found's search) where a DOM parser is. */
  serp(html: string, url: string, call?: CallOptions): Promise<{ engine: string; results: { rank: number; url: string; title: string; snippet: string }[] }>;
  ping(call?: CallOptions): Promise<void>;
  /** Diagnostics for failure handling: a crash (fails WORKER_CRASHED) or a busy worker for `ms`. */
  diagnose(op: 'crash' | 'hang', ms?: number, call?: CallOptions): Promise<void>;
  /** 'offscreen' (Chrome), 'worker' (a Worker in this page: Firefox), or 'none'. */
  readonly host: 'offscreen' | 'worker' | 'none';
}

export interface SketchServiceOptions {
  /** Default per-call timeout (10 s). */
  timeoutMs?: number;
  /** The install's secret seed (default: ./install-seed.ts, kept in storage.local). */
  seed?: () => Promise<number>;
}

const WORKER_PATH = '/sketch-worker.js';

function pickHost(): SketchService['host'] {
  if (typeof (browser as { offscreen?: { createDocument?: unknown } }).offscreen?.createDocument === 'function') return 'offscreen';
  if (typeof Worker === 'function') return 'worker';
  return 'none';
}

export function createSketchService(opts: SketchServiceOptions = {}): SketchService {
  const host = pickHost();
  let client: WorkerClient | undefined;
  const get = (): WorkerClient => {
    if (client) return client;
    if (host === 'none') throw new WorkerError('WORKER_UNAVAILABLE', 'this browser offers neither offscreen documents nor Workers here');
    const transport =
      host === 'offscreen'
        ? createOffscreenTransport({ ensureDocument: ensureOffscreenDocument, closeDocument: closeOffscreenDocument })
        : closeWhenIdle(createWorkerTransport(() => new Worker(browser.runtime.getURL(WORKER_PATH))));
    return (client = new WorkerClient(transport, { timeoutMs: opts.timeoutMs }));
  };
  // Every sketch this extension makes is under the install's secret seed (issue #28): a caller's seed,
  // if any, is overridden, so no path can make (or store) a sketch under the public seed 0. Snippet
  // grouping (group, boilerplate) compares whole shingle sets, not samples: it needs no seed.
  const seed = opts.seed ?? installSeed;
  void seed().catch(() => undefined); // created at start-up (install), not at the first sketch's cost
  const seeded = async (o: WorkerSketchOptions | undefined): Promise<WorkerSketchOptions> => ({ ...o, seed: await seed() });
  return {
    host,
    sketch: async (items, options, call) => get().sketch(items, await seeded(options), call),
    group: async (req, call) => get().group(req, call),
    boilerplate: async (req, call) => get().boilerplate(req, call),
    // The Worker finds the main text itself (lib/page/lite-dom), in both browsers: the page's parse stays off this thread.
    page: async (html, url, options, call) => get().page(html, url, await seeded(options), call),
    serp: async (html, url, call) => {
      if (host === 'offscreen') return get().serp(html, url, call);
      return extractSerp((h) => new DOMParser().parseFromString(h, 'text/html'), html, url);
    },
    ping: async (call) => get().ping(call),
    diagnose: async (op, ms, call) => get().diagnose(op, ms, call),
  };
}

let shared: SketchService | undefined;
/**
 * The background's one sketch service, made on first use in each service-worker lifetime: the tab's
 * steps, page checking and lost and found take it from here rather than handing it to one another.
 */
export function sketchService(): SketchService {
  shared ??= createSketchService();
  return shared;
}
