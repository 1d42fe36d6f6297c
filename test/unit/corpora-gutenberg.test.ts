/**
 * Project Gutenberg books in several formats and editions (../shared/corpora/gutenberg-formats-editions):
 * 4 books, 14 files (ASCII text, ISO-8859-1 text, HTML, a 2014 → 2018 revision and the 1997 edition of
 * one of them). Same book = near-duplicates; different books share only the Project Gutenberg licence
 * boilerplate, the "very common shingles" trap of the clustering paper.
 *
 * Threshold: 0.5. Measured with PAGE_OPTIONS (w = 5, s = 128, seed 0): within-book estimated resemblance
 * is 0.852 at least (18131 HTML vs text), cross-book 0.133 at most (18131 vs 17997, which share the
 * boilerplate and little else), so 0.5 sits far from both; it is also the paper's usual choice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CandidateIndex,
  PAGE_OPTIONS,
  clusterByThreshold,
  clusterGreedy,
  commonShingles,
  exactResemblance,
  resemblance,
  shingleSet,
  sketch,
  type Sketch,
  type SketchOptions,
} from '../../lib/index';
import { SHARED_ABSENT_TEST, hasShared, readLabels, readSharedText, warnSharedAbsent } from './helpers/shared';

const CORPUS = 'corpora/gutenberg-formats-editions';
const THRESHOLD = 0.5;
/** Upper bound on cross-book resemblance once the shared boilerplate is ignored. */
const IGNORED_CROSS_MAX = 0.02;

interface Doc {
  file: string;
  group: string;
  format: string;
  text: string;
}

interface PairStats {
  minWithinEst: number;
  minWithinExact: number;
  maxCrossEst: number;
  maxCrossExact: number;
  /** The pairs that reach the extremes, for the log and failure messages. */
  minWithinPair: string;
  maxCrossPair: string;
}

function pairStats(docs: Doc[], sketches: Sketch[], sets: Float64Array[], only?: (i: number, j: number) => boolean): PairStats {
  const st: PairStats = { minWithinEst: 1, minWithinExact: 1, maxCrossEst: 0, maxCrossExact: 0, minWithinPair: '', maxCrossPair: '' };
  for (let i = 0; i < docs.length; i++) {
    for (let j = i + 1; j < docs.length; j++) {
      if (only && !only(i, j)) continue;
      const est = resemblance(sketches[i], sketches[j]);
      const exact = exactResemblance(sets[i], sets[j]);
      const name = `${docs[i].file} ~ ${docs[j].file}`;
      if (docs[i].group === docs[j].group) {
        if (est < st.minWithinEst) st.minWithinPair = name;
        st.minWithinEst = Math.min(st.minWithinEst, est);
        st.minWithinExact = Math.min(st.minWithinExact, exact);
      } else {
        if (est > st.maxCrossEst) st.maxCrossPair = name;
        st.maxCrossEst = Math.max(st.maxCrossEst, est);
        st.maxCrossExact = Math.max(st.maxCrossExact, exact);
      }
    }
  }
  return st;
}

/** Clusters as sorted lists of file names, sorted by their first file: comparable across methods. */
function asFileGroups(docs: Doc[], groups: number[][]): string[][] {
  return groups.map((g) => g.map((i) => docs[i].file).sort()).sort((a, b) => a[0].localeCompare(b[0]));
}

/** Every pair at or above the threshold found through a CandidateIndex (each pair once, i < j). */
function indexedPairs(sketches: Sketch[], threshold: number): [number, number, number][] {
  const index = new CandidateIndex<number>(threshold);
  sketches.forEach((s, i) => index.add(i, s));
  const pairs: [number, number, number][] = [];
  sketches.forEach((s, i) => {
    for (const m of index.query(s, threshold)) if (m.key > i) pairs.push([i, m.key, m.resemblance]);
  });
  return pairs;
}

function shingleUnion(sets: Float64Array[]): Float64Array {
  const all = new Set<number>();
  for (const s of sets) for (const f of s) all.add(f);
  return Float64Array.from(all).sort();
}

const fmt = (x: number) => x.toFixed(3);

describe.skipIf(!hasShared)('Gutenberg formats and editions: same book clusters, different books do not (needs ../shared)', () => {
  let docs: Doc[];
  let books: string[];
  let expectedGroups: string[][];
  let sketches: Sketch[];
  let sets: Float64Array[];
  let plain: PairStats;
  /** One shingle set per book (the union of its files): document frequency is counted per book. */
  let bookSets: Float64Array[];
  const table: { setting: string; st: PairStats; ignored: number }[] = [];

  const withOptions = (opts: Partial<SketchOptions>) => ({
    sketches: docs.map((d) => sketch(d.text, opts)),
    sets: docs.map((d) => shingleSet(d.text, opts)),
  });

  beforeAll(() => {
    docs = readLabels(CORPUS).map((row) => ({
      file: row.file,
      group: row.group,
      format: row.format,
      text: readSharedText(`${CORPUS}/${row.file}`),
    }));
    books = [...new Set(docs.map((d) => d.group))].sort();
    expectedGroups = books
      .map((b) =>
        docs
          .filter((d) => d.group === b)
          .map((d) => d.file)
          .sort(),
      )
      .sort((a, b) => a[0].localeCompare(b[0]));
    ({ sketches, sets } = withOptions(PAGE_OPTIONS));
    plain = pairStats(docs, sketches, sets);
    table.push({ setting: 'PAGE_OPTIONS', st: plain, ignored: 0 });
    bookSets = books.map((b) => shingleUnion(sets.filter((_, i) => docs[i].group === b)));
  });

  it('reads the 14 labelled files of 4 books (txt, 8-bit txt, HTML, revisions, old edition)', () => {
    expect(docs).toHaveLength(14);
    expect(books).toEqual(['pg16595', 'pg17997', 'pg18131', 'pg972']);
    expect(new Set(docs.map((d) => d.format))).toEqual(new Set(['txt-ascii', 'txt-8bit', 'html', 'old-edition-txt']));
    for (const s of sketches) expect(s.min.length).toBe(PAGE_OPTIONS.size);
  });

  it(`every within-book pair has estimated resemblance ≥ ${THRESHOLD}, every cross-book pair < ${THRESHOLD}`, () => {
    for (let i = 0; i < docs.length; i++) {
      for (let j = i + 1; j < docs.length; j++) {
        const r = resemblance(sketches[i], sketches[j]);
        const what = `${docs[i].file} ~ ${docs[j].file}: r̂ = ${fmt(r)}`;
        if (docs[i].group === docs[j].group) expect(r, what).toBeGreaterThanOrEqual(THRESHOLD);
        else expect(r, what).toBeLessThan(THRESHOLD);
      }
    }
    // Measured margins (seed 0): far from the threshold on both sides.
    expect(plain.minWithinEst).toBeGreaterThanOrEqual(0.8);
    expect(plain.maxCrossEst).toBeLessThanOrEqual(0.2);
    // The cross-book overlap is real (the licence boilerplate), not sampling noise: exact r is > 0.
    expect(plain.maxCrossExact).toBeGreaterThan(0.1);
  });

  it('CandidateIndex + clusterByThreshold yields exactly the 4 books, with the recall of brute force', () => {
    const pairs = indexedPairs(sketches, THRESHOLD);
    const brute: [number, number, number][] = [];
    for (let i = 0; i < docs.length; i++) {
      for (let j = i + 1; j < docs.length; j++) {
        const r = resemblance(sketches[i], sketches[j]);
        if (r >= THRESHOLD) brute.push([i, j, r]);
      }
    }
    const key = (p: [number, number, number]) => `${p[0]}-${p[1]}`;
    expect(pairs.map(key).sort()).toEqual(brute.map(key).sort());
    expect(asFileGroups(docs, clusterByThreshold(docs.length, pairs, THRESHOLD))).toEqual(expectedGroups);
  });

  it('clusterGreedy with estimated resemblance yields exactly the 4 books', () => {
    const groups = clusterGreedy(docs.length, (i, j) => resemblance(sketches[i], sketches[j]), THRESHOLD);
    expect(groups).toHaveLength(4);
    const asIndices = groups.map((g) => [g.representative, ...g.members.map((m) => m.index)]);
    expect(asFileGroups(docs, asIndices)).toEqual(expectedGroups);
    for (const g of groups) for (const m of g.members) expect(m.similarity).toBeGreaterThanOrEqual(THRESHOLD);
  });

  describe('ignoring very common shingles (document frequency counted per book)', () => {
    it('shingles in ≥ 2 books: cross-book resemblance drops to 0, within-book stays ≥ the threshold, clusters unchanged', () => {
      const ignore = commonShingles(bookSets, 2);
      // A few thousand shingles: the Project Gutenberg header and licence.
      expect(ignore.size).toBeGreaterThan(1000);
      const ig = withOptions({ ...PAGE_OPTIONS, ignore });
      const st = pairStats(docs, ig.sketches, ig.sets);
      table.push({ setting: 'ignore DF(books) ≥ 2', st, ignored: ignore.size });

      // With 4 books and minDocs = 2, every shingle two books share is ignored, so the exact cross-book
      // resemblance is 0 by construction; the estimate must agree, and both must have dropped.
      expect(st.maxCrossExact).toBe(0);
      expect(st.maxCrossEst).toBeLessThan(IGNORED_CROSS_MAX);
      expect(st.maxCrossEst).toBeLessThan(plain.maxCrossEst);
      expect(st.maxCrossExact).toBeLessThan(plain.maxCrossExact);
      // What is not by construction: the books' own text still carries them together.
      expect(st.minWithinEst, st.minWithinPair).toBeGreaterThanOrEqual(THRESHOLD);
      expect(st.minWithinExact).toBeGreaterThanOrEqual(THRESHOLD);
      const pairs = indexedPairs(ig.sketches, THRESHOLD);
      expect(asFileGroups(docs, clusterByThreshold(docs.length, pairs, THRESHOLD))).toEqual(expectedGroups);
    });

    it('shingles in ≥ 3 of 4 books (the boilerplate every book carries): cross-book < 0.02, within-book ≥ the threshold', () => {
      const ignore = commonShingles(bookSets, 3);
      const ig = withOptions({ ...PAGE_OPTIONS, ignore });
      const st = pairStats(docs, ig.sketches, ig.sets);
      table.push({ setting: 'ignore DF(books) ≥ 3', st, ignored: ignore.size });
      expect(st.maxCrossExact, st.maxCrossPair).toBeLessThan(IGNORED_CROSS_MAX);
      expect(st.maxCrossEst, st.maxCrossPair).toBeLessThan(IGNORED_CROSS_MAX);
      expect(st.maxCrossEst).toBeLessThan(plain.maxCrossEst);
      expect(st.minWithinEst, st.minWithinPair).toBeGreaterThanOrEqual(THRESHOLD);
      expect(st.minWithinExact).toBeGreaterThanOrEqual(THRESHOLD);
    });

    it('leave one book out: common shingles learnt from the other 3 books also clear the held-out book', () => {
      // Not by construction: the held-out book's boilerplate is removed only because the same
      // boilerplate was seen in other books.
      for (let held = 0; held < books.length; held++) {
        const ignore = commonShingles(
          bookSets.filter((_, k) => k !== held),
          2,
        );
        const ig = withOptions({ ...PAGE_OPTIONS, ignore });
        const involvesHeld = (i: number, j: number) => docs[i].group === books[held] || docs[j].group === books[held];
        const st = pairStats(docs, ig.sketches, ig.sets, involvesHeld);
        table.push({ setting: `ignore DF ≥ 2 of 3, ${books[held]} held out`, st, ignored: ignore.size });
        expect(st.maxCrossExact, `${books[held]}: ${st.maxCrossPair}`).toBeLessThan(IGNORED_CROSS_MAX);
        expect(st.maxCrossEst, `${books[held]}: ${st.maxCrossPair}`).toBeLessThan(IGNORED_CROSS_MAX);
        expect(st.minWithinEst, `${books[held]}: ${st.minWithinPair}`).toBeGreaterThanOrEqual(THRESHOLD);
      }
    });
  });

  it('prints min within-book and max cross-book resemblance, exact and estimated, with and without ignore', () => {
    expect(table.length).toBeGreaterThanOrEqual(3);
    const head = ['setting', 'ignored', 'min within r', 'min within r̂', 'max cross r', 'max cross r̂'];
    const rows = table.map(({ setting, st, ignored }) => [
      setting,
      String(ignored),
      fmt(st.minWithinExact),
      fmt(st.minWithinEst),
      st.maxCrossExact.toFixed(4),
      st.maxCrossEst.toFixed(4),
    ]);
    const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k].length)));
    const line = (cells: string[]) => cells.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join('  ');
    console.log(
      [
        `Gutenberg corpus, w=${PAGE_OPTIONS.shingle}, s=${PAGE_OPTIONS.size}, threshold ${THRESHOLD} (r = exact, r̂ = estimate; held-out rows: pairs involving that book)`,
        line(head),
        ...rows.map(line),
        `least similar within-book pair (PAGE_OPTIONS): ${plain.minWithinPair}`,
        `most similar cross-book pair (PAGE_OPTIONS): ${plain.maxCrossPair}`,
      ].join('\n'),
    );
  });
});

if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent('Gutenberg corpus'));
