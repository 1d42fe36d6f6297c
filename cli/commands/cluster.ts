import {
  BandKeys,
  CandidateIndex,
  SUPER_SHINGLES,
  SimHashColumns,
  SketchColumns,
  UnionFind,
  clusterByThreshold,
  clusterCorpus,
  simhashPairs,
} from '../../lib/index';
import { SIMHASH_MAX_RUN } from '../../lib/corpus/simhash-index';
import { fractionOption } from '../args';
import type { Command } from '../command';
import { CORPUS_HELP, CORPUS_OPTIONS, corpusOptions, corpusSpec, hasCorpus } from '../corpus-args';
import { PrefixCounter } from '../../lib/corpus/prefix-parts';
import { PARALLEL_CLUSTER, PairThread, sharedChunk } from '../corpus/cluster-part';
import { sketchCorpus } from '../corpus/pipeline';
import { findWorker } from '../corpus/worker-pool';
import { UsageError } from '../errors';
import { type MethodChoice, METHOD_HELP, methodChoice, resolveCandidates } from '../method-options';
import { count, percentTenths, warn } from '../output';
import { JsonArrayDocument, writeLinesChunked } from '../stream-output';
import { OUTPUT_HELP, outputFormat, writeJsonLine } from '../output-format';
import { type RunStats, printStats, runStats, stringBytes } from '../run-stats';
import type { SketchedFile } from '../sketch-files';
import { sketchOptions } from '../sketch-options';
import { SKETCHES_HELP, clusterShards, sketchesArgs } from './cluster-sketches';

const USAGE = 'cluster [FILES|DIRS...] [--jsonl F] [--files-from F] [--sketches] [--threshold T] [--method M] [--stats] [--json | --output F]';
const DEFAULT_THRESHOLD = 0.5;

export const cluster: Command = {
  name: 'cluster',
  summary: 'group documents whose resemblance reaches a threshold',
  usage: USAGE,
  options: {
    flags: ['stats', 'sketches', ...CORPUS_OPTIONS.flags],
    values: ['threshold', 'method', 'candidates', 'bits', 'output', ...CORPUS_OPTIONS.values],
    repeatable: CORPUS_OPTIONS.repeatable,
  },
  help: `Groups the documents so that any two whose estimated resemblance is at least T are in one group,
transitively (single-link clustering). Similar pairs are found through a candidate step over the
sketches, not by comparing all pairs. Every document appears in exactly one group (a file given
twice is listed once); a document like no other is a group of its own. Documents within a group
keep their input order; groups are ordered by their first document.

Options:
  --threshold T  resemblance needed to join two documents, a fraction in (0, 1] (default ${DEFAULT_THRESHOLD});
                 min-hash methods only
${METHOD_HELP}
${SKETCHES_HELP}
  --stats        print on stderr documents, bytes, time, rates, peak memory and bytes per document
                 (with --output json also as "stats" in the JSON)
${OUTPUT_HELP}
  --json         print {"clusters": [[name, ...], ...]} (names: paths, or JSONL ids)
                 --output jsonl prints one line a cluster: {"cluster": k, "size": n, "members": [name, ...]}

${CORPUS_HELP}`,

  async run(args) {
    const spec = corpusSpec(args, args.positionals, 'cluster');
    if (!hasCorpus(spec)) throw new UsageError(`missing documents; usage: resemble ${USAGE}`, 'cluster');
    const choice = methodChoice(args, 'cluster');
    if (choice.method === 'simhash' && args.values.has('threshold')) {
      throw new UsageError('--threshold applies to the min-hash methods; SimHash takes --bits', 'cluster');
    }
    const threshold = fractionOption(args, 'threshold', DEFAULT_THRESHOLD, 'cluster');
    const format = outputFormat(args, 'cluster');
    const options = sketchOptions(args, 'cluster');
    const { clusters, stats } = args.flags.has('sketches')
      ? await clusterShards(sketchesArgs(args, choice, USAGE), args, choice, threshold)
      : await clusterCorpusRun(spec, options, corpusOptions(args, 'cluster'), choice, threshold);
    if (args.flags.has('stats')) printStats(stats);
    if (stats.documents === 0) warn('no documents were read (an empty input, or --include matched nothing)');
    if (format === 'json') {
      const doc = new JsonArrayDocument('clusters');
      for (const c of clusters) doc.item(c);
      doc.end(args.flags.has('stats') ? { stats } : {});
      return;
    }
    if (format === 'jsonl') {
      clusters.forEach((members, k) => writeJsonLine({ cluster: k + 1, size: members.length, members }));
      return;
    }
    writeLinesChunked(textLines(clusters, stats, choice, threshold));
  },
};

function* textLines(clusters: string[][], stats: RunStats, choice: MethodChoice, threshold: number): Generator<string> {
  const multi = clusters.filter((c) => c.length > 1).length;
  const rule = choice.method === 'simhash' ? `SimHash within ${count(choice.bits, 'bit')}` : `resemblance ≥ ${percentTenths(threshold)}`;
  const also = choice.method === 'combined' ? ` and SimHash within ${count(choice.bits, 'bit')}` : '';
  yield `${count(stats.documents, 'document')} in ${count(clusters.length, 'cluster')} at ${rule}${also}; ${multi} with more than one document`;
  for (let k = 0; k < clusters.length; k++) {
    yield '';
    yield `cluster ${k + 1} (${count(clusters[k].length, 'document')})`;
    for (const f of clusters[k]) yield `  ${f}`;
  }
}

/**
 * Streams the corpus into compact columns (the sketch's MIN_s values, super shingles, SimHash
 * fingerprints: only what the method needs), then finds and joins the pairs.
 */
async function clusterCorpusRun(
  spec: Parameters<typeof sketchCorpus>[0],
  options: ReturnType<typeof sketchOptions>,
  opts: ReturnType<typeof corpusOptions>,
  choice: MethodChoice,
  threshold: number,
): Promise<{ clusters: string[][]; stats: RunStats }> {
  const minhash = choice.method !== 'simhash';
  const superOpts = minhash && choice.candidates === 'super' ? SUPER_SHINGLES : undefined;
  const run = sketchCorpus(spec, { options, form: 'compact', simhash: !minhash || choice.method === 'combined', superShingles: superOpts }, opts);
  const started = performance.now();
  const baseRss = process.memoryUsage.rss();
  const names: string[] = [];
  let nameBytes = 0;
  // Shared memory when a second thread may find pairs in them (./corpus/cluster-part.ts).
  const cols = opts.workers > 1 ? new SketchColumns(options.size, undefined, sharedChunk) : new SketchColumns(options.size);
  const keys = superOpts ? new BandKeys(superOpts.bands) : undefined;
  const hashes = minhash && choice.method !== 'combined' ? undefined : new SimHashColumns();
  // The prefix join's second thread, started once the corpus is large enough for it (./corpus/cluster-part.ts).
  const pairsApart = minhash && choice.method !== 'combined' && choice.candidates !== 'super' && opts.workers > 1;
  let second: PairThread | undefined;
  const counter = pairsApart ? new PrefixCounter(threshold) : undefined;
  try {
    for await (const batch of run.batches) {
      for (const d of batch) {
        names.push(d.name);
        nameBytes += stringBytes(d.name) + 8;
        if (minhash) cols.add(d.values as Uint32Array);
        counter?.add(d.values as Uint32Array);
        if (keys) keys.add(d.keys as Uint32Array);
        if (hashes && d.simhash) hashes.add(d.simhash);
      }
      if (pairsApart && !second && names.length >= PARALLEL_CLUSTER.minDocs && resolveCandidates(choice.candidates, names.length) === 'prefix') {
        const path = findWorker(opts.workerPath);
        if (path) second = new PairThread(path);
      }
    }
    const sketched = performance.now();
    const uf = new UnionFind(names.length);
    let pairs = { candidatePairs: 0, verifiedPairs: 0, joinedPairs: 0, boundedSkips: 0 };
    let indexBytes = 0;
    let chosen: string = 'permuted tables';
    if (minhash) {
      const accept = hashes ? (i: number, j: number) => hashes.distance(i, j) <= choice.bits : undefined;
      // Keys made by the workers when super shingles were asked for; computed here, band by band, when auto chose them.
      const candidates = resolveCandidates(choice.candidates, names.length);
      chosen = candidates;
      const st =
        second && candidates === 'prefix' && !accept
          ? await second.run(cols, threshold, uf, counter?.counts)
          : clusterCorpus(cols, { threshold, candidates, keys, accept }, uf);
      pairs = { candidatePairs: st.candidatePairs, verifiedPairs: st.verifiedPairs, joinedPairs: st.joinedPairs, boundedSkips: st.boundedSkips };
      indexBytes = st.indexBytes;
    } else if (hashes) {
      let joined = 0;
      const st = simhashPairs(hashes, choice.bits, (i, j) => {
        joined++;
        uf.union(i, j);
      });
      pairs = { candidatePairs: st.candidatePairs, verifiedPairs: st.verifiedPairs, joinedPairs: joined, boundedSkips: st.skippedPairs ?? 0 };
      if (pairs.boundedSkips > 0) {
        warn(
          `SimHash: ${pairs.boundedSkips} comparisons were left out (more than ${SIMHASH_MAX_RUN} documents agree on a ${Math.floor(64 / (choice.bits + 1))}-bit block), so pairs may be missed; fewer --bits finds every pair`,
        );
      }
      indexBytes = st.indexBytes;
    }
    const clusters = uf.groupsOf((i) => names[i]);
    const done = performance.now();
    const stats = runStats({
      totals: run.totals(),
      sketchBytes: (minhash ? cols.bytes : 0) + (hashes?.bytes ?? 0) + (keys?.bytes ?? 0),
      indexBytes,
      nameBytes,
      pairs,
      baseRss,
      method: choice.method,
      candidates: chosen,
      sketchSeconds: (sketched - started) / 1000,
      clusterSeconds: (done - sketched) / 1000,
    });
    return { clusters, stats };
  } finally {
    await second?.stop();
  }
}

/**
 * Groups of positions in `sketched` (whole sketches, for callers that hold them): each sketch is
 * looked up in an index of the ones before it (pairs at or above the threshold, each pair once),
 * then added; union-find joins the pairs.
 */
export function clusterSketches(sketched: readonly SketchedFile[], threshold: number): number[][] {
  const index = new CandidateIndex<number>(threshold);
  const pairs: [number, number, number][] = [];
  sketched.forEach((f, i) => {
    for (const m of index.query(f.sketch, threshold)) pairs.push([m.key, i, m.resemblance]);
    index.add(i, f.sketch);
  });
  return clusterByThreshold(sketched.length, pairs, threshold);
}
