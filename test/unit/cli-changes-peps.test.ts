/**
 * Issue #40, measured: `resemble changes` on ../shared's PEP history (corpora/python-peps-history: 116
 * PEPs as of 2009 (old/), 2018 (mid/) and 2026 (new/, every file moved to peps/*.rst, plus PEPs written
 * since). PAIRS.tsv gives each document's path in the next snapshot and the word-5 Jaccard of the two
 * versions. For each snapshot pair: the documents found where PAIRS.tsv says (by id, or moved there),
 * found elsewhere (wrong), or not found; and the estimated resemblance against PAIRS.tsv's Jaccard and
 * against the exact resemblance of the same shingles (lib's shingleSet). docs/methods.md holds the
 * figures this prints.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exactResemblance, shingleSet } from '../../lib/index';
import { SHARED_ABSENT_TEST, hasShared, readSharedText, repoRoot, sharedPath, warnSharedAbsent } from './helpers/shared';

const CORPUS = 'corpora/python-peps-history';
const OPTS = { shingle: 5, size: 128, seed: 0 }; // the CLI's defaults
const BANDS = [0, 0.5, 0.8, 0.95, 1.01];

interface Row {
  id: string;
  status: string;
  to?: string;
  resemblance: number | null;
  containment: number | null;
}
interface Measure {
  pairs: number;
  right: number;
  wrong: number;
  missed: number;
  missedAbove: number;
  moved: number;
  movedRight: number;
  /** Per found pair: PAIRS.tsv's Jaccard, the exact resemblance here, the estimate. */
  found: { jaccard: number; exact: number; estimate: number }[];
  newOnly: string[];
}

function changes(from: string, to: string, threshold: string): Row[] {
  const out = execFileSync(process.execPath, [join(repoRoot, 'bin', 'resemble.mjs'), 'changes', from, to, '--output', 'jsonl', '--threshold', threshold], {
    cwd: sharedPath(CORPUS),
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

function measure(from: string, to: string, threshold = '0.5'): Measure {
  const pairs = readFileSync(sharedPath(`${CORPUS}/PAIRS.tsv`), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter(([o, n]) => o.startsWith(`${from}/`) && n.startsWith(`${to}/`))
    .map(([o, n, , , j]) => ({ old: o.slice(from.length + 1), next: n.slice(to.length + 1), jaccard: Number(j) }));
  const rows = changes(from, to, threshold);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const m: Measure = { pairs: pairs.length, right: 0, wrong: 0, missed: 0, missedAbove: 0, moved: 0, movedRight: 0, found: [], newOnly: [] };
  const truth = new Map(pairs.map((q) => [q.old, q.next]));
  for (const r of rows) {
    if (r.status === 'moved') {
      m.moved++;
      if (truth.get(r.id) === r.to) m.movedRight++;
    }
    if (r.status === 'new') m.newOnly.push(r.id);
  }
  for (const q of pairs) {
    const r = byId.get(q.old);
    const at = r?.status === 'moved' ? r.to : r?.status === 'changed' || r?.status === 'unchanged' ? r.id : undefined;
    if (at === q.next && r?.resemblance != null) {
      m.right++;
      const exact = exactResemblance(
        shingleSet(readSharedText(`${CORPUS}/${from}/${q.old}`), OPTS),
        shingleSet(readSharedText(`${CORPUS}/${to}/${q.next}`), OPTS),
      );
      m.found.push({ jaccard: q.jaccard, exact, estimate: r.resemblance });
    } else if (at !== undefined) m.wrong++;
    else {
      m.missed++;
      if (q.jaccard >= Number(threshold)) m.missedAbove++;
    }
  }
  return m;
}

const mae = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + Math.abs(b), 0) / xs.length : Number.NaN);

function report(name: string, m: Measure): void {
  const lines = [
    `${name}: ${m.right}/${m.pairs} found where PAIRS.tsv says, ${m.wrong} elsewhere, ${m.missed} not (${m.missedAbove} of them at J ≥ 0.5); moved ${m.moved}, right ${m.movedRight}; new ${m.newOnly.length}`,
  ];
  for (let b = 0; b + 1 < BANDS.length; b++) {
    const f = m.found.filter((x) => x.jaccard >= BANDS[b] && x.jaccard < BANDS[b + 1]);
    if (f.length === 0) continue;
    const err = (k: 'jaccard' | 'exact') => mae(f.map((x) => x.estimate - x[k])).toFixed(3);
    lines.push(
      `  J in [${BANDS[b]}, ${BANDS[b + 1] > 1 ? '1]' : `${BANDS[b + 1]})`}: ${f.length} pairs, MAE vs PAIRS.tsv ${err('jaccard')}, vs exact ${err('exact')}`,
    );
  }
  const all = (k: 'jaccard' | 'exact') => mae(m.found.map((x) => x.estimate - x[k])).toFixed(4);
  lines.push(`  all: MAE vs PAIRS.tsv ${all('jaccard')}, vs exact ${all('exact')}`);
  console.log(lines.join('\n'));
}

describe.skipIf(!hasShared)('changes on python-peps-history (needs ../shared)', () => {
  const m: Record<string, Measure> = {};
  beforeAll(() => {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], { cwd: repoRoot, stdio: 'pipe' });
    for (const [a, b, t] of [
      ['old', 'new', '0.5'],
      ['mid', 'new', '0.5'],
      ['old', 'mid', '0.5'],
      ['old', 'new', '0.3'],
    ]) {
      m[`${a}->${b}@${t}`] = measure(a, b, t);
      report(`${a} -> ${b} at ${t}`, m[`${a}->${b}@${t}`]);
    }
  });

  it('finds every moved PEP whose versions resemble at 0.5, and never a wrong one (old -> new, mid -> new)', () => {
    for (const k of ['old->new@0.5', 'mid->new@0.5', 'old->new@0.3']) {
      const x = m[k];
      expect(x.wrong, k).toBe(0);
      expect(x.missedAbove, k).toBe(0);
      expect(x.movedRight, k).toBe(x.moved);
      expect(x.moved, k).toBe(x.right);
    }
    expect(m['old->new@0.5'].right).toBeGreaterThanOrEqual(107);
    // The PEPs written after 2009 have no OLD version: all new.
    expect(m['old->new@0.5'].newOnly.every((id) => id.startsWith('peps/'))).toBe(true);
  });

  it('matches 2009 and 2018 by id (the paths did not change), none moved', () => {
    const x = m['old->mid@0.5'];
    expect(x.right).toBe(x.pairs);
    expect(x.moved).toBe(0);
  });

  it('estimates the resemblance within a few hundredths of the exact one', () => {
    for (const x of Object.values(m)) {
      expect(mae(x.found.map((f) => f.estimate - f.exact))).toBeLessThan(0.03);
      expect(mae(x.found.map((f) => f.estimate - f.jaccard))).toBeLessThan(0.04);
    }
  });
});

if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent('changes on python-peps-history'));
