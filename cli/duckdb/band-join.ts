// The candidate step and its checks in SQL (issue #42), out of core in DuckDB, with the same clusters
// as lib/corpus/corpus-cluster.ts gives in memory. The pairs are what the in-memory step compares:
// documents sharing a key (a super shingle of one band, or a value of their prefix) in a run of at most
// the exact bound; each is checked once, at the first key it shares, by the estimate on the compact
// values written in SQL (./band-join-sql.ts). Longer runs (boilerplate) are bounded by their
// representatives, which depends on what was joined before: they come back in key order among the
// passing pairs, and are played here with lib's own code, so single link ends where it ends in memory.
import { type UnionFind, prefixLength } from '../../lib/index';
import { EXACT_RUN, MAX_REPS, PREFIX_EXACT_RUN, boundedRun } from '../../lib/corpus/corpus-cluster';
import { resemblesAtLeast } from '../../lib/corpus/sketch-columns';
import type { DuckSession } from './session';
import { entriesSql, eventsSql, passingSql } from './band-join-sql';

export interface BandJoinStats {
  candidatePairs: number;
  verifiedPairs: number;
  joinedPairs: number;
  boundedSkips: number;
}

/** Joins in `uf` the documents of table `docs` that the candidate step finds at `threshold`. */
export async function bandJoin(duck: DuckSession, size: number, threshold: number, candidates: 'prefix' | 'super', uf: UnionFind): Promise<BandJoinStats> {
  const con = duck.con;
  const bound = candidates === 'super' ? EXACT_RUN : PREFIX_EXACT_RUN;
  // prefixLength for every sketch length, as a list the SQL indexes (1-based) by len(min).
  const prefix = Array.from({ length: size }, (_, k) => prefixLength(k + 1, threshold));
  for (const sql of entriesSql(candidates, prefix, bound)) await con.run(sql);
  for (const sql of passingSql(size, threshold)) await con.run(sql);
  const counts = (
    await con.runAndReadAll(
      'SELECT (SELECT coalesce(sum(m * (m - 1) // 2), 0) FROM runs)::DOUBLE, (SELECT count(*) FROM cand)::DOUBLE, (SELECT count(*) FROM passing)::DOUBLE',
    )
  ).getRows()[0];
  const stats: BandJoinStats = { candidatePairs: Number(counts[0]), verifiedPairs: Number(counts[1]), joinedPairs: Number(counts[2]), boundedSkips: 0 };
  // The long runs' members' values, for the bounded comparisons (none on most corpora).
  const values = new Map<number, Uint32Array>();
  const long = await con.stream('SELECT doc, min FROM docs WHERE doc IN (SELECT doc FROM long_entries)');
  for (let c = await long.fetchChunk(); c && c.rowCount > 0; c = await long.fetchChunk()) {
    const docs = c.getColumnValues(0) as number[];
    const mins = c.getColumnValues(1) as { items: number[] }[];
    docs.forEach((d, k) => values.set(d, Uint32Array.from(mins[k].items)));
  }
  const verify = (i: number, j: number): boolean => {
    const x = values.get(i) as Uint32Array;
    const y = values.get(j) as Uint32Array;
    stats.verifiedPairs++;
    if (!resemblesAtLeast(x, 0, x.length, y, 0, y.length, size, threshold)) return false;
    uf.union(i, j);
    stats.joinedPairs++;
    return true;
  };
  const reps = new Int32Array(MAX_REPS);
  const events = await con.stream(eventsSql());
  for (let c = await events.fetchChunk(); c && c.rowCount > 0; c = await events.fetchChunk()) {
    const is = c.getColumnValues(0) as (number | null)[];
    const js = c.getColumnValues(1) as (number | null)[];
    const runs = c.getColumnValues(2) as ({ items: number[] } | null)[];
    for (let k = 0; k < c.rowCount; k++) {
      const run = runs[k];
      if (run === null) uf.union(is[k] as number, js[k] as number);
      else stats.boundedSkips += boundedRun((q) => run.items[q], 0, run.items.length, uf, verify, reps);
    }
  }
  return stats;
}
