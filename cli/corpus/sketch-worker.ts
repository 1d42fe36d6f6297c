// Worker thread entry (bundled to dist/resemble-worker.mjs by scripts/build-cli.mjs): sketches the
// batches the pipeline posts and posts back their results, typed arrays transferred, not copied.
import { parentPort, workerData } from 'node:worker_threads';
import type { BatchResult, Job, JobFields } from './sketch-job';
import { sketchJobs } from './sketch-lines';
import { type WireBatch, toWire, wireBuffers } from './batch-wire';
import type { WantedSketch } from './types';
import { isPartWorker, servePart } from './cluster-part';

export interface WorkerInit {
  want: WantedSketch;
  fields: JobFields;
}
export interface BatchRequest {
  id: number;
  jobs: Job[];
}
/**
 * Results as columns (./batch-wire.ts), or as objects when they hold whole sketches; `back` hands the
 * JSONL chunks' buffers back to the main thread's pool (./buffer-pool.ts).
 */
export type BatchReply = ({ id: number; back: ArrayBuffer[] } & ({ wire: WireBatch } | BatchResult)) | { id: number; fatal: string };

const { want, fields } = workerData as WorkerInit;
// Options arrive as a copy: frozen, resolveOptions keeps its answer for them instead of checking them a document.
if (want?.options) Object.freeze(want.options);

/**
 * The buffers that can move to the main thread, each once: compact values and keys are always the
 * batch's own (a chunk's documents share two); a sketch's arrays only when they span their buffer
 * (a short sketch may be a view of a buffer the sketcher reuses: that one is copied).
 */
function buffers(r: BatchResult): ArrayBuffer[] {
  const set = new Set<ArrayBuffer>();
  const owned = (a: Float64Array) => {
    if (a.byteOffset === 0 && a.byteLength === a.buffer.byteLength) set.add(a.buffer as ArrayBuffer);
  };
  for (const d of r.results) {
    if ('bad' in d) continue;
    if (d.values) set.add(d.values.buffer as ArrayBuffer);
    if (d.keys) set.add(d.keys.buffer as ArrayBuffer);
    if (d.sketch) {
      owned(d.sketch.min);
      owned(d.sketch.mod);
    }
  }
  return [...set];
}

// The same file serves `cluster`'s second pair-finding thread (./cluster-part.ts).
if (isPartWorker()) servePart();
else
  parentPort?.on('message', (msg: BatchRequest) => {
    let reply: BatchReply;
    let transfer: ArrayBuffer[] = [];
    try {
      const r = sketchJobs(msg.jobs, want, fields);
      const wire = toWire(r);
      const back = msg.jobs.flatMap((j) => (j.kind === 'lines' ? [j.data.buffer as ArrayBuffer] : []));
      transfer = [...(wire ? wireBuffers(wire) : buffers(r)), ...back];
      reply = wire ? { id: msg.id, back, wire } : { id: msg.id, back, ...r };
    } catch (e) {
      reply = { id: msg.id, fatal: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    }
    parentPort?.postMessage(reply, transfer);
  });
