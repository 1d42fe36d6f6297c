/**
 * Min-hash vs SimHash vs the combined mode on the labelled corpora in ../shared/corpora (issue #31).
 * Run by `npm run bench -- --corpus` as one esbuild bundle under node (bench/run.mjs), or alone:
 *   npx esbuild --bundle --platform=node --format=esm bench/methods.bench.ts --outfile=/tmp/m.mjs && node /tmp/m.mjs
 * Flags: --json (one JSON object last on stdout), --quick (one timing round, fewer snippets). Speeds are the
 * best of 5 alternating rounds.
 *
 * For every pair of documents in a corpus: min-hash estimated resemblance (lib sketch, w = 5, s = 128),
 * SimHash Hamming distance (lib simhashText, same shingles), the combined rule (Henzinger, SIGIR 2006:
 * pairs the shingle method finds at a looser threshold T, kept only if SimHash is within k bits), and
 * Debian's `simhash` tool where installed (bench/methods-debian.ts says what it is). What counts as a
 * true near-duplicate pair is decided per corpus in bench/methods-corpora.ts. Precision, recall and F1
 * at each method's best threshold (best F1) and at the defaults; "overall" pools every corpus's pairs under
 * one threshold. Plus the snippet case (w = 2, bench/methods-snippets.ts) for the extension's groups.
 *
 * JSON: {"methods": {
 *   skipped?: string,                        // ../shared absent: nothing measured
 *   defaults: {minhash, simhashK, combined: {threshold, k}},
 *   corpora: {<name>: {docs, rule, pairs, truePairs, leftOut, minhash, simhash, combined, debian?}},
 *   overall: {pairs, truePairs, minhash, simhash, combined, debian?},
 *   snippets: {snippets, truePairs, minhash, simhash, combined},
 *     // each method: {best: {precision, recall, f1, tp, fp, fn, threshold | k | (threshold, k)}, atDefault: {...}}
 *   speed: {corpusMB, minhashMBps, simhashMBps, baselineSimhashMBps, fiveKB | books: {minhashMBps, simhashMBps, ratio}, debianMBps?},
 *   bytesPerDoc: {minhashCompact, minhashFull, simhash, debian?},
 *   debian: {available, note}
 * }}
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_OPTIONS, type Sketch, resemblance, sketch, sketchText } from '../lib/index';
import { shingleSet } from '../lib/sketch/exact';
import { type SimHash, hamming, simhash } from '../lib/corpus/simhash';
import { simhashText } from '../lib/corpus/simhash-index';
import { canonicalSource } from '../lib/sketch/sketch';
import { type Corpus, loadCorpora } from './methods-corpora';
import { debianAvailable, runDebian } from './methods-debian';
import { type MethodScores, type PairSet, concat, evaluate, grid } from './methods-eval';
import { snippetPairs } from './methods-snippets';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
const QUICK = args.includes('--quick');
const ROUNDS = QUICK ? 1 : 5;
const root = process.env.RESEMBLE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg: string): void => void process.stdout.write(`${msg}\n`);

/** The defaults under test (docs/cli.md's --method, --bits and combined-mode defaults; .scratch/simhash-docs.md). */
const DEFAULTS = { r: 0.5, k: 3, combined: { threshold: 0.5, k: 12 } };
const SNIPPET_DEFAULTS = DEFAULTS;

/**
 * MB/s of input bytes for each function over the texts: rounds alternate between the functions and each
 * keeps its best round (other processes share this machine: the best round is the least disturbed one).
 */
function race(texts: string[], fns: ((t: string) => unknown)[]): number[] {
  const bytes = texts.reduce((s, t) => s + Buffer.byteLength(t), 0);
  const best = fns.map(() => Infinity);
  for (let r = 0; r < ROUNDS; r++) {
    fns.forEach((f, k) => {
      const t0 = performance.now();
      for (const t of texts) f(t);
      best[k] = Math.min(best[k], performance.now() - t0);
    });
  }
  return best.map((ms) => bytes / 1e6 / (ms / 1000));
}

const pct = (x: number) => (100 * x).toFixed(1).padStart(5);
const fmt = (s: { precision: number; recall: number; f1: number }) => `P ${pct(s.precision)}  R ${pct(s.recall)}  F1 ${pct(s.f1)}`;

function table(name: string, m: MethodScores, extra = ''): void {
  log(`  ${name}${extra}`);
  log(
    `    min-hash  best r ≥ ${m.minhash.best.threshold.toFixed(2)}          ${fmt(m.minhash.best)}   | at r ≥ ${m.minhash.atDefault.threshold}: ${fmt(m.minhash.atDefault)}`,
  );
  log(
    `    SimHash   best d ≤ ${String(m.simhash.best.k).padStart(2)}            ${fmt(m.simhash.best)}   | at d ≤ ${m.simhash.atDefault.k}: ${fmt(m.simhash.atDefault)}`,
  );
  const c = m.combined;
  log(
    `    combined  best r ≥ ${c.best.threshold.toFixed(2)}, d ≤ ${String(c.best.k).padStart(2)}  ${fmt(c.best)}   | at r ≥ ${c.atDefault.threshold}, d ≤ ${c.atDefault.k}: ${fmt(c.atDefault)}`,
  );
  if (m.debian) log(`    debian    best sim ≥ ${m.debian.best.threshold.toFixed(2)}        ${fmt(m.debian.best)}`);
}

function main(): void {
  const corpora = loadCorpora(root);
  if (!corpora) {
    process.stderr.write('methods bench: ../shared/corpora is absent — SKIPPED (nothing measured).\n');
    if (JSON_OUT) process.stdout.write(`${JSON.stringify({ methods: { skipped: '../shared/corpora absent' } })}\n`);
    return;
  }
  const hasDebian = debianAvailable();
  const debianNote = hasDebian
    ? "Debian simhash (bottom-128 CRC32 of 8-byte shingles, raw bytes; not Charikar's SimHash)"
    : 'Debian `simhash` not installed (apt-get install -y simhash): its column is SKIPPED';
  log(`methods bench: min-hash (w=5, s=128) vs SimHash (64 bits, same shingles) vs combined; ${debianNote}`);
  const out: Record<string, unknown> = {};
  const sets: PairSet[] = [];
  const allTexts: string[] = [];
  let allBytes = 0;
  let debSeconds = 0;
  let debBytes = 0;
  let debDocBytes = 0;
  let docsTotal = 0;
  let minLenSum = 0;
  for (const c of corpora as Corpus[]) {
    // Fingerprints; a document with no words (empty licence files) has none and is left out.
    const keep: number[] = [];
    const sks: Sketch[] = [];
    const shs: SimHash[] = [];
    c.docs.forEach((d, i) => {
      try {
        sks.push(sketch(d.text, PAGE_OPTIONS));
        shs.push(simhashText(d.text, PAGE_OPTIONS));
        keep.push(i);
      } catch {
        // EMPTY_INPUT
      }
    });
    const docs = keep.map((i) => c.docs[i]);
    for (const d of docs) {
      allTexts.push(d.text);
      allBytes += d.bytes;
    }
    docsTotal += docs.length;
    for (const s of sks) minLenSum += s.min.length;
    const deb = hasDebian ? runDebian(docs.map((d) => path.join(c.dir, d.file))) : undefined;
    if (typeof deb === 'string') log(`  ${c.name}: Debian simhash failed: ${deb}`);
    const debOk = deb !== undefined && typeof deb !== 'string';
    if (debOk) {
      debSeconds += deb.seconds;
      debBytes += docs.reduce((s, d) => s + d.bytes, 0);
      debDocBytes += deb.bytesPerDoc * docs.length;
    }
    const n = docs.length;
    const m = (n * (n - 1)) / 2;
    const p: PairSet = { truth: new Int8Array(m), r: new Float64Array(m), d: new Uint8Array(m), deb: new Float64Array(m).fill(Number.NaN) };
    let k = 0;
    let leftOut = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++, k++) {
        let t = c.truth(keep[i], keep[j]);
        // Containment, not resemblance: word counts more than 2× apart.
        const a = sks[i].tokens;
        const b = sks[j].tokens;
        if (t === 1 && Math.max(a, b) > 2 * Math.min(a, b)) t = -1;
        if (t === -1) leftOut++;
        p.truth[k] = t;
        p.r[k] = resemblance(sks[i], sks[j]);
        p.d[k] = hamming(shs[i], shs[j]);
        if (debOk) p.deb[k] = deb.sim[j][i];
      }
    }
    sets.push(p);
    const scores = evaluate(p, DEFAULTS, debOk);
    const truePairs = p.truth.reduce((s, t) => s + (t === 1 ? 1 : 0), 0);
    out[c.name] = { docs: n, rule: c.rule, pairs: m, truePairs, leftOut, ...scores };
    table(c.name, scores, ` — ${n} documents, ${m} pairs, ${truePairs} true (${c.rule}), ${leftOut} left out`);
  }
  const all = concat(sets);
  const overall = evaluate(all, DEFAULTS, hasDebian);
  const allTrue = all.truth.reduce((s, t) => s + (t === 1 ? 1 : 0), 0);
  table('overall (one threshold for every corpus)', overall, ` — ${all.truth.length} pairs, ${allTrue} true`);
  // How F1 moves with k (the permuted tables' cost grows fast with k: k + 1 blocks of 64/(k + 1) bits).
  const GRID_T = [0.3, 0.4, 0.5, 0.6];
  const GRID_K = [3, 4, 6, 8, 10, 12, 14, 16];
  const g = grid(all, GRID_T, GRID_K);
  log(`    overall F1 by k, SimHash alone: ${GRID_K.map((k) => `${k}: ${pct(g.simhash[k].f1)}`).join('  ')}`);
  for (const t of GRID_T) log(`    overall F1 by k, combined r ≥ ${t}: ${GRID_K.map((k) => `${k}: ${pct(g.combined[`${t},${k}`].f1)}`).join('  ')}`);

  // The snippet case: 30-word passages of the corpora's prose (w = 2).
  const prose = (corpora as Corpus[]).filter((c) => c.name === 'peps' || c.name === 'gutenberg').flatMap((c) => c.docs.map((d) => d.text));
  const sn = snippetPairs(prose, QUICK ? 150 : 400);
  const snScores = evaluate(sn.pairs, SNIPPET_DEFAULTS, false);
  table('snippets (w=2, 30 words)', snScores, ` — ${sn.snippets} snippets, ${sn.snippets / 2} true pairs`);

  // Speed: fingerprints of every corpus document (markup removal included), then 5 KB plain texts.
  const [minMB, simMB] = race(allTexts, [(t) => sketch(t, PAGE_OPTIONS), (t) => simhashText(t, PAGE_OPTIONS)]);
  const [baseMB] = race(allTexts.slice(0, 100), [(t) => simhash(shingleSet(t, PAGE_OPTIONS))]);
  const flat = prose.map((t) => canonicalSource(t)).join('\n');
  const fives: string[] = [];
  for (let i = 0; i + 5000 <= flat.length && fives.length < 600; i += 5000) fives.push(flat.slice(i, i + 5000));
  const [fiveMin, fiveSim] = race(fives, [(t) => sketchText(t, PAGE_OPTIONS), (t) => simhashText(t, { ...PAGE_OPTIONS, format: 'text' })]);
  const five = { minhashMBps: fiveMin, simhashMBps: fiveSim, ratio: fiveMin / fiveSim };
  // Whole books (the five Gutenberg ASCII texts, 0.05–0.4 MB): the dedup table's probes dominate there.
  const books = (corpora as Corpus[])
    .find((c) => c.name === 'gutenberg')!
    .docs.filter((d) => /\/\d+\.txt$/.test(d.file))
    .map((d) => canonicalSource(d.text));
  const [bookMin, bookSim] = race(books, [(t) => sketchText(t, PAGE_OPTIONS), (t) => simhashText(t, { ...PAGE_OPTIONS, format: 'text' })]);
  const book = { minhashMBps: bookMin, simhashMBps: bookSim, ratio: bookMin / bookSim };
  const speed = {
    corpusMB: allBytes / 1e6,
    minhashMBps: minMB,
    simhashMBps: simMB,
    baselineSimhashMBps: baseMB,
    fiveKB: five,
    books: book,
    ...(hasDebian ? { debianMBps: debBytes / 1e6 / debSeconds } : {}),
  };
  const bytesPerDoc = {
    minhashCompact: 4 * PAGE_OPTIONS.size,
    minhashCompactMeasured: (4 * minLenSum) / docsTotal,
    minhashFull: 8 * PAGE_OPTIONS.size,
    simhash: 8,
    ...(hasDebian ? { debian: debDocBytes / docsTotal } : {}),
  };
  log(
    `  speed (${speed.corpusMB.toFixed(1)} MB, ${docsTotal} files, markup removal included): min-hash sketch ${minMB.toFixed(1)} MB/s, SimHash ${simMB.toFixed(1)} MB/s (shingleSet + simhash: ${baseMB.toFixed(1)} MB/s)${hasDebian ? `, Debian simhash -w ${speed.debianMBps?.toFixed(1)} MB/s (one process, file copies)` : ''}`,
  );
  log(
    `  speed, ${books.length} whole books: sketch ${bookMin.toFixed(1)} MB/s, SimHash ${bookSim.toFixed(1)} MB/s: SimHash costs ${book.ratio.toFixed(2)}× a sketch`,
  );
  log(
    `  speed, ${fives.length} plain 5 KB texts: sketch ${five.minhashMBps.toFixed(1)} MB/s, SimHash ${five.simhashMBps.toFixed(1)} MB/s: SimHash costs ${five.ratio.toFixed(2)}× a sketch`,
  );
  log(
    `  bytes per document: min-hash compact ${bytesPerDoc.minhashCompact} (measured mean ${bytesPerDoc.minhashCompactMeasured.toFixed(0)}), full ${bytesPerDoc.minhashFull}, SimHash 8${hasDebian ? `, Debian .sim ${bytesPerDoc.debian?.toFixed(0)}` : ''}`,
  );
  if (JSON_OUT) {
    const { r, k, combined } = DEFAULTS;
    const res = {
      defaults: { minhash: r, simhashK: k, combined },
      corpora: out,
      overall: { pairs: all.truth.length, truePairs: allTrue, ...overall, grid: g },
      snippets: { snippets: sn.snippets, truePairs: sn.snippets / 2, ...snScores },
      speed,
      bytesPerDoc,
      debian: { available: hasDebian, note: debianNote },
    };
    process.stdout.write(`${JSON.stringify({ methods: res })}\n`);
  }
}

main();
