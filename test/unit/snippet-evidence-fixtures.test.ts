/**
 * Issue #14 on the real saved results pages: the evidence floor (MIN_SHARED_SHINGLES) loses no group
 * any saved page makes without it, and the placeholder results of Google's 100-result page are no
 * longer a group. scripts/measure-evidence-floor.ts prints the numbers behind the floor.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extract } from '../../lib/engines/extract';
import { MIN_SHARED_SHINGLES, groupResults } from '../../lib/group/results';
import { loadSerp, htmlFiles } from './helpers/serp';
import { SHARED, SHARED_ABSENT_TEST, hasShared, repoRoot, warnSharedAbsent } from './helpers/shared';

/** Each page read once (reading a 100-result page costs ~0.5 s). */
const read = new Map<string, ReturnType<typeof extract>>();
const resultsOf = (file: string) => {
  if (!read.has(file)) read.set(file, extract(loadSerp(file), `file://${file}`));
  return read.get(file)?.results ?? [];
};
const groupsOf = (file: string, minShared?: number) =>
  groupResults(resultsOf(file), { threshold: 0.5, ...(minShared ? { minShared } : {}) }).groups.map((g) => [g.representative, ...g.members.map((m) => m.rank)]);

/** Every group a page makes with any shared shingle as evidence is still made with the floor. */
function expectNoGroupLost(file: string): void {
  expect(groupsOf(file), path.basename(file)).toEqual(groupsOf(file, 1));
}

describe('the evidence floor on the project’s own results pages', () => {
  it('loses no group', () => {
    for (const f of htmlFiles(path.join(repoRoot, 'test/fixtures/serp'))) expectNoGroupLost(f);
  });
});

describe.skipIf(!hasShared)('the evidence floor and placeholders on ../shared/fixtures/serp (needs ../shared)', () => {
  it(`loses no group on any of the saved pages: the weakest grouped pair shares 8 shingles (floor ${MIN_SHARED_SHINGLES})`, () => {
    const pages = htmlFiles(path.join(SHARED, 'fixtures/serp'));
    expect(pages.length).toBeGreaterThanOrEqual(28);
    for (const f of pages) expectNoGroupLost(f);
    // The measured margin: a floor of 8 still keeps every group, 9 loses some (so the option bites).
    expect(pages.filter((f) => JSON.stringify(groupsOf(f, 8)) !== JSON.stringify(groupsOf(f, 1)))).toEqual([]);
    expect(pages.filter((f) => JSON.stringify(groupsOf(f, 9)) !== JSON.stringify(groupsOf(f, 1))).length).toBeGreaterThan(0);
  });

  it('Google, 100 results: Gmail (#28) and Google Classroom (#32), both "No information is available for this page.", are not grouped; the true groups stay', () => {
    const f = path.join(SHARED, 'fixtures/serp/google/2023-05_google-100_zlurad.html');
    const x = resultsOf(f);
    expect([x[27].snippet, x[31].snippet]).toEqual(['No information is available for this page.', 'No information is available for this page.']);
    expect(groupsOf(f)).toEqual([
      [1, 2, 95, 98],
      [4, 8],
      [6, 9],
      [18, 58, 82, 88],
      [19, 20],
      [23, 24],
      [30, 31, 60, 86, 96],
      [47, 48],
      [50, 51, 71],
    ]);
  });
});

if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent('snippet evidence on saved results pages'));
