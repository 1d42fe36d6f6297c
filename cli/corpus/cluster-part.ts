// `cluster`'s pair finding on two threads (issue #42): after sketching, the prefix join was 1.4 s of
// one core on 200,000 pages while the other idled. The candidate keys are cut in two ranges of about
// equal work (lib/corpus/corpus-cluster.ts prefixSplit); a worker does the upper range on the columns
// themselves (their chunks are shared memory: nothing is copied) while this thread does the lower one,
// then this thread replays the worker's joins and long runs in order: the clusters are clusterCorpus's.
import { type Worker, parentPort, workerData } from 'node:worker_threads';
import { type CorpusClusterStats, clusterPrefixPart, replayPrefixPart } from '../../lib/corpus/corpus-cluster';
import { BUCKETS, RunLog, prefixCounts, prefixSplit } from '../../lib/corpus/prefix-parts';
import { type ColumnParts, SketchColumns } from '../../lib/corpus/sketch-columns';
import { UnionFind } from '../../lib/sketch/cluster';
import { startWorker, stopWorker } from './worker-pool';

/** Fewer documents than this are clustered on one thread: starting a worker costs about 0.1 s. */
export const PARALLEL_CLUSTER = { minDocs: 50_000 };

/** Value chunks another thread can read in place. */
export const sharedChunk = (values: number): Uint32Array => new Uint32Array(new SharedArrayBuffer(values * 4));

interface PartRequest {
  parts: ColumnParts;
  threshold: number;
  from: number;
  counts: Uint32Array;
}
type PartReply = { log: Int32Array; stats: CorpusClusterStats } | { fatal: string };

/** In the worker (sketch-worker.ts started with `{ cluster: true }`): one range, its log sent back. */
export function servePart(): void {
  parentPort?.once('message', (req: PartRequest) => {
    let reply: PartReply;
    try {
      const cols = SketchColumns.fromParts(req.parts);
      const log = new RunLog();
      const opts = { threshold: req.threshold, candidates: 'prefix' as const };
      const stats = clusterPrefixPart(cols, opts, new UnionFind(cols.count), req.from, BUCKETS, log, req.counts);
      reply = { log: log.view(), stats };
    } catch (e) {
      reply = { fatal: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    }
    parentPort?.postMessage(reply);
  });
}

export const isPartWorker = (): boolean => (workerData as { cluster?: boolean } | null)?.cluster === true;

/**
 * The second thread, started early (while documents are still being sketched: its start is then off
 * the join's path) and used once by `run`; `stop` always.
 */
export class PairThread {
  private readonly worker: Worker;
  private readonly reply: Promise<PartReply>;

  constructor(workerPath: string) {
    this.worker = startWorker(workerPath, { cluster: true });
    this.reply = new Promise<PartReply>((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`clustering worker exited (status ${code})`)));
    });
    this.reply.catch(() => {}); // awaited in run, after this thread's own range
  }

  /** clusterCorpus(cols, prefix at `threshold`) into `uf`, the upper range on this thread's worker. */
  async run(cols: SketchColumns, threshold: number, uf: UnionFind, counted?: Uint32Array): Promise<CorpusClusterStats> {
    const opts = { threshold, candidates: 'prefix' as const };
    // `counted`: prefixCounts made while the documents came (lib/corpus/prefix-parts.ts PrefixCounter).
    const counts = counted ?? prefixCounts(cols, threshold);
    // This thread also replays the log: it takes a little less.
    const split = prefixSplit(counts, 0.47);
    this.worker.postMessage({ parts: cols.parts(), threshold, from: split, counts } satisfies PartRequest);
    const mine = clusterPrefixPart(cols, opts, uf, 0, split, undefined, counts);
    const r = await this.reply;
    if ('fatal' in r) throw new Error(`clustering worker failed: ${r.fatal}`);
    const replayed = replayPrefixPart(cols, opts, uf, r.log);
    const sum = (k: keyof CorpusClusterStats) => mine[k] + r.stats[k] + replayed[k];
    return {
      candidatePairs: sum('candidatePairs'),
      verifiedPairs: sum('verifiedPairs'),
      joinedPairs: mine.joinedPairs + replayed.joinedPairs,
      indexBytes: mine.indexBytes + r.stats.indexBytes,
      passes: mine.passes + r.stats.passes,
      boundedSkips: mine.boundedSkips + replayed.boundedSkips,
    };
  }

  stop(): Promise<void> {
    return stopWorker(this.worker);
  }
}

/** PairThread's run on a thread started for it, and stopped. */
export async function clusterOnTwoThreads(cols: SketchColumns, threshold: number, uf: UnionFind, workerPath: string): Promise<CorpusClusterStats> {
  const t = new PairThread(workerPath);
  try {
    return await t.run(cols, threshold, uf);
  } finally {
    await t.stop();
  }
}
