// `changes`' three outputs, written as the rows come (never all held): JSONL, one JSON document, or a
// table followed by the seed's kind of summary.
import type { ChangeTally } from '../lib/corpus/change-kinds';
import type { ChangeRow } from './changes-run';
import { padEnd, padStart, percentTenths } from './output';
import type { OutputFormat } from './output-format';
import type { RunStats } from './run-stats';
import { ChunkedWriter, JsonArrayDocument } from './stream-output';

export interface ChangeWriter {
  row(r: ChangeRow): void;
  end(tally: ChangeTally, stats?: RunStats): void;
}

/** The summary as `--output json` carries it. */
export function summaryObject(t: ChangeTally) {
  return {
    old: t.old,
    unchanged: t.unchanged,
    slightlyChanged: t.slightlyChanged,
    heavilyChanged: t.heavilyChanged,
    moved: t.moved,
    movedUnchanged: t.movedUnchanged,
    gone: t.gone,
    new: t.added,
    threshold: t.threshold,
  };
}

export function changeWriter(format: OutputFormat, out = new ChunkedWriter()): ChangeWriter {
  if (format === 'jsonl') {
    return {
      row: (r) => out.add(`${JSON.stringify(r)}\n`),
      end: () => out.flush(),
    };
  }
  if (format === 'json') {
    const doc = new JsonArrayDocument('documents', out);
    return {
      row: (r) => doc.item(r),
      end: (t, stats) => doc.end({ summary: summaryObject(t), ...(stats ? { stats } : {}) }),
    };
  }
  out.add(`${padEnd('status', 9)}  resemblance  containment  id\n`);
  const tenthsCell = (x: number | null | undefined) => padStart(x === null || x === undefined ? '' : percentTenths(x), 11);
  return {
    row: (r) => {
      const rc = 'resemblance' in r ? `${tenthsCell(r.resemblance)}  ${tenthsCell(r.containment)}` : `${tenthsCell(null)}  ${tenthsCell(null)}`;
      out.add(`${padEnd(r.status, 9)}  ${rc}  ${r.id}${r.status === 'moved' ? ` → ${r.to}` : ''}\n`);
    },
    end: (t) => {
      for (const line of summaryLines(t)) out.add(`${line}\n`);
      out.flush();
    },
  };
}

/** The share of OLD's documents unchanged, slightly and heavily changed, moved and gone; the new ones. */
export function summaryLines(t: ChangeTally): string[] {
  const n = t.old;
  const share = (k: number) => padStart(n === 0 ? '' : percentTenths(k / n), 6);
  const line = (label: string, k: number, note: string) => `  ${padEnd(label, 17)}${padStart(String(k), 8)}  ${share(k)}  ${note}`;
  const cut = percentTenths(t.threshold);
  return [
    '',
    `${n} OLD documents (threshold ${cut}):`,
    line('unchanged', t.unchanged, 'same id, same text (or every sampled shingle kept)'),
    line('slightly changed', t.slightlyChanged, `same id, resemblance ≥ ${cut} to the version before`),
    line('heavily changed', t.heavilyChanged, `same id, resemblance < ${cut}`),
    line('moved', t.moved, `found by content under another id (${t.movedUnchanged} with the same text)`),
    line('gone', t.gone, `no id and no unmatched NEW document resembling it at ${cut}`),
    `  ${padEnd('new', 17)}${padStart(String(t.added), 8)}  ${padStart('', 6)}  NEW documents nothing matched`,
  ];
}
