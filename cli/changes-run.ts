// `changes`' run (issue #40): NEW is streamed and kept compactly; OLD is streamed against it, each
// document found under its id reported at once and dropped; the rest are kept compactly and looked
// for by content among NEW's unclaimed documents; then the NEW documents nothing matched.
import type { SketchOptions } from '../lib/index';
import { ChangeColumns, type CompactDoc, docContainment, docOf, docResemblance } from '../lib/corpus/change-columns';
import { type ChangeStatus, ChangeTally, sameOrChanged } from '../lib/corpus/change-kinds';
import { matchMoved } from '../lib/corpus/match-moved';
import type { Side } from './changes-sides';
import { sketchCorpus } from './corpus/pipeline';
import type { CorpusOptions, CorpusTotals, SketchedDoc } from './corpus/types';
import { warn } from './output';
import { type RunStats, runStats, stringBytes } from './run-stats';

/** One line of the output: the JSON contract's fields, in its order. */
export type ChangeRow =
  | { id: string; status: Exclude<ChangeStatus, 'moved' | 'new'>; resemblance: number | null; containment: number | null }
  | { id: string; status: 'moved'; to: string; resemblance: number; containment: number }
  | { id: string; status: 'new' };

/** A Map entry's bytes in V8, roughly (key and value slots with the table's slack): for --stats. */
const MAP_ENTRY_BYTES = 40;

function compact(d: SketchedDoc, size: number): CompactDoc {
  const values = d.values as Uint32Array;
  return { values, start: 0, length: values.length, complete: (d.whole?.distinct ?? Infinity) <= size };
}

function addDoc(cols: ChangeColumns, d: SketchedDoc): number {
  const w = d.whole ?? { whole: Number.NaN, tokens: 0, distinct: Number.MAX_SAFE_INTEGER };
  return cols.add(d.values as Uint32Array, w.whole, w.tokens, Math.min(w.distinct, 0xffffffff));
}

function sumTotals(a: CorpusTotals, b: CorpusTotals): CorpusTotals {
  return {
    documents: a.documents + b.documents,
    skipped: a.skipped + b.skipped,
    bytes: a.bytes + b.bytes,
    seconds: a.seconds + b.seconds,
    workers: Math.max(a.workers, b.workers),
  };
}

export async function runChanges(
  [oldSide, newSide]: [Side, Side],
  options: SketchOptions,
  opts: CorpusOptions,
  threshold: number,
  row: (r: ChangeRow) => void,
): Promise<{ tally: ChangeTally; stats: RunStats }> {
  const s = options.size;
  const want = { options, form: 'compact' as const, simhash: false, whole: true };
  const tally = new ChangeTally(threshold);
  const emit = (r: ChangeRow) => {
    tally.add(r.status, 'resemblance' in r ? (r.resemblance ?? 0) : 0);
    row(r);
  };
  const started = performance.now();
  const baseRss = process.memoryUsage.rss();
  let nameBytes = 0;

  const next = new ChangeColumns(s);
  const newIds: string[] = [];
  const byId = new Map<string, number>();
  let repeated = 0;
  const newRun = sketchCorpus(newSide.spec, want, { ...opts, label: 'sketching NEW', stdin: newSide.stdin ?? opts.stdin });
  for await (const d of newRun.docs) {
    const id = newSide.id(d.name);
    const j = addDoc(next, d);
    newIds.push(id);
    nameBytes += stringBytes(id) + 8;
    if (byId.has(id)) repeated++;
    else byId.set(id, j);
  }

  const taken = new Uint8Array(next.count);
  const rest = new ChangeColumns(s);
  const restIds: string[] = [];
  let byIdPairs = 0;
  const oldRun = sketchCorpus(oldSide.spec, want, { ...opts, label: 'sketching OLD', stdin: oldSide.stdin ?? opts.stdin });
  for await (const d of oldRun.docs) {
    const id = oldSide.id(d.name);
    const j = byId.get(id);
    if (j === undefined || taken[j]) {
      if (j !== undefined) repeated++;
      addDoc(rest, d);
      restIds.push(id);
      nameBytes += stringBytes(id) + 8;
      continue;
    }
    taken[j] = 1;
    byIdPairs++;
    const x = compact(d, s);
    const y = docOf(next, j);
    const r = docResemblance(x, y, s);
    const same = d.whole !== undefined && d.whole.whole === next.wholeOf(j) && d.whole.tokens === next.tokensOf(j);
    emit({ id, status: sameOrChanged(same, r), resemblance: same ? 1 : r, containment: same ? 1 : docContainment(x, y, s) });
  }
  if (repeated > 0) warn(`${repeated} documents repeat an id already read on their side; they were matched by content only`);
  const sketched = performance.now();

  const moves = matchMoved(rest, next, { threshold, taken });
  for (let i = 0; i < rest.count; i++) {
    const j = moves.target[i];
    if (j < 0) emit({ id: restIds[i], status: 'gone', resemblance: null, containment: null });
    else {
      taken[j] = 1;
      const containment = docContainment(docOf(rest, i), docOf(next, j), s);
      emit({ id: restIds[i], status: 'moved', to: newIds[j], resemblance: moves.resemblance[i], containment });
    }
  }
  for (let j = 0; j < next.count; j++) if (!taken[j]) emit({ id: newIds[j], status: 'new' });
  const done = performance.now();

  const ms = moves.stats;
  const stats = runStats({
    totals: sumTotals(oldRun.totals(), newRun.totals()),
    sketchBytes: next.bytes + rest.bytes,
    indexBytes: ms.indexBytes + byId.size * MAP_ENTRY_BYTES + taken.byteLength,
    nameBytes,
    pairs: {
      candidatePairs: byIdPairs + ms.candidatePairs,
      verifiedPairs: byIdPairs + ms.verifiedPairs,
      joinedPairs: byIdPairs + ms.matched,
      boundedSkips: ms.boundedSkips,
    },
    baseRss,
    method: 'minhash',
    candidates: 'prefix',
    sketchSeconds: (sketched - started) / 1000,
    clusterSeconds: (done - sketched) / 1000,
  });
  return { tally, stats };
}
