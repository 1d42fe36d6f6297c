/**
 * The seed's job (Broder, Glassman, Manasse and Zweig, "Syntactic Clustering of the Web", 1997:
 * 30,000,000 documents, 150 Gbytes, "about 5k per document"; sketching 4.6 CPU-days of a total of
 * ~10.5 CPU-days) projected from one measured corpus run.
 *
 * Model: sketching (reading, parsing, hashing) scales with bytes; the clustering step (candidate pairs
 * from super shingles, sorting, verification) with n log n; the rest of the wall time (start, output)
 * with n. CPU time keeps the run's CPU seconds per wall second. Memory: the bytes kept per document
 * (sketches, index, names) times 30 M plus a fixed part, the measured peak minus what n documents keep;
 * `upperBytes`, the peak per document times 30 M, charges the fixed part per document too.
 */
export const PAPER = Object.freeze({ documents: 30_000_000, bytes: 150e9, cpuDays: 10.5, sketchCpuDays: 4.6 });

export interface Measured {
  documents: number;
  bytes: number;
  sketchSeconds: number;
  clusterSeconds: number;
  wallSeconds: number;
  cpuSeconds: number;
  peakBytes: number;
  keptBytesPerDoc: number;
  workers: number;
}

export function projectJob(m: Measured, job: { documents: number; bytes: number } = PAPER) {
  const nlogn = (n: number) => n * Math.log(n);
  const clusterScale = nlogn(job.documents) / nlogn(m.documents);
  const sketchHours = (m.sketchSeconds * (job.bytes / m.bytes)) / 3600;
  const clusterHours = (m.clusterSeconds * clusterScale) / 3600;
  const otherHours = (Math.max(0, m.wallSeconds - m.sketchSeconds - m.clusterSeconds) * (job.documents / m.documents)) / 3600;
  const hours = sketchHours + clusterHours + otherHours;
  const cpuDays = ((m.cpuSeconds / m.wallSeconds) * hours * 3600) / 86400;
  // On a machine shared with other work the CLI gets less than its threads: the wall time if it had
  // all `workers` cores (CPU-bound: projected CPU time spread over them; an estimate, not a measure).
  const hoursAllCores = (cpuDays * 24) / m.workers;
  const fixedBytes = Math.max(0, m.peakBytes - m.keptBytesPerDoc * m.documents);
  return {
    sketchHours,
    clusterHours,
    otherHours,
    hours,
    hoursAllCores,
    cpuDays,
    clusterScale,
    keptBytesPerDoc: m.keptBytesPerDoc,
    fixedBytes,
    bytes: fixedBytes + m.keptBytesPerDoc * job.documents,
    upperBytes: (m.peakBytes / m.documents) * job.documents,
  };
}
