// Sketching threads: batches of jobs go to the least busy worker and come back as results. A worker
// that fails (a bug, an exit) fails every batch it holds; `close` terminates them all.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BatchReply, BatchRequest, WorkerInit } from './sketch-worker';
import type { BatchResult, Job } from './sketch-job';
import { fromWire } from './batch-wire';

/**
 * The bundled worker (scripts/build-cli.mjs): RESEMBLE_WORKER when set, else next to the running
 * bundle (dist/resemble.mjs runs dist/resemble-worker.mjs), else dist/ when run from source (tests,
 * tsx). Undefined when none exists.
 */
export function findWorker(explicit?: string): string | undefined {
  const candidates = [explicit, process.env.RESEMBLE_WORKER].filter((p): p is string => !!p);
  if (candidates.length) return candidates[0];
  for (const rel of ['./resemble-worker.mjs', '../../dist/resemble-worker.mjs']) {
    const p = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** Workers started and not yet exited (tests check that a run leaves none behind). */
const live = new Set<Worker>();
export function liveWorkers(): number {
  return live.size;
}

/** A worker counted in liveWorkers until it exits (or is terminated: see `stopWorker`). */
export function startWorker(path: string, workerData: unknown): Worker {
  const w = new Worker(path, { workerData });
  live.add(w);
  w.on('exit', () => live.delete(w));
  return w;
}

export async function stopWorker(w: Worker): Promise<void> {
  await w.terminate();
  live.delete(w);
}

interface Waiting {
  resolve: (r: BatchResult) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, Waiting>;
  /** Exited or failed: never given another batch (it would never answer). */
  dead: boolean;
}

export class SketchPool {
  private readonly threads: Thread[] = [];
  private nextId = 0;
  private closed = false;
  private lastDeath: Error | undefined;

  /** `onBuffer` takes back the JSONL chunks' buffers once their thread is done with them. */
  constructor(path: string, size: number, init: WorkerInit, onBuffer?: (b: ArrayBuffer) => void) {
    for (let i = 0; i < size; i++) {
      const t: Thread = { worker: startWorker(path, init), waiting: new Map(), dead: false };
      const failAll = (e: Error) => {
        t.dead = true;
        this.lastDeath = e;
        for (const w of t.waiting.values()) w.reject(e);
        t.waiting.clear();
      };
      t.worker.on('message', (m: BatchReply) => {
        if ('back' in m) for (const b of m.back) onBuffer?.(b);
        const w = t.waiting.get(m.id);
        if (!w) return;
        t.waiting.delete(m.id);
        if ('fatal' in m) w.reject(new Error(`sketching worker failed: ${m.fatal}`));
        else w.resolve('wire' in m ? fromWire(m.wire) : { results: m.results, blank: m.blank });
      });
      t.worker.on('error', (e) => failAll(e));
      t.worker.on('exit', (code) => {
        if (!this.closed) failAll(new Error(`sketching worker exited (status ${code})`));
        t.dead = true;
      });
      this.threads.push(t);
    }
  }

  /** Sketches `jobs` on the thread with the fewest batches waiting; its data buffers are transferred. */
  run(jobs: Job[]): Promise<BatchResult> {
    if (this.closed) return Promise.reject(new Error('pool closed'));
    let t: Thread | undefined;
    for (const u of this.threads) if (!u.dead && (!t || u.waiting.size < t.waiting.size)) t = u;
    if (!t) return Promise.reject(new Error(`no sketching worker left (${this.lastDeath?.message ?? 'all exited'})`));
    const thread = t;
    const id = this.nextId++;
    const transfer: ArrayBuffer[] = [];
    for (const j of jobs) if (j.kind === 'lines' || j.kind === 'bytes') transfer.push(j.data.buffer as ArrayBuffer);
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage({ id, jobs } satisfies BatchRequest, transfer);
    });
  }

  /** Terminates every worker (batches still out are dropped). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(
      this.threads.map(async (t) => {
        await stopWorker(t.worker);
      }),
    );
  }
}
