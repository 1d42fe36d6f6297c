import { resourceUsage } from 'node:process';
import type { CorpusTotals } from './corpus/types';
import { warn } from './output';

/** What `--stats` reports (and `--output json` carries as "stats"): the run's rates and memory per document. */
export interface RunStats {
  documents: number;
  skipped: number;
  bytes: number;
  seconds: number;
  documentsPerSecond: number;
  megabytesPerSecond: number;
  /** The process's peak resident memory (all threads). */
  peakMemoryBytes: number;
  /**
   * Bytes per document: the kept sketches (and SimHash fingerprints), the candidate step, the names, and
   * the peak memory above what the process held before reading (Node's own ~50 MB left out).
   */
  bytesPerDocument: { sketches: number; index: number; names: number; peak: number };
  candidatePairs: number;
  verifiedPairs: number;
  joinedPairs: number;
  /** Comparisons the candidate step's bounds left out (oversized runs: boilerplate, copies, SimHash blocks). */
  boundedSkips: number;
  method: string;
  candidates: string;
  workers: number;
  /** Reading and sketching (streamed), then finding and joining pairs. */
  sketchSeconds: number;
  clusterSeconds: number;
}

export interface StatsParts {
  totals: CorpusTotals;
  sketchBytes: number;
  indexBytes: number;
  nameBytes: number;
  pairs: { candidatePairs: number; verifiedPairs: number; joinedPairs: number; boundedSkips: number };
  /** Resident memory before the corpus was read: peak memory per document is counted above it. */
  baseRss: number;
  method: string;
  candidates: string;
  sketchSeconds: number;
  clusterSeconds: number;
}

/** A string's bytes in V8's heap, roughly: a header and one byte a Latin-1 character, two otherwise. */
export function stringBytes(s: string): number {
  return 16 + (/^[\u0000-\u00ff]*$/.test(s) ? s.length : 2 * s.length);
}

export function runStats(p: StatsParts): RunStats {
  const n = Math.max(1, p.totals.documents);
  const seconds = p.sketchSeconds + p.clusterSeconds;
  const peak = resourceUsage().maxRSS * 1024;
  const round = (x: number) => Number(x.toFixed(1));
  const cents = (x: number) => Number(x.toFixed(2));
  return {
    documents: p.totals.documents,
    skipped: p.totals.skipped,
    bytes: p.totals.bytes,
    seconds: cents(seconds),
    documentsPerSecond: Math.round(p.totals.documents / Math.max(seconds, 1e-6)),
    megabytesPerSecond: round(p.totals.bytes / 1e6 / Math.max(seconds, 1e-6)),
    peakMemoryBytes: peak,
    bytesPerDocument: {
      sketches: round(p.sketchBytes / n),
      index: round(p.indexBytes / n),
      names: round(p.nameBytes / n),
      peak: Math.round(Math.max(0, peak - p.baseRss) / n),
    },
    ...p.pairs,
    method: p.method,
    candidates: p.candidates,
    workers: p.totals.workers,
    sketchSeconds: cents(p.sketchSeconds),
    clusterSeconds: cents(p.clusterSeconds),
  };
}

/** The stats as a few lines on stderr. */
export function printStats(s: RunStats): void {
  const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
  warn(
    `stats: ${s.documents} documents (${s.skipped} skipped), ${mb(s.bytes)} in ${s.seconds} s: ${s.documentsPerSecond} documents/s, ${s.megabytesPerSecond} MB/s, ${s.workers} sketching thread${s.workers === 1 ? '' : 's'}`,
  );
  warn(`stats: reading and sketching ${s.sketchSeconds} s, finding pairs ${s.clusterSeconds} s (${s.method}, ${s.candidates})`);
  const b = s.bytesPerDocument;
  warn(
    `stats: peak memory ${mb(s.peakMemoryBytes)}, ${b.peak} bytes per document above the start; kept per document: sketches ${b.sketches}, index ${b.index}, names ${b.names} bytes`,
  );
  warn(`stats: pairs met ${s.candidatePairs}, compared ${s.verifiedPairs}, joined ${s.joinedPairs}; left out by the bounds ${s.boundedSkips}`);
}
