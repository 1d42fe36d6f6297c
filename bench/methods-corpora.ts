/**
 * The labelled corpora of ../shared/corpora as documents and ground truth for bench/methods.bench.ts.
 *
 * What a "true near-duplicate pair" is, per corpus (a pair is `true`, `false`, or left out of scoring):
 * - gutenberg-formats-editions: same book (group), any format or edition: true. Other books share only
 *   the PG licence boilerplate: false (the trap).
 * - licensee-fixtures: same licence text (text_family, e.g. mit, apache-2.0; edge/negative/other roles
 *   have none): true. Different licences are false, including the hard negatives that are textually
 *   close (cc-by-nc-sa vs cc-by-sa, modified Apache/MPL).
 * - google-licensecheck-testdata: same licence, a file's licence being the one non-URL licence its
 *   expected matches name when they cover ≥ 90 % of it (else it has none): true. ccurls.t1 is left out.
 * - python-peps-history: PAIRS.tsv's same-document pairs (moved, old→mid, mid→new, renamed) whose
 *   measured word-5-shingle Jaccard is ≥ 0.5: true (identity is not near-duplication: a living PEP rewritten
 *   below 0.5 is left out of scoring, neither true nor false); every other pair: false (the TRAP pairs too).
 * Everywhere: a same-licence / same-book pair whose word counts differ more than 2× (a header against the
 * full licence, a licence inside a long README) is containment, not resemblance, and is left out of scoring.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Doc {
  file: string;
  bytes: number;
  /** Raw file contents (latin1 for 8-bit Gutenberg texts, utf8 otherwise). */
  text: string;
  /** Identity label (book, licence) or undefined (true with nothing). */
  label?: string;
}

export interface Corpus {
  name: string;
  dir: string;
  docs: Doc[];
  /** 1 true, 0 false, −1 left out; for the pair (i, j), i < j, before the word-count rule (applied by the bench). */
  truth(i: number, j: number): 1 | 0 | -1;
  rule: string;
}

function tsv(file: string): Record<string, string>[] {
  const [head, ...rows] = fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
  const cols = head.split('\t');
  return rows.map((r) => Object.fromEntries(r.split('\t').map((v, i) => [cols[i], v])));
}

const read = (dir: string, file: string): Doc => {
  const buf = fs.readFileSync(path.join(dir, file));
  // Valid UTF-8 as such; else ISO-8859-1 (the Gutenberg -8.txt editions).
  const utf8 = buf.toString('utf8');
  return { file, bytes: buf.length, text: utf8.includes('\ufffd') ? buf.toString('latin1') : utf8 };
};

const byLabel = (docs: Doc[]) => (i: number, j: number) => (docs[i].label !== undefined && docs[i].label === docs[j].label ? 1 : 0);

function gutenberg(dir: string): Corpus {
  const docs = tsv(path.join(dir, 'LABELS.tsv')).map((r) => ({ ...read(dir, r.file), label: r.group }));
  return { name: 'gutenberg', dir, docs, truth: byLabel(docs), rule: 'same book' };
}

function licensee(dir: string): Corpus {
  const none = new Set(['edge', 'negative', 'other']);
  const docs = tsv(path.join(dir, 'LABELS.tsv')).map((r) => ({ ...read(dir, r.file), label: none.has(r.role) ? undefined : r.text_family }));
  return { name: 'licensee', dir, docs, truth: byLabel(docs), rule: 'same licence text (text_family)' };
}

function licensecheck(dir: string): Corpus {
  const docs: Doc[] = [];
  for (const r of tsv(path.join(dir, 'LABELS.tsv'))) {
    if (r.file.endsWith('ccurls.t1')) continue;
    const names = new Set(
      r.cover_matches
        .split(';')
        .filter((m) => m && !m.endsWith('(URL)'))
        .map((m) => m.slice(0, m.lastIndexOf('@'))),
    );
    const label = names.size === 1 && Number(r.cover_percent) >= 90 ? [...names][0] : undefined;
    docs.push({ ...read(dir, r.file), label });
  }
  return { name: 'licensecheck', dir, docs, truth: byLabel(docs), rule: 'same licence covering ≥ 90 %' };
}

function peps(dir: string): Corpus {
  const docs = tsv(path.join(dir, 'LABELS.tsv')).map((r) => ({ ...read(dir, r.file), label: r.group }));
  const index = new Map(docs.map((d, i) => [d.file, i]));
  const truth = new Map<string, 1 | -1>();
  for (const p of tsv(path.join(dir, 'PAIRS.tsv'))) {
    const i = index.get(p.old_file);
    const j = index.get(p.new_file);
    if (i === undefined || j === undefined || p.relation.startsWith('TRAP')) continue;
    truth.set(`${Math.min(i, j)},${Math.max(i, j)}`, Number(p.jaccard_w5) >= 0.5 ? 1 : -1);
  }
  return { name: 'peps', dir, docs, truth: (i, j) => truth.get(`${i},${j}`) ?? 0, rule: 'same PEP (PAIRS.tsv), Jaccard_w5 ≥ 0.5' };
}

/** The four corpora, or undefined when ../shared is absent. */
export function loadCorpora(root: string): Corpus[] | undefined {
  const base = path.resolve(root, '../shared/corpora');
  if (!fs.existsSync(base)) return undefined;
  const at = (n: string) => path.join(base, n);
  return [
    gutenberg(at('gutenberg-formats-editions')),
    licensee(at('licensee-fixtures')),
    licensecheck(at('google-licensecheck-testdata')),
    peps(at('python-peps-history')),
  ];
}
