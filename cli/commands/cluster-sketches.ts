// `resemble cluster --sketches SHARD…` (issue #42): clusters from Parquet shards written by
// `resemble sketch --output parquet`, without the texts. DuckDB reads the shards and does the band join
// out of core (../duckdb/band-join.ts); only the names and the union-find are held here.
import { statSync } from 'node:fs';
import { UnionFind } from '../../lib/index';
import type { ParsedArgs } from '../args';
import { bandJoin } from '../duckdb/band-join';
import { openDuck } from '../duckdb/session';
import { loadShards } from '../duckdb/shards';
import { InputError, UsageError } from '../errors';
import { type MethodChoice, resolveCandidates } from '../method-options';
import { type RunStats, runStats, stringBytes } from '../run-stats';
import { SKETCH_VALUE_OPTIONS } from '../sketch-options';

export const SKETCHES_HELP = `  --sketches     the FILES are Parquet shards of sketches ('resemble sketch --output parquet'), read in
                 the order given, not texts: DuckDB (npm package @duckdb/node-api; exit status 4
                 without it) joins their bands out of core, and the clusters are those the texts give
                 with the same --threshold and --candidates; min-hash only`;

/** The command line's checks for --sketches: shards only, and a min-hash method. */
export function sketchesArgs(args: ParsedArgs, choice: MethodChoice, usage: string): string[] {
  const other = ['jsonl', 'files-from', 'include', 'exclude', 'id-field', 'text-field'].find((k) => args.values.has(k));
  if (other) throw new UsageError(`--sketches reads Parquet shards, not --${other}`, 'cluster');
  if (choice.method !== 'minhash') throw new UsageError('--sketches clusters by min-hash only (the shards hold no SimHash)', 'cluster');
  if (args.positionals.length === 0) throw new UsageError(`missing the Parquet shards; usage: resemble ${usage}`, 'cluster');
  if (args.positionals.includes('-')) throw new UsageError('--sketches reads Parquet files, not standard input', 'cluster');
  return args.positionals;
}

/** Clusters the shards' documents; the sketch options given must be the shards'. */
export async function clusterShards(
  files: string[],
  args: ParsedArgs,
  choice: MethodChoice,
  threshold: number,
): Promise<{ clusters: string[][]; stats: RunStats }> {
  const started = performance.now();
  const baseRss = process.memoryUsage.rss();
  const duck = await openDuck();
  try {
    const meta = await loadShards(duck, files);
    const given: Record<string, number> = { shingle: meta.shingle, sketch: meta.size, seed: meta.seed };
    for (const opt of SKETCH_VALUE_OPTIONS) {
      const v = args.values.get(opt);
      if (v !== undefined && Number(v) !== given[opt]) throw new InputError(files[0], `sketched with --${opt} ${given[opt]}, not ${v}`);
    }
    const names: string[] = [];
    let nameBytes = 0;
    const ids = await duck.con.stream('SELECT id FROM docs ORDER BY doc');
    for (let c = await ids.fetchChunk(); c && c.rowCount > 0; c = await ids.fetchChunk()) {
      for (const id of c.getColumnValues(0) as string[]) {
        names.push(id);
        nameBytes += stringBytes(id) + 8;
      }
    }
    const read = performance.now();
    const candidates = resolveCandidates(choice.candidates, names.length);
    const uf = new UnionFind(names.length);
    const pairs = await bandJoin(duck, meta.size, threshold, candidates, uf);
    const clusters = uf.groups().map((g) => g.map((i) => names[i]));
    const done = performance.now();
    let bytes = 0;
    for (const f of files) bytes += statSync(f).size;
    const stats = runStats({
      totals: { documents: names.length, skipped: 0, bytes, seconds: (done - started) / 1000, workers: 1 },
      sketchBytes: 0,
      indexBytes: 0,
      nameBytes,
      pairs,
      baseRss,
      method: choice.method,
      candidates: `${candidates} (DuckDB)`,
      sketchSeconds: (read - started) / 1000,
      clusterSeconds: (done - read) / 1000,
    });
    return { clusters, stats };
  } finally {
    duck.close();
  }
}
