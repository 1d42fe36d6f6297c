/**
 * Measures the evidence floor of lib/group/results.ts (MIN_SHARED_SHINGLES, issue #14) on every saved
 * results page: ../shared/fixtures/serp (when present) and test/fixtures/serp.
 *
 *   npx tsx scripts/measure-evidence-floor.ts [--base DIR]
 *
 * Per page, at the default threshold (0.5) and w = 2: the snippet-grouped pairs with the floor off
 * (minShared 1: any shared shingle), and for each the most distinct shingles the pair shares that are
 * neither boilerplate nor a placeholder's (the largest floor that keeps it); then the groups at the
 * chosen floor. With --base DIR (a copy of an older lib/, e.g. `git archive <rev> lib | tar -x -C DIR`),
 * also the groups the older code made, before chrome stripping and placeholders.
 */
import path from 'node:path';
import { extract } from '../lib/engines/extract';
import { type GroupOutcome, MIN_SHARED_SHINGLES, groupResults } from '../lib/group/results';
import { loadSerp, htmlFiles } from '../test/unit/helpers/serp';
import { SHARED, hasShared, repoRoot } from '../test/unit/helpers/shared';

const THRESHOLD = 0.5;

const snippetPairs = (o: GroupOutcome) =>
  o.groups.flatMap((g) => g.members.filter((m) => m.reason.kind === 'snippet').map((m) => `${g.representative}~${m.rank}`));
const copies = (o: GroupOutcome) => o.groups.reduce((n, g) => n + g.members.length, 0);

async function main() {
  const baseAt = process.argv.indexOf('--base');
  const base = baseAt > 0 ? path.resolve(process.argv[baseAt + 1]) : undefined;
  const old = base
    ? {
        extract: (await import(path.join(base, 'lib/engines/extract.ts'))).extract as typeof extract,
        group: (await import(path.join(base, 'lib/group/results.ts'))).groupResults as typeof groupResults,
      }
    : undefined;
  if (!hasShared) console.log(`(${SHARED} absent: only the repository's fixtures)`);
  const pages = [...(hasShared ? htmlFiles(path.join(SHARED, 'fixtures/serp')) : []), ...htmlFiles(path.join(repoRoot, 'test/fixtures/serp'))];
  let weakest = Infinity;
  const rows: string[] = [];
  for (const f of pages) {
    const doc = loadSerp(f);
    const x = extract(doc, `file://${f}`);
    if (!x?.results.length) continue;
    const floorOff = groupResults(x.results, { threshold: THRESHOLD, minShared: 1 });
    const chosen = groupResults(x.results, { threshold: THRESHOLD });
    // The largest floor that keeps each pair grouped (searching upwards; pairs are few).
    const strength = new Map<string, number>();
    for (const p of snippetPairs(floorOff)) {
      let k = 1;
      while (k < 64 && snippetPairs(groupResults(x.results, { threshold: THRESHOLD, minShared: k + 1 })).includes(p)) k++;
      strength.set(p, k);
      weakest = Math.min(weakest, k);
    }
    const before = old ? old.group(old.extract(loadSerp(f), `file://${f}`)!.results, { threshold: THRESHOLD }) : undefined;
    const name = path.relative(repoRoot, f).replace(/^\.\.\/shared\/fixtures\/serp\//, 'shared:');
    rows.push(
      [
        name.padEnd(58),
        String(x.results.length).padStart(4),
        before ? `${before.groups.length}g/${copies(before)}c`.padStart(8) : '',
        `${floorOff.groups.length}g/${copies(floorOff)}c`.padStart(8),
        `${chosen.groups.length}g/${copies(chosen)}c`.padStart(8),
        [...strength].map(([p, k]) => `${p}:${k}`).join(' '),
      ].join('  '),
    );
  }
  console.log(
    `${'page'.padEnd(58)}  ${'n'.padStart(4)}  ${old ? 'old code'.padStart(8) : ''}  ${'floor 1'.padStart(8)}  ${`floor ${MIN_SHARED_SHINGLES}`.padStart(8)}  snippet pairs (rep~member:shared shingles)`,
  );
  for (const r of rows) console.log(r);
  console.log(`weakest snippet pair shares ${weakest} distinct shingles; MIN_SHARED_SHINGLES = ${MIN_SHARED_SHINGLES}`);
}

void main();
