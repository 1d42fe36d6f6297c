// Worker thread entry (bundled to dist/resemble-worker.mjs by scripts/build-cli.mjs): sketches the
// batches the pipeline posts and posts back their results, typed arrays transferred, not copied.
import { parentPort, workerData } from 'node:worker_threads';
import { type Job, type JobFields, type JobResult, sketchJob } from './sketch-job';
import type { WantedSketch } from './types';

export interface WorkerInit {
  want: WantedSketch;
  fields: JobFields;
}
export interface BatchRequest {
  id: number;
  jobs: Job[];
}
export type BatchReply = { id: number; results: JobResult[] } | { id: number; fatal: string };

const { want, fields } = workerData as WorkerInit;

/** Buffers that can move to the main thread: the result's own arrays (a view of a shared buffer is copied). */
function owned(a: Float64Array | Uint32Array, transfer: ArrayBuffer[]): void {
  if (a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && !transfer.includes(a.buffer as ArrayBuffer)) {
    transfer.push(a.buffer as ArrayBuffer);
  }
}

parentPort?.on('message', (msg: BatchRequest) => {
  let reply: BatchReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const results = msg.jobs.map((job) => sketchJob(job, want, fields));
    for (const r of results) {
      if ('bad' in r) continue;
      if (r.values) owned(r.values, transfer);
      if (r.keys) owned(r.keys, transfer);
      if (r.sketch) {
        owned(r.sketch.min, transfer);
        owned(r.sketch.mod, transfer);
      }
    }
    reply = { id: msg.id, results };
  } catch (e) {
    reply = { id: msg.id, fatal: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort?.postMessage(reply, transfer);
});
