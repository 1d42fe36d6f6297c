/**
 * Measures how the shingle size w separates near-duplicates from different texts, to justify the
 * defaults in lib/sketch/options.ts (PAGE_OPTIONS.shingle, SNIPPET_OPTIONS.shingle). Every number is EXACT
 * resemblance (shingleSet + exactResemblance), so sketch sampling plays no part.
 *
 *   npx tsx scripts/measure-shingle-size.ts
 *
 * Needs the reference corpora in ../shared (beside the repository); says so and exits 0 without them.
 *
 * Pages, for w in {3,4,5,6,7,8,10}:
 *   Gutenberg: same book (formats, revisions, old edition) vs different books.
 *   Licensee: licence file vs its own template, vs the hard negatives (modified licences vs the
 *   template they imitate), vs every other template.
 * Snippets, for w in {1,2,3,4}: 200 random 30-word passages (seeded PRNG) from the Gutenberg book
 * bodies and the licence templates; each paired with a light rewrite of itself (2 words replaced,
 * 1 dropped) and with an unrelated 30-word passage (another source family, no 8-word run in common).
 */
import { existsSync } from 'node:fs';
import { PAGE_OPTIONS, canonicalSource, exactResemblance, shingleSet, tokens } from '../lib/index';
import { SHARED, readLabels, readSharedText } from '../test/unit/helpers/shared';

const PAGE_WS = [3, 4, 5, 6, 7, 8, 10];
const SNIPPET_WS = [1, 2, 3, 4];
const PASSAGES = 200;
const PASSAGE_WORDS = 30;
const SEED = 20261122;

const GUTENBERG = 'corpora/gutenberg-formats-editions';
const LICENSEE = 'corpora/licensee-fixtures';

const f3 = (x: number) => (x < 0 ? '' : ' ') + x.toFixed(3);
const f4 = (x: number) => ` ${x.toFixed(4)}`;

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k].length)));
  const line = (cells: string[]) => cells.map((c, k) => c.padStart(widths[k])).join('  ');
  return [line(head), line(head.map((_, k) => '-'.repeat(widths[k]))), ...rows.map(line)].join('\n');
}

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

// ---------------------------------------------------------------------------------------------- pages

interface PageRow {
  w: number;
  /** Pair and file counts, for the table's legend. */
  counts: { gutSame: number; gutDiff: number; licFiles: number; licSame: number; licHard: number; templates: number; licOther: number };
  gutSame: number;
  gutDiff: number;
  /** Cross-book, book bodies only (no Project Gutenberg header/licence): overlap of unrelated text. */
  gutBodies: number;
  licSame: number;
  licHard: number;
  licOther: number;
  licOtherP95: number;
}

function measurePages(): PageRow[] {
  const gut = readLabels(GUTENBERG);
  const books = gut.map((r) => ({ group: r.group, text: readSharedText(`${GUTENBERG}/${r.file}`) }));
  const bodies = gut.filter((r) => r.format === 'txt-ascii' && r.snapshot === 'head').map((r) => gutenbergBody(readSharedText(`${GUTENBERG}/${r.file}`)));
  const rows = readLabels(LICENSEE);
  const templates = rows.filter((r) => r.role === 'template').map((r) => ({ key: r.near_template, text: readSharedText(`${LICENSEE}/${r.file}`) }));
  const fixtures = rows
    .filter((r) => r.role === 'license' && r.near_template !== '')
    .map((r) => ({ family: r.text_family, near: r.near_template, text: readSharedText(`${LICENSEE}/${r.file}`) }));

  const out: PageRow[] = [];
  for (const w of PAGE_WS) {
    const opts = { shingle: w };
    const bs = books.map((b) => shingleSet(b.text, opts));
    let gutSame = 1;
    let gutDiff = 0;
    const counts = { gutSame: 0, gutDiff: 0, licFiles: fixtures.length, licSame: 0, licHard: 0, templates: templates.length, licOther: 0 };
    for (let i = 0; i < books.length; i++) {
      for (let j = i + 1; j < books.length; j++) {
        const r = exactResemblance(bs[i], bs[j]);
        if (books[i].group === books[j].group) {
          gutSame = Math.min(gutSame, r);
          counts.gutSame++;
        } else {
          gutDiff = Math.max(gutDiff, r);
          counts.gutDiff++;
        }
      }
    }
    const bodySets = bodies.map((b) => shingleSet(b, opts));
    let gutBodies = 0;
    for (let i = 0; i < bodySets.length; i++) {
      for (let j = i + 1; j < bodySets.length; j++) gutBodies = Math.max(gutBodies, exactResemblance(bodySets[i], bodySets[j]));
    }
    const ts = new Map(templates.map((t) => [t.key, shingleSet(t.text, opts)]));
    let licSame = 1;
    let licHard = 0;
    const other: number[] = [];
    for (const f of fixtures) {
      const fs = shingleSet(f.text, opts);
      for (const [key, set] of ts) {
        const r = exactResemblance(fs, set);
        if (key !== f.near) other.push(r);
        else if (f.family === f.near) {
          licSame = Math.min(licSame, r);
          counts.licSame++;
        } else {
          licHard = Math.max(licHard, r);
          counts.licHard++;
        }
      }
    }
    counts.licOther = other.length;
    out.push({ w, counts, gutSame, gutDiff, gutBodies, licSame, licHard, licOther: Math.max(...other), licOtherP95: quantile(other, 0.95) });
  }
  return out;
}

/** A Gutenberg text between its START and END markers: the book, without the shared licence. */
function gutenbergBody(text: string): string {
  const start = /\*\*\*\s*START OF TH(?:IS|E) PROJECT GUTENBERG/i.exec(text);
  const end = /\*\*\*\s*END OF TH(?:IS|E) PROJECT GUTENBERG/i.exec(text);
  if (!start || !end) throw new Error('Gutenberg START/END markers not found');
  const from = text.indexOf('***', start.index + 3) + 3;
  return text.slice(from, end.index);
}

// ------------------------------------------------------------------------------------------- snippets

interface Source {
  name: string;
  family: string;
  words: string[];
}

/** Near-identical licence templates (GNU, Creative Commons, BSD, …) count as one family. */
function templateFamily(key: string): string {
  const families: [RegExp, string][] = [
    [/^(a|l)?gpl-/, 'gnu'],
    [/^cc/, 'creative-commons'],
    [/bsd/, 'bsd'],
    [/^cern-ohl-/, 'cern-ohl'],
    [/^eupl-/, 'eupl'],
    [/^epl-/, 'epl'],
    [/^mit/, 'mit'],
    [/^ms-/, 'ms'],
    [/^(afl|osl)-/, 'afl-osl'], // AFL-3.0 and OSL-3.0 are one text with a different copyleft clause
    [/^(apache|ecl)-/, 'apache-ecl'], // ECL-2.0 is a modified Apache-2.0
  ];
  for (const [re, fam] of families) if (re.test(key)) return fam;
  return key;
}

function snippetSources(): { books: Source[]; templates: Source[] } {
  // One copy of each book (its ASCII text), so no two sources are the same book.
  const books = readLabels(GUTENBERG)
    .filter((r) => r.format === 'txt-ascii' && r.snapshot === 'head')
    .map((r) => ({ name: r.group, family: r.group, words: tokens(gutenbergBody(readSharedText(`${GUTENBERG}/${r.file}`))) }));
  const templates = readLabels(LICENSEE)
    .filter((r) => r.role === 'template')
    .map((r) => ({ name: r.near_template, family: templateFamily(r.near_template), words: tokens(canonicalSource(readSharedText(`${LICENSEE}/${r.file}`))) }))
    .filter((s) => s.words.length >= 2 * PASSAGE_WORDS);
  return { books, templates };
}

function ngrams(words: string[], n: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + n <= words.length; i++) out.add(words.slice(i, i + n).join(' '));
  return out;
}

interface SnippetCase {
  source: string;
  original: string[];
  rewrite: string[];
  unrelated: string[];
}

function makeSnippetCases(): SnippetCase[] {
  const rand = prng(SEED);
  const int = (n: number) => Math.floor(rand() * n);
  const { books, templates } = snippetSources();
  const all = [...books, ...templates];
  const passage = (s: Source) => {
    const at = int(s.words.length - PASSAGE_WORDS + 1);
    return s.words.slice(at, at + PASSAGE_WORDS);
  };
  const cases: SnippetCase[] = [];
  for (let k = 0; k < PASSAGES; k++) {
    // Half from the books, half from the licence templates.
    const pool = k % 2 === 0 ? books : templates;
    const src = pool[int(pool.length)];
    const original = passage(src);

    // Light rewrite: replace 2 words by other words of the same source, drop 1 word (3 distinct positions).
    const pos: number[] = [];
    while (pos.length < 3) {
      const p = int(PASSAGE_WORDS);
      if (!pos.includes(p)) pos.push(p);
    }
    const rewrite = [...original];
    for (const p of pos.slice(0, 2)) {
      let word = original[p];
      while (word === original[p]) word = src.words[int(src.words.length)];
      rewrite[p] = word;
    }
    rewrite.splice(pos[2], 1);

    // Unrelated: a passage of the same length from another source family, sharing no 8-word run.
    const mine = ngrams(original, 8);
    let unrelated: string[] = [];
    for (;;) {
      const other = all[int(all.length)];
      if (other.family === src.family) continue;
      unrelated = passage(other);
      if (![...ngrams(unrelated, 8)].some((g) => mine.has(g))) break;
    }
    cases.push({ source: src.name, original, rewrite, unrelated });
  }
  return cases;
}

interface SnippetRow {
  w: number;
  rewriteMean: number;
  rewriteP5: number;
  rewriteMin: number;
  unrelatedMean: number;
  unrelatedP95: number;
  unrelatedMax: number;
  /** Rewrite pairs above the most similar unrelated pair. */
  above: number;
}

function measureSnippets(cases: SnippetCase[]): SnippetRow[] {
  return SNIPPET_WS.map((w) => {
    const set = (words: string[]) => shingleSet(words.join(' '), { shingle: w });
    const rw: number[] = [];
    const un: number[] = [];
    for (const c of cases) {
      const o = set(c.original);
      rw.push(exactResemblance(o, set(c.rewrite)));
      un.push(exactResemblance(o, set(c.unrelated)));
    }
    const unrelatedMax = Math.max(...un);
    return {
      w,
      rewriteMean: mean(rw),
      rewriteP5: quantile(rw, 0.05),
      rewriteMin: Math.min(...rw),
      unrelatedMean: mean(un),
      unrelatedP95: quantile(un, 0.95),
      unrelatedMax,
      above: rw.filter((r) => r > unrelatedMax).length / rw.length,
    };
  });
}

// ----------------------------------------------------------------------------------------------- main

function main(): void {
  if (!existsSync(SHARED)) {
    console.log(`measure-shingle-size: SKIPPED - ${SHARED} does not exist (the reference corpora live there, beside the repository). Nothing measured.`);
    return;
  }
  const started = Date.now();
  const pages = measurePages();

  console.log(`PAGES: exact resemblance r = |S(A)∩S(B)| / |S(A)∪S(B)| of w-shingle sets (PAGE_OPTIONS otherwise; s = ${PAGE_OPTIONS.size}).`);
  console.log('gap = least similar same-text pair − most similar different-text pair (> 0: a threshold separates them).');
  console.log('');
  const n = pages[0].counts;
  console.log('Gutenberg (14 files of 4 books: txt, 8-bit txt, HTML, 2014/2018 revisions, 1997 edition):');
  console.log(`  same = within-book pairs (${n.gutSame}); diff = cross-book pairs (${n.gutDiff}), which share the Project Gutenberg licence;`);
  console.log('  bodies = cross-book pairs of the book texts alone (between the START/END markers): unrelated prose.');
  console.log(
    table(
      ['w', 'min same', 'max diff', 'gap', 'max diff, bodies'],
      pages.map((p) => [String(p.w), f3(p.gutSame), f3(p.gutDiff), f3(p.gutSame - p.gutDiff), f4(p.gutBodies)]),
    ),
  );
  console.log('');
  console.log(`Licensee (${n.licFiles} licence files, ${n.templates} templates):`);
  console.log(`  same = licence file vs its own template (${n.licSame} pairs); hard = the ${n.licHard} modified licences (CC BY-NC-SA, CC BY-ND,`);
  console.log('  FCPL, Pixar and wrk Apache) vs the template they imitate; other = every licence file vs every other');
  console.log(`  template (${n.licOther} pairs; includes sibling texts such as AGPL/GPL-3.0, BSD-3-Clause/-Clear, AFL/OSL).`);
  console.log(
    table(
      ['w', 'min same', 'max hard', 'gap hard', 'max other', 'gap other', 'p95 other'],
      pages.map((p) => [String(p.w), f3(p.licSame), f3(p.licHard), f3(p.licSame - p.licHard), f3(p.licOther), f3(p.licSame - p.licOther), f3(p.licOtherP95)]),
    ),
  );

  const cases = makeSnippetCases();
  const snippets = measureSnippets(cases);
  const fromBooks = cases.filter((_, k) => k % 2 === 0).length;
  console.log('');
  console.log(
    `SNIPPETS: ${cases.length} random ${PASSAGE_WORDS}-word passages (seed ${SEED}; ${fromBooks} from the 4 book bodies, ${cases.length - fromBooks} from the licence templates).`,
  );
  console.log('  rewrite   = passage vs a light rewrite of itself (2 words replaced by other words of the source, 1 dropped);');
  console.log(`  unrelated = passage vs a ${PASSAGE_WORDS}-word passage from another source family with no 8-word run in common.`);
  console.log('  gap = mean rewrite − max unrelated; p-gap = 5th percentile rewrite − 95th percentile unrelated;');
  console.log('  above = share of rewrite pairs more similar than the most similar unrelated pair.');
  console.log(
    table(
      ['w', 'rewrite mean', 'rewrite p5', 'rewrite min', 'unrel mean', 'unrel p95', 'unrel max', 'gap', 'p-gap', 'above'],
      snippets.map((s) => [
        String(s.w),
        f3(s.rewriteMean),
        f3(s.rewriteP5),
        f3(s.rewriteMin),
        f3(s.unrelatedMean),
        f3(s.unrelatedP95),
        f3(s.unrelatedMax),
        f3(s.rewriteMean - s.unrelatedMax),
        f3(s.rewriteP5 - s.unrelatedP95),
        `${(100 * s.above).toFixed(1)}%`,
      ]),
    ),
  );

  // Recommendation. Pages: Gutenberg is the corpus whose gap is positive (licensee's different-text pairs
  // include legally different but textually near-identical licences, inseparable at every w). Small w
  // widens that gap but lets unrelated prose share shingles; keep the widest gap among the w whose
  // unrelated-prose overlap stays below what a MIN_s sketch can resolve at all (one sample in s = 1/s).
  // Snippets: the widest gap between an average light rewrite and the worst unrelated pair.
  const bestBy = <T>(xs: T[], f: (x: T) => number) => xs.reduce((b, x) => (f(x) > f(b) ? x : b));
  const resolution = 1 / PAGE_OPTIONS.size;
  const gutGap = (p: PageRow) => p.gutSame - p.gutDiff;
  const quiet = pages.filter((p) => p.gutBodies < resolution);
  const bestPage = quiet.length > 0 ? bestBy(quiet, gutGap) : bestBy(pages, (p) => -p.gutBodies);
  const widest = bestBy(pages, gutGap);
  const current = pages.find((p) => p.w === PAGE_OPTIONS.shingle);
  const hardNeverSeparable = pages.every((p) => p.licSame - p.licHard < 0);
  const bestSnippet = bestBy(snippets, (s) => s.rewriteMean - s.unrelatedMax);
  const bestSnippetP = bestBy(snippets, (s) => s.rewriteP5 - s.unrelatedP95);
  console.log('');
  console.log(
    `RECOMMENDATION: pages w = ${bestPage.w}: the widest Gutenberg gap (${f3(gutGap(bestPage)).trim()}) among w whose unrelated-prose overlap is below 1/s = ${f4(resolution).trim()} ` +
      `(w = ${widest.w} has the widest gap, ${f3(gutGap(widest)).trim()}, but unrelated prose overlaps by ${f4(widest.gutBodies).trim()})` +
      (current && current.w !== bestPage.w
        ? `; the current w = ${current.w} gives gap ${f3(gutGap(current)).trim()} and overlap ${f4(current.gutBodies).trim()}`
        : '') +
      `. Snippets w = ${bestSnippet.w} (gap ${f3(bestSnippet.rewriteMean - bestSnippet.unrelatedMax).trim()}; by p5 − p95: w = ${bestSnippetP.w}). ` +
      (hardNeverSeparable
        ? 'Hard-negative licences are not separable by resemblance at any w.'
        : 'Hard-negative licences are separable at some w (see gap hard).'),
  );
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main();
