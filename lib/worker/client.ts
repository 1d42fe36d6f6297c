/**
 * Request/response client for the sketch Worker over an abstract transport (a Worker, or a port to the
 * offscreen document that hosts one). Every call settles: by its response, by a timeout, or by the
 * transport failing; a caller never waits on a dead or hung worker.
 */
import type { GroupOutcome } from '../group/results';
import {
  type BoilerplateRequest,
  type GroupRequest,
  type ItemResult,
  type PageInfo,
  type SerpResponse,
  type SketchItem,
  type WorkerOp,
  type WorkerRequest,
  type WorkerRequestBody,
  type WorkerResponse,
  type WorkerSketchOptions,
  parseWorkerResponse,
} from './protocol';

export interface WorkerTransport {
  /** Sends a request; may throw (then only that request fails). */
  post(msg: WorkerRequest, transfer?: Transferable[]): void;
  /** Every message from the worker (unchecked: the client checks it). */
  onMessage(cb: (msg: unknown) => void): void;
  /** The worker crashed or the connection to it was lost: no pending request will be answered. */
  onFailure(cb: (reason: string) => void): void;
  /** Replaces the worker (or reconnects): anything in flight is abandoned. */
  restart(): void;
}

export type WorkerErrorCode = 'WORKER_CRASHED' | 'WORKER_TIMEOUT' | 'BAD_RESPONSE' | 'POST_FAILED' | (string & {});

/** How a worker request fails: `code` is WORKER_CRASHED, WORKER_TIMEOUT, or the code the worker sent. */
export class WorkerError extends Error {
  constructor(
    readonly code: WorkerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerError';
  }
}

export function isWorkerError(e: unknown, code?: WorkerErrorCode): e is WorkerError {
  return e instanceof WorkerError && (code === undefined || e.code === code);
}

export interface CallOptions {
  /** Milliseconds before the call fails with WORKER_TIMEOUT and the worker is restarted. */
  timeoutMs?: number;
}

export interface WorkerClientOptions {
  /** Default per-call timeout: 10 s. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Longest timeout a call may ask for (a setTimeout delay above 2^31 − 1 ms fires at once). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

interface Pending {
  body: WorkerRequestBody;
  op: WorkerOp;
  items: number;
  timeoutMs: number;
  /** Date.now() by which it fails WORKER_TIMEOUT (kept when it is re-sent after a restart). */
  deadline: number;
  timer: ReturnType<typeof setTimeout>;
  resolve(resp: WorkerResponse): void;
  reject(e: WorkerError): void;
}

export class WorkerClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** The transport failed: restart it before the next request (lazily, so a failure costs nothing until then). */
  private broken = false;
  private readonly defaultTimeout: number;

  constructor(
    private readonly transport: WorkerTransport,
    opts: WorkerClientOptions = {},
  ) {
    this.defaultTimeout = clampTimeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    transport.onMessage((msg) => this.receive(msg));
    transport.onFailure((reason) => this.fail(reason));
  }

  /** Requests in flight. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Sketches each item; one result per item (an empty or binary item fails alone). */
  async sketch(items: SketchItem[], options?: WorkerSketchOptions, call?: CallOptions): Promise<ItemResult[]> {
    const resp = await this.request({ op: 'sketch', items, ...(options ? { options } : {}) }, call);
    return 'results' in resp ? resp.results : [];
  }

  /** Groups a results page's results (see GroupRequest). */
  async group(req: Omit<GroupRequest, 'id' | 'op'>, call?: CallOptions): Promise<GroupOutcome> {
    const resp = await this.request({ op: 'group', ...req }, call);
    if (!('outcome' in resp)) throw new WorkerError('BAD_RESPONSE', 'a group request was answered without an outcome');
    return resp.outcome;
  }

  /** Shingles recurring on past results pages (see BoilerplateRequest). */
  async boilerplate(req: Omit<BoilerplateRequest, 'id' | 'op'>, call?: CallOptions): Promise<number[]> {
    const resp = await this.request({ op: 'boilerplate', ...req }, call);
    if (!('fingerprints' in resp)) throw new WorkerError('BAD_RESPONSE', 'a boilerplate request was answered without fingerprints');
    return resp.fingerprints;
  }

  /** Sketches a fetched HTML page's main text (found by the offscreen relay; see PageRequest). */
  async page(html: string, url: string, options?: WorkerSketchOptions, call?: CallOptions): Promise<{ result: ItemResult; page: PageInfo }> {
    const resp = await this.request({ op: 'page', html, url, ...(options ? { options } : {}) }, call);
    if (!('page' in resp)) throw new WorkerError('BAD_RESPONSE', 'a page request was answered without its page');
    return { result: resp.results[0], page: resp.page };
  }

  /** Reads a fetched results page with lib's extractor (in the offscreen document: it needs a DOM). */
  async serp(html: string, url: string, call?: CallOptions): Promise<SerpResponse['serp']> {
    const resp = await this.request({ op: 'serp', html, url }, call);
    if (!('serp' in resp)) throw new WorkerError('BAD_RESPONSE', 'a serp request was answered without its results');
    return resp.serp;
  }

  async ping(call?: CallOptions): Promise<void> {
    await this.request({ op: 'ping' }, call);
  }

  /** Diagnostics: 'crash' makes the worker throw (the call fails WORKER_CRASHED); 'hang' busy-loops `ms`. */
  async diagnose(op: 'crash' | 'hang', ms = 0, call?: CallOptions): Promise<void> {
    await this.request(op === 'crash' ? { op: 'crash' } : { op: 'hang', ms }, call);
  }

  /** Sends one request; resolves with its ok response, rejects with a WorkerError. */
  request(body: WorkerRequestBody, call: CallOptions = {}): Promise<WorkerResponse> {
    const timeoutMs = call.timeoutMs === undefined ? this.defaultTimeout : clampTimeout(call.timeoutMs);
    return new Promise<WorkerResponse>((resolve, reject) => {
      if (this.broken) {
        this.broken = false;
        this.restartTransport();
      }
      const items = body.op === 'sketch' ? body.items.length : 0;
      const p: Pending = { body, op: body.op, items, timeoutMs, deadline: Date.now() + timeoutMs, timer: undefined!, resolve, reject };
      this.send(p);
    });
  }

  /** Posts `p` under a fresh id (a re-sent request gets a new one, so a late answer to the old is ignored). */
  private send(p: Pending): void {
    const id = this.nextId++;
    this.pending.set(id, p);
    p.timer = setTimeout(() => this.timeout(id), Math.max(0, p.deadline - Date.now()));
    try {
      this.transport.post({ id, ...p.body } as WorkerRequest);
    } catch (e) {
      this.settle(id)?.reject(new WorkerError('POST_FAILED', `could not send the request: ${e instanceof Error ? e.message : String(e)}`));
    }
  }

  /** Removes and returns a pending request (undefined if it already settled). */
  private settle(id: number): Pending | undefined {
    const p = this.pending.get(id);
    if (!p) return undefined;
    this.pending.delete(id);
    clearTimeout(p.timer);
    return p;
  }

  private receive(msg: unknown): void {
    const id = typeof (msg as { id?: unknown })?.id === 'number' ? (msg as { id: number }).id : undefined;
    const p = id === undefined ? undefined : this.pending.get(id);
    if (!p || id === undefined) return; // unknown, late (after a timeout or crash), or without an id
    const parsed = parseWorkerResponse(msg, p.op, p.items);
    this.settle(id);
    if (!parsed.ok) {
      p.reject(new WorkerError(parsed.error.code, parsed.error.message));
      return;
    }
    const resp = parsed.value;
    if (resp.ok) p.resolve(resp);
    else p.reject(new WorkerError(resp.error.code, resp.error.message));
  }

  /**
   * A request ran out of time: it fails WORKER_TIMEOUT and the worker is restarted at once (a hung
   * worker would hold up every later request). The other requests in flight die with the old worker;
   * sketching is pure, so they are sent again to the new one, each keeping its own deadline (the
   * diagnostic ops are not repeated: they fail WORKER_CRASHED).
   */
  private timeout(id: number): void {
    const p = this.settle(id);
    if (!p) return;
    const others = [...this.pending.keys()].map((oid) => this.settle(oid)!);
    this.broken = false;
    this.restartTransport();
    p.reject(new WorkerError('WORKER_TIMEOUT', `the sketch worker did not answer ${p.op} within ${p.timeoutMs} ms`));
    for (const o of others) {
      if (o.op === 'sketch' || o.op === 'page' || o.op === 'serp' || o.op === 'group' || o.op === 'boilerplate' || o.op === 'ping') this.send(o);
      else o.reject(new WorkerError('WORKER_CRASHED', `the sketch worker was restarted (request ${id} timed out) during ${o.op}`));
    }
  }

  private restartTransport(): void {
    try {
      this.transport.restart();
    } catch {
      this.broken = true; // try again before the next request
    }
  }

  /** The transport failed: every request in flight fails WORKER_CRASHED; the next one restarts it. */
  private fail(reason: string): void {
    this.broken = true;
    const all = [...this.pending.keys()].map((id) => this.settle(id)!);
    for (const p of all) p.reject(new WorkerError('WORKER_CRASHED', `the sketch worker failed (${reason}) during ${p.op}`));
  }
}

function clampTimeout(ms: number): number {
  if (typeof ms !== 'number' || Number.isNaN(ms)) return DEFAULT_TIMEOUT_MS;
  return Math.min(Math.max(1, ms), MAX_TIMEOUT_MS);
}
