import { median, spreadPct } from './timing';

export const NAMES = ['ours', 'minhash', 'kperm', 'floor'] as const;
export type Name = (typeof NAMES)[number];
type Kind = 'page' | 'snippet' | 'real';
type Census = Record<Name, { words: number; shingles: number; bytes: number }>;

/** Everything measured: one value per round for every rate, so figures and ratios are medians. */
export interface Report {
  rounds: number;
  seconds: number;
  runner: string;
  node: string;
  pages: { count: number; bytes: number };
  snippets: { count: number; words: number };
  real?: { file: string; count: number; bytes: number };
  numPerm: number;
  census: { page: Census; snippet: Census };
  /** Pages and real pages in MB/s (10^6 bytes), snippets per second. */
  rates: Record<Name, Record<Kind, number[] | undefined>>;
  compareNs: { resemblance: number[]; containment: number[] };
  compareOps: number;
  /** Snippets per second through the single-text API (sketchText per text; `rates.ours.snippet` is the batch API). */
  singleSnippet: number[];
}

const num = (x: number): string =>
  x >= 1e4 ? Math.round(x).toLocaleString('en-US') : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3);
const round4 = (x: number): number => Number(x.toPrecision(4));
const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;
const times = (x: number): string => `${num(x)}x`;
const mark = (ok: boolean): string => (ok ? '✓' : '✗');

export function printReport(r: Report, json: boolean): void {
  const med = (name: Name, kind: Kind): number | undefined => {
    const v = r.rates[name][kind];
    return v && v.length > 0 ? median(v) : undefined;
  };
  /** Median over rounds of ours / other, measured in the same round. */
  const ratio = (other: Name, kind: Kind): number | undefined => {
    const a = r.rates.ours[kind];
    const b = r.rates[other][kind];
    return a && b ? median(a.map((x, i) => x / b[i])) : undefined;
  };
  const cell = (name: Name, kind: Kind, unit: string): string => {
    const v = r.rates[name][kind];
    if (!v) return 'skipped'.padStart(22);
    return `${num(median(v))} ${unit}${spread(v)}`.padStart(22);
  };
  const spread = (v: number[]): string => (v.length > 1 ? ` ±${spreadPct(v).toFixed(0)}%` : '');
  const out: string[] = [];
  out.push(`resemble sketch bench: node ${r.node}, ${r.runner}, ${r.rounds} round(s), median of rounds (±: half the range), ${r.seconds.toFixed(0)} s`);
  out.push(
    `  pages:    ${r.pages.count} synthetic English pages, ${num(r.pages.bytes / 1e3)} KB, ${r.census.page.ours.words.toLocaleString('en-US')} words, w = 5`,
  );
  out.push(`  snippets: ${r.snippets.count} synthetic snippets of ${r.snippets.words} words, w = 2`);
  out.push(
    r.real ? `  real:     ${r.real.file} cut into ${r.real.count} pages, ${num(r.real.bytes / 1e3)} KB, w = 5` : `  real:     skipped (../shared not found)`,
  );
  out.push(`  minhash: npm minhash 0.0.9, numPerm ${r.numPerm} (its default); kperm: k = 128; MB = 10^6 bytes`);
  out.push('');
  out.push(`${'contender'.padEnd(10)}${'pages'.padStart(22)}${'real pages'.padStart(22)}${'snippets'.padStart(22)}`);
  for (const name of NAMES) out.push(`${name.padEnd(10)}${cell(name, 'page', 'MB/s')}${cell(name, 'real', 'MB/s')}${cell(name, 'snippet', '/s')}`);
  out.push('');
  out.push(`${'ratio (median of per-round ratios)'.padEnd(36)}${'pages'.padStart(12)}${'real pages'.padStart(12)}${'snippets'.padStart(12)}`);
  for (const [other, fmt] of [
    ['minhash', times],
    ['kperm', times],
    ['floor', pct],
  ] as const) {
    const c = (kind: Kind) => (ratio(other, kind) === undefined ? 'skipped' : fmt(ratio(other, kind)!)).padStart(12);
    out.push(`${`ours / ${other}`.padEnd(36)}${c('page')}${c('real')}${c('snippet')}`);
  }
  const resNs = median(r.compareNs.resemblance);
  const conNs = median(r.compareNs.containment);
  out.push('');
  out.push(`compare two page sketches (s = 128; ${num(r.compareOps)} ops per round):`);
  out.push(`  resemblance(a, b) ${num(resNs)} ns${spread(r.compareNs.resemblance)}    containment(a, b) ${num(conNs)} ns${spread(r.compareNs.containment)}`);

  const page = med('ours', 'page')!;
  const realMBs = med('ours', 'real');
  const snip = med('ours', 'snippet')!;
  const vsMinhash = ratio('minhash', 'page')!;
  const vsFloor = ratio('floor', 'page')!;
  const snipVsFloor = ratio('floor', 'snippet')!;
  const single = median(r.singleSnippet);
  const singleVsFloor = median(r.singleSnippet.map((x, i) => x / r.rates.floor.snippet![i]));
  const goals = {
    pageMBs: { target: 200, value: round4(page), met: page >= 200 },
    pageTimesMinhash: { target: 200, value: round4(vsMinhash), met: vsMinhash >= 200 },
    pageFractionOfFloor: { target: 0.8, value: round4(vsFloor), met: vsFloor >= 0.8 },
    snippetsPerSec: { target: 500_000, value: round4(snip), met: snip >= 500_000 },
    snippetFractionOfFloor: { target: 0.5, value: round4(snipVsFloor), met: snipVsFloor >= 0.5 },
    compareNs: { target: 1000, value: round4(resNs), met: resNs <= 1000 },
  };
  const realNote = (v: number | undefined, f: (x: number) => string) => (v === undefined ? '' : `   (real text: ${f(v)})`);
  out.push('');
  out.push('goals (synthetic pages):');
  const goal = (met: boolean, label: string, figure: string) => out.push(`  ${mark(met)} ${label.padEnd(24)}${figure}`);
  goal(goals.pageMBs.met, 'pages ≥ 200 MB/s', `${num(page)} MB/s${realNote(realMBs, (x) => `${num(x)} MB/s`)}`);
  goal(goals.pageTimesMinhash.met, 'pages ≥ 200x minhash', `${times(vsMinhash)}${realNote(ratio('minhash', 'real'), times)}`);
  goal(goals.pageFractionOfFloor.met, 'pages ≥ 80% of floor', `${pct(vsFloor)}${realNote(ratio('floor', 'real'), pct)}`);
  goal(goals.snippetsPerSec.met, 'snippets ≥ 500,000/s', `${num(snip)}/s   (one text a call: ${num(single)}/s)`);
  goal(goals.snippetFractionOfFloor.met, 'snippets ≥ 50% of floor', `${pct(snipVsFloor)}   (one text a call: ${pct(singleVsFloor)})`);
  goal(goals.compareNs.met, 'compare ≤ 1 µs', `resemblance ${num(resNs)} ns   (containment ${num(conNs)} ns ${mark(conNs <= 1000)})`);
  const c = r.census.page;
  if (c.ours.words !== c.floor.words || c.ours.words !== c.kperm.words || c.ours.shingles !== c.floor.shingles || c.ours.bytes !== c.floor.bytes) {
    out.push(`  ! contenders read different texts: words ours ${c.ours.words}, floor ${c.floor.words}, kperm/minhash ${c.kperm.words}`);
  }
  console.log(out.join('\n'));

  if (json) {
    const entry = (name: Name): Record<string, unknown> => ({
      pageMBs: round4(med(name, 'page')!),
      snippetsPerSec: round4(med(name, 'snippet')!),
      realPageMBs: r.real ? round4(med(name, 'real')!) : null,
      pageBytes: r.census.page[name].bytes,
      pageWords: r.census.page[name].words,
      pageShingles: r.census.page[name].shingles,
      snippetWords: r.census.snippet[name].words,
      snippetShingles: r.census.snippet[name].shingles,
    });
    const ratios = (other: Name) => ({
      page: round4(ratio(other, 'page')!),
      snippet: round4(ratio(other, 'snippet')!),
      real: r.real ? round4(ratio(other, 'real')!) : null,
    });
    const obj = {
      ours: { ...entry('ours'), snippetsPerSecOneByOne: round4(single), compareNs: round4(resNs), containmentNs: round4(conNs) },
      minhash: { ...entry('minhash'), numPerm: r.numPerm },
      kperm: { ...entry('kperm'), k: 128 },
      floor: entry('floor'),
      ratios: {
        oursOverMinhash: ratios('minhash'),
        oursOverKperm: ratios('kperm'),
        oursOverFloor: { ...ratios('floor'), snippetOneByOne: round4(singleVsFloor) },
      },
      goals,
      meta: { rounds: r.rounds, seconds: round4(r.seconds), runner: r.runner, node: r.node, pages: r.pages, snippets: r.snippets, real: r.real ?? null },
    };
    console.log(JSON.stringify(obj));
  }
}
