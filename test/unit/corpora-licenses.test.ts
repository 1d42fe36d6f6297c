/**
 * licensee's real-world LICENSE/README fixtures against the 47 choosealicense.com templates
 * (../shared/corpora/licensee-fixtures). Three questions, all with PAGE_OPTIONS (w = 5, s = 128, seed 0):
 *
 * 1. Does a licence file land with its licence family, i.e. is its most resembling template (estimated
 *    resemblance over all 47 template sketches) the template it is a near-duplicate of?
 * 2. Can a resemblance threshold tell the textually near-duplicate but legally different licences (the
 *    hard negatives) from true copies of a template? (No, not globally — numbers below.)
 * 3. Containment: a README that holds the MIT text under a short header contains the MIT template.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, containment, exactContainment, exactResemblance, resemblance, shingleSet, sketch, type Sketch } from '../../lib/index';
import { SHARED_ABSENT_TEST, hasShared, readLabels, readSharedText, warnSharedAbsent } from './helpers/shared';

const CORPUS = 'corpora/licensee-fixtures';

/** 1/(2√s): the largest standard error of a resemblance estimate from MIN_128. */
const SE_BOUND = 1 / (2 * Math.sqrt(PAGE_OPTIONS.size));

/** Textually near-duplicate, legally different: file → the template it is close to. */
const HARD_NEGATIVES: Record<string, string> = {
  'fixtures/cc-by-nc-sa/LICENSE': 'cc-by-sa-4.0',
  'fixtures/cc-by-nd/LICENSE': 'cc-by-4.0',
  'fixtures/fcpl-modified-mpl/LICENSE': 'mpl-2.0',
  'fixtures/pixar-modified-apache/LICENSE.txt': 'apache-2.0',
  'fixtures/wrk-modified-apache/LICENSE': 'apache-2.0',
};

/** READMEs holding the full MIT text under a short header (NOTES.md: "Containment cases"). */
const MIT_READMES = ['fixtures/mit/README.md', 'fixtures/readme/README.md', 'fixtures/readme-invalid-encoding/README.md'];

interface Doc {
  file: string;
  family: string;
  near: string;
  role: string;
  sketch: Sketch;
  set: Float64Array;
}

interface Scored {
  key: string;
  est: number;
  exact: number;
}

const fmt = (x: number) => x.toFixed(3);

describe.skipIf(!hasShared)('licensee fixtures vs the 47 license templates (needs ../shared)', () => {
  let templates: Doc[];
  let byKey: Map<string, Doc>;
  let docs: Map<string, Doc>;
  let licenses: Doc[];

  const load = (row: Record<string, string>): Doc => {
    const text = readSharedText(`${CORPUS}/${row.file}`);
    return {
      file: row.file,
      family: row.text_family,
      near: row.near_template,
      role: row.role,
      sketch: sketch(text, PAGE_OPTIONS),
      set: shingleSet(text, PAGE_OPTIONS),
    };
  };

  /** All templates, most resembling (estimate) first; ties broken by exact resemblance. */
  const ranked = (d: Doc): Scored[] =>
    templates
      .map((t) => ({ key: t.near, est: resemblance(d.sketch, t.sketch), exact: exactResemblance(d.set, t.set) }))
      .sort((a, b) => b.est - a.est || b.exact - a.exact);

  beforeAll(() => {
    const rows = readLabels(CORPUS);
    templates = rows.filter((r) => r.role === 'template').map(load);
    byKey = new Map(templates.map((t) => [t.near, t]));
    // Every fixture that has words (two are 0-byte files and would throw EMPTY_INPUT).
    const wanted = rows.filter((r) => r.role === 'license' || r.role === 'readme' || r.role === 'notice');
    docs = new Map(wanted.map((r) => [r.file, load(r)]));
    licenses = [...docs.values()].filter((d) => d.role === 'license' && d.near !== '');
  });

  it('reads the 47 templates (front matter stripped) and the licence fixtures', () => {
    expect(templates).toHaveLength(47);
    expect(templates.every((t) => t.file.startsWith('templates_body/') && t.family === t.near)).toBe(true);
    expect(licenses).toHaveLength(62);
    // The labels' hard negatives are exactly the five the notes name.
    const hard = Object.fromEntries(licenses.filter((d) => d.family !== d.near).map((d) => [d.file, d.near]));
    expect(hard).toEqual(HARD_NEGATIVES);
  });

  it('every licence fixture lands with its licence family: its most resembling template is its near_template, or a sibling within one standard error that exact resemblance ranks below it', () => {
    // Some BSD-3 files are written like BSD-3-Clause-Clear ("All rights reserved.", "*" bullets) and
    // are only ~0.02 nearer to bsd-3-clause by exact resemblance: half the standard error of a 128-value
    // estimate, so which of the two the sketch ranks first depends on the hash (seed 0 of an earlier
    // hash ranked Clear first for 4 of them; over 200 seeds bsd-3-clause came first 66-76% of the time).
    const misses: string[] = [];
    const withinError: string[] = [];
    for (const d of licenses) {
      const r = ranked(d);
      if (r[0].key === d.near && r[0].est > r[1].est) continue;
      const own = r.find((x) => x.key === d.near)!;
      const byExact = [...r].sort((a, b) => b.exact - a.exact);
      const line = `${d.file}: ${d.near} ${fmt(own.est)} (exact ${fmt(own.exact)}) vs ${r[0].key} ${fmt(r[0].est)} (exact ${fmt(r[0].exact)})`;
      if (r[0].est - own.est <= SE_BOUND && byExact[0].key === d.near) withinError.push(line);
      else misses.push(line);
    }
    console.log(
      `lands outright: ${licenses.length - withinError.length - misses.length} of ${licenses.length}; within one SE of a sibling:\n${withinError.join('\n')}`,
    );
    expect(misses).toEqual([]);
    expect(withinError.length).toBeLessThanOrEqual(6);
  });

  it('by exact resemblance every licence fixture lands with its near_template, the exceptions included', () => {
    for (const d of licenses) {
      const best = templates.map((t) => ({ key: t.near, exact: exactResemblance(d.set, t.set) })).sort((a, b) => b.exact - a.exact);
      expect(best[0].key, `${d.file}: ${best[0].key} ${fmt(best[0].exact)} vs ${best[1].key} ${fmt(best[1].exact)}`).toBe(d.near);
    }
  });

  it('hard negatives: no global threshold separates them from true licence → own template pairs; a per-template one does (exact)', () => {
    const truePairs = licenses.filter((d) => d.family === d.near);
    const pair = (d: Doc) => {
      const t = byKey.get(d.near)!;
      return { file: d.file, template: d.near, est: resemblance(d.sketch, t.sketch), exact: exactResemblance(d.set, t.set) };
    };
    const trueScores = truePairs.map(pair);
    const hardScores = licenses.filter((d) => d.family !== d.near).map(pair);
    const minOf = (xs: typeof trueScores, k: 'est' | 'exact') => xs.reduce((m, x) => (x[k] < m[k] ? x : m));
    const maxOf = (xs: typeof trueScores, k: 'est' | 'exact') => xs.reduce((m, x) => (x[k] > m[k] ? x : m));
    const minTrueEst = minOf(trueScores, 'est');
    const minTrueExact = minOf(trueScores, 'exact');
    const maxHardEst = maxOf(hardScores, 'est');
    const maxHardExact = maxOf(hardScores, 'exact');

    const rows = hardScores.map((h) => {
      const same = trueScores.filter((t) => t.template === h.template);
      const minSameEst = Math.min(...same.map((t) => t.est));
      const minSameExact = Math.min(...same.map((t) => t.exact));
      return { ...h, family: docs.get(h.file)!.family, copies: same.length, minSameEst, minSameExact };
    });
    console.log(
      [
        'Hard negatives vs the template they imitate (r = exact, r̂ = estimate):',
        ...rows.map(
          (h) =>
            `  ${h.family.padEnd(25)} vs ${h.template.padEnd(12)} r ${fmt(h.exact)}  r̂ ${fmt(h.est)}   | true copies of ${h.template} (${h.copies}): min r ${fmt(h.minSameExact)}  min r̂ ${fmt(h.minSameEst)}`,
        ),
        `min over ${trueScores.length} true licence → own template pairs: r ${fmt(minTrueExact.exact)} (${minTrueExact.file}), r̂ ${fmt(minTrueEst.est)} (${minTrueEst.file})`,
        `max over ${hardScores.length} hard negatives:                     r ${fmt(maxHardExact.exact)} (${maxHardExact.file}), r̂ ${fmt(maxHardEst.est)} (${maxHardEst.file})`,
      ].join('\n'),
    );

    // What is true (seed 0): NO single resemblance threshold separates the hard negatives from true copies.
    // The most similar hard negative, CC BY-NC-SA 4.0 vs the CC BY-SA 4.0 template (r 0.938, r̂ 0.969), is
    // far more similar than the least similar true copy, a reworded BSD-3-Clause
    // (bsd-3-linebreak-owner: r 0.694, r̂ 0.664). Min true r 0.694 / r̂ 0.664 < max hard r 0.938 / r̂ 0.969.
    expect(maxHardExact.exact).toBeGreaterThan(minTrueExact.exact);
    expect(maxHardEst.est).toBeGreaterThan(minTrueEst.est);
    expect(maxHardExact.exact - minTrueExact.exact).toBeGreaterThan(0.2);
    expect(maxHardEst.est - minTrueEst.est).toBeGreaterThan(0.2);

    // Per template, exact resemblance does separate them: every true copy of the imitated template is more
    // similar to it than the imitation is (measured: cc-by-sa-4.0 0.979 > 0.938, cc-by-4.0 0.975 > 0.911,
    // mpl-2.0 0.996 > 0.860, apache-2.0 0.988 > 0.859 and 0.856). The estimate (logged above) separates
    // them too at seed 0, but for cc-by-sa-4.0 only by 0.984 vs 0.969, less than one standard error, so
    // that is not asserted.
    for (const h of rows) {
      expect(h.copies, h.template).toBeGreaterThan(0);
      expect(h.minSameExact, `${h.file} vs ${h.template}`).toBeGreaterThan(h.exact);
    }
  });

  it('containment: READMEs holding the MIT text contain the MIT template (c ≥ 0.8) while their resemblance is lower', () => {
    const mit = byKey.get('mit')!;
    const lines: string[] = [];
    for (const file of MIT_READMES) {
      const d = docs.get(file)!;
      expect(d.role).toBe('readme');
      const c = containment(mit.sketch, d.sketch);
      const cx = exactContainment(mit.set, d.set);
      const r = resemblance(mit.sketch, d.sketch);
      const rx = exactResemblance(mit.set, d.set);
      lines.push(`  ${`mit in ${file}`.padEnd(54)} c ${fmt(cx)}  ĉ ${fmt(c)}   r ${fmt(rx)}  r̂ ${fmt(r)}`);
      expect(c, file).toBeGreaterThanOrEqual(0.8);
      expect(cx, file).toBeGreaterThanOrEqual(0.8);
      expect(r, file).toBeLessThan(c);
      expect(rx, file).toBeLessThan(cx);
    }
    // The Apache notice case (NOTES: "edited, C~0.66"): the README's notice is the short Apache boilerplate,
    // LICENSE.header the longer ASF header; they share its last sentences.
    const header = docs.get('fixtures/apache-with-readme-notice/LICENSE.header')!;
    const readme = docs.get('fixtures/apache-with-readme-notice/README.md')!;
    const c = containment(header.sketch, readme.sketch);
    const cx = exactContainment(header.set, readme.set);
    const r = resemblance(header.sketch, readme.sketch);
    const rx = exactResemblance(header.set, readme.set);
    lines.push(`  ${'apache-with-readme-notice: LICENSE.header in README.md'.padEnd(54)} c ${fmt(cx)}  ĉ ${fmt(c)}   r ${fmt(rx)}  r̂ ${fmt(r)}`);
    console.log(`Containment (c = exact, ĉ = estimate) vs resemblance:\n${lines.join('\n')}`);
    expect(cx).toBeGreaterThanOrEqual(0.6);
    expect(c).toBeGreaterThanOrEqual(0.6);
    expect(rx).toBeLessThan(cx);
    expect(r).toBeLessThan(c);
  });
});

if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent('licensee corpus'));
