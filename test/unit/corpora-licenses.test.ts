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
import {
  PAGE_OPTIONS,
  containment,
  exactContainment,
  exactResemblance,
  resemblance,
  shingleSet,
  sketch,
  type Sketch,
} from '../../lib/index';
import { SHARED_ABSENT_TEST, hasShared, readLabels, readSharedText, warnSharedAbsent } from './helpers/shared';

const CORPUS = 'corpora/licensee-fixtures';

/** 1/(2√s): the largest standard error of a resemblance estimate from MIN_128. */
const SE_BOUND = 1 / (2 * Math.sqrt(PAGE_OPTIONS.size));

/**
 * Known exceptions to "the most resembling template is the near_template" (estimate, seed 0).
 * All four are BSD-3-Clause files written with "All rights reserved." and "*" bullets, as the
 * BSD-3-Clause-Clear template is, while the BSD-3-Clause template has "1." numbering and no
 * "All rights reserved.". By EXACT resemblance each one is closer to bsd-3-clause, by ~0.02:
 *
 *   fixture                               exact r(own)  exact r(clear)  r̂(own)  r̂(clear)
 *   fixtures/bsd-3-authorowner/LICENSE          0.703          0.684      0.680     0.703
 *   fixtures/bsd-3-linebreak-owner/LICENSE      0.694          0.675      0.664     0.688
 *   fixtures/bsd-3-noendorseslash/LICENSE       0.752          0.730      0.758     0.766
 *   fixtures/multiple-arrs/LICENSE              0.784          0.760      0.789     0.797
 *
 * A margin of 0.02 is half the standard error of an estimate from 128 values (~0.04), so the sketch
 * cannot rank these two templates reliably: over seeds 0..199 the estimate ranks bsd-3-clause first
 * for only 133-152 of the 200 seeds (66-76%, by fixture). The mean estimates matched exact r within
 * 0.004, so the estimator is unbiased; seed 0 is unlucky for these four, whose samples are correlated
 * because their texts are nearly the same (three other BSD-3 files in the same style do land:
 * bsd-plus-patents 0.781 vs 0.766, bsd-3-lists/LICENSE.BULLETS and crlf-bsd 0.828 vs 0.820).
 * So for them the test asserts the weaker, stated property: the estimate ranks the near template
 * second, behind bsd-3-clause-clear only, by less than the standard-error bound 1/(2√128) = 0.044,
 * and the EXACT resemblance ranks the near template first. If one starts landing, that passes too.
 */
const ESTIMATE_EXCEPTIONS: Record<string, { sibling: string }> = {
  'fixtures/bsd-3-authorowner/LICENSE': { sibling: 'bsd-3-clause-clear' },
  'fixtures/bsd-3-linebreak-owner/LICENSE': { sibling: 'bsd-3-clause-clear' },
  'fixtures/bsd-3-noendorseslash/LICENSE': { sibling: 'bsd-3-clause-clear' },
  'fixtures/multiple-arrs/LICENSE': { sibling: 'bsd-3-clause-clear' },
};

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

  it('every licence fixture lands with its licence family: its most resembling template is its near_template', () => {
    const misses: string[] = [];
    for (const d of licenses) {
      if (d.file in ESTIMATE_EXCEPTIONS) continue;
      const [best, second] = ranked(d);
      if (best.key !== d.near || best.est === second.est) {
        misses.push(`${d.file}: expected ${d.near}, best ${best.key} ${fmt(best.est)}, second ${second.key} ${fmt(second.est)}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('pinned exceptions (4 BSD-3 files nearer, in style, to BSD-3-Clause-Clear): near template within one SE of the top by estimate, first by exact r', () => {
    const lines: string[] = [];
    for (const [file, { sibling }] of Object.entries(ESTIMATE_EXCEPTIONS)) {
      const d = docs.get(file)!;
      expect(d.near).toBe('bsd-3-clause');
      const r = ranked(d);
      const own = r.find((x) => x.key === d.near)!;
      const top = r[0];
      if (top.key !== d.near) {
        expect(top.key, file).toBe(sibling);
        expect(r[1].key, file).toBe(d.near);
        expect(top.est - own.est, file).toBeLessThanOrEqual(SE_BOUND);
      }
      const byExact = [...r].sort((a, b) => b.exact - a.exact);
      expect(byExact[0].key, file).toBe(d.near);
      expect(byExact[0].exact - byExact[1].exact, file).toBeGreaterThan(0.01);
      const sib = r.find((x) => x.key === sibling)!;
      lines.push(`${file.padEnd(40)} r̂ own ${fmt(own.est)} vs ${sibling} ${fmt(sib.est)}; exact ${fmt(own.exact)} vs ${fmt(sib.exact)}${top.key === d.near ? '  (now lands: the pin can go)' : ''}`);
    }
    console.log(`Pinned exceptions (estimate ranks ${Object.values(ESTIMATE_EXCEPTIONS)[0].sibling} first):\n${lines.join('\n')}`);
  });

  it('by exact resemblance every licence fixture lands with its near_template, the exceptions included', () => {
    for (const d of licenses) {
      const best = templates
        .map((t) => ({ key: t.near, exact: exactResemblance(d.set, t.set) }))
        .sort((a, b) => b.exact - a.exact);
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
