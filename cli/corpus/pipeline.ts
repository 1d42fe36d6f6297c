// The corpus pipeline (issue #31): sources → batches → sketching threads → results in input order.
// Memory stays flat: at most IN_FLIGHT_PER_WORKER batches per thread are out at a time, and a
// document's text is dropped once sketched; only what WantedSketch asks for comes back.
import { statSync } from 'node:fs';
import { InputError } from '../errors';
import { RateProgress } from '../progress';
import { cutNote, readCap } from '../read-limited';
import { type BatchResult, type Job, isBad } from './sketch-job';
import { sketchJobs } from './sketch-lines';
import { SketchPool, findWorker } from './worker-pool';
import { BufferPool } from './buffer-pool';
import { MAX_LINE_BYTES } from './jsonl-lines';
import { type Stdin, corpusJobs, planFiles } from './sources';
import type { CorpusOptions, CorpusSpec, CorpusTotals, SketchedDoc, WantedSketch } from './types';

/**
 * A batch closes at this many documents or this many bytes (a file counts FILE_WEIGHT: its size is
 * unknown); JSONL goes in chunks of whole lines of about BATCH_BYTES, one a batch.
 */
const BATCH_DOCS = 128;
const BATCH_BYTES = 1 << 20;
const FILE_WEIGHT = 16 * 1024;
/** Unusable documents listed with --skip-bad; the rest are only counted. */
export const MAX_WARNINGS = 20;
/** Batches out per thread: enough that no thread waits for the next while the main thread reads. */
const IN_FLIGHT_PER_WORKER = 3;
/**
 * Smaller inputs are sketched on the main thread: a thread costs ~0.1 s to start and ~0.3 s of cold
 * (unoptimized) sketching, more than a few hundred small documents take warm. JSONL from standard
 * input, of unknown size, always uses the threads. Tests lower these to run a small corpus on threads.
 */
export const PARALLEL_MIN = { files: 256, jsonlBytes: 4 << 20 };

function parallelWorth(spec: CorpusSpec, files: number): boolean {
  if (files >= PARALLEL_MIN.files || spec.jsonl === '-') return true;
  if (spec.jsonl === undefined) return false;
  try {
    return statSync(spec.jsonl).size >= PARALLEL_MIN.jsonlBytes;
  } catch {
    return false; // reported when read
  }
}

async function* batches(jobs: AsyncIterable<Job>): AsyncGenerator<Job[]> {
  let batch: Job[] = [];
  let weight = 0;
  for await (const job of jobs) {
    batch.push(job);
    weight += job.kind === 'lines' || job.kind === 'bytes' ? job.data.byteLength : FILE_WEIGHT;
    if (batch.length >= BATCH_DOCS || weight >= BATCH_BYTES) {
      yield batch;
      batch = [];
      weight = 0;
    }
  }
  if (batch.length) yield batch;
}

/** Results of `jobs` in order, batch by batch, sketched by `pool` with at most `inFlight` batches out. */
async function* pooled(jobs: AsyncIterable<Job>, pool: SketchPool, inFlight: number): AsyncGenerator<BatchResult> {
  const it = batches(jobs);
  const out: Promise<BatchResult>[] = [];
  let ended = false;
  try {
    for (;;) {
      while (!ended && out.length < inFlight) {
        const next = await it.next();
        if (next.done) ended = true;
        else {
          const p = pool.run(next.value);
          p.catch(() => {}); // awaited in order below; a failure must not surface as unhandled first
          out.push(p);
        }
      }
      const head = out.shift();
      if (!head) return;
      yield await head;
    }
  } finally {
    await it.return(undefined);
  }
}

async function* onMainThread(jobs: AsyncIterable<Job>, want: WantedSketch, spec: CorpusSpec, pool: BufferPool): AsyncGenerator<BatchResult> {
  for await (const job of jobs) {
    const r = sketchJobs([job], want, spec);
    if (job.kind === 'lines') pool.put(job.data.buffer as ArrayBuffer);
    yield r;
  }
}

/**
 * The documents of `spec`, read, sketched (on `workers` threads) and yielded in input order; only the
 * sketches are kept. An unusable document throws its InputError (exit status 1) unless `skipBad`.
 * `totals()` is final once iteration has ended.
 */
export function sketchCorpus(
  spec: CorpusSpec,
  want: WantedSketch,
  opts: CorpusOptions,
): { docs: AsyncIterable<SketchedDoc>; batches: AsyncIterable<SketchedDoc[]>; totals: () => CorpusTotals } {
  const totals: CorpusTotals = { documents: 0, skipped: 0, bytes: 0, seconds: 0, workers: 1 };
  const stdin: Stdin = opts.stdin ?? process.stdin;
  const stderr = opts.stderr ?? process.stderr;

  // A batch's documents at once: a promise and a turn of the event loop a document cost the main
  // thread, which the sketching threads share the cores with, a tenth of a second on 200,000 pages.
  async function* run(): AsyncGenerator<SketchedDoc[]> {
    const started = performance.now();
    const progress = new RateProgress(opts.label, opts.progress || stderr.isTTY === true, stderr);
    let pool: SketchPool | undefined;
    let cut = 0;
    try {
      const plan = await planFiles(spec, stdin, opts.progress || stderr.isTTY === true, opts.command);
      progress.totalBytes = plan.bytes;
      if (spec.jsonl === undefined) progress.totalDocs = plan.entries.length;
      const worker = opts.workers > 1 && parallelWorth(spec, plan.entries.length) ? findWorker(opts.workerPath) : undefined;
      const inFlight = worker ? IN_FLIGHT_PER_WORKER * opts.workers : 0;
      const buffers = new BufferPool(BATCH_BYTES + (BATCH_BYTES >> 2), inFlight + 2);
      const jobs = corpusJobs(spec, plan, stdin, {
        maxLineBytes: MAX_LINE_BYTES,
        maxDocBytes: readCap(want.options.maxChars),
        chunkBytes: BATCH_BYTES,
        pool: buffers,
      });
      let results: AsyncIterable<BatchResult>;
      if (worker) {
        pool = new SketchPool(worker, opts.workers, { want, fields: { idField: spec.idField, textField: spec.textField } }, (b) => buffers.put(b));
        totals.workers = opts.workers;
        results = pooled(jobs, pool, inFlight);
      } else {
        results = onMainThread(jobs, want, spec, buffers);
      }
      let seq = 0;
      for await (const batch of results) {
        totals.bytes += batch.blank;
        const good: SketchedDoc[] = [];
        for (const r of batch.results) {
          // Numbered here, in input order: a JSONL chunk's thread cannot know how many came before.
          r.seq = seq++;
          totals.bytes += r.bytes;
          if (isBad(r)) {
            const err = new InputError(r.bad, r.reason);
            if (!opts.skipBad) {
              if (good.length) yield good; // the documents before it are given first, as one by one
              throw err;
            }
            totals.skipped++;
            // A binary file given as --jsonl has thousands of bad lines: list the first few only.
            if (totals.skipped <= MAX_WARNINGS) progress.note(`resemble: ${err.message} (skipped)`);
            else if (totals.skipped === MAX_WARNINGS + 1) progress.note('resemble: further unusable documents are not listed');
          } else {
            totals.documents++;
            if (r.cut !== undefined) {
              // r.bytes is a regular file's whole size (more than was read); a pipe's is what was read.
              if (++cut <= MAX_WARNINGS) progress.note(`resemble: ${cutNote(r.name, r.cut, r.bytes > r.cut ? r.bytes : undefined)}`);
              else if (cut === MAX_WARNINGS + 1) progress.note('resemble: further documents longer than the read limit are not listed');
            }
            good.push(r);
          }
        }
        progress.update(totals.documents + totals.skipped, totals.bytes);
        if (good.length) yield good;
      }
    } finally {
      progress.clear();
      await pool?.close();
      totals.seconds = (performance.now() - started) / 1000;
    }
  }

  const batches = run();
  async function* docs(): AsyncGenerator<SketchedDoc> {
    for await (const batch of batches) yield* batch;
  }
  return { docs: docs(), batches, totals: () => ({ ...totals }) };
}
