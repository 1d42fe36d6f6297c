/**
 * Issue #14: XML is read as markup. Every text of the licence corpora and the Gutenberg plain texts
 * (../shared/corpora) is rendered by code in four XML wrappers (helpers/xml-renderings: SPDX-, DocBook-,
 * TEI- and JATS-like) and paired with its plain form. Two questions, at the CLI's default cluster
 * threshold (0.5) with PAGE_OPTIONS, grouped by the CLI's own clustering (candidate index + union-find):
 *
 * 1. Does a text group with its XML rendering? (≥ 95% of pairs per corpus and wrapper.)
 * 2. Do the wrappers' shared tags merge different texts? A false merge is a pair of texts that the
 *    plain forms keep apart (r̂ < 0.5) but their renderings in one wrapper join (r̂ ≥ 0.5): none allowed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, canonicalSource, exactResemblance, resemblance, shingleSet, sketch, tokens, type Sketch } from '../../lib/index';
import { clusterSketches } from '../../cli/commands/cluster';
import { SHARED_ABSENT_TEST, hasShared, readLabels, readSharedText, warnSharedAbsent } from './helpers/shared';
import { WRAPPERS, renderXml, type Wrapper } from './helpers/xml-renderings';

const THRESHOLD = 0.5; // cli/commands/cluster.ts DEFAULT_THRESHOLD

interface Text {
  file: string;
  id: string;
  source: string;
  plain: Sketch;
  xml: Record<Wrapper, Sketch>;
}

/** Files of a corpus worth rendering: plain texts with words (HTML editions and empty files left out). */
function load(corpus: string, pick: (row: Record<string, string>) => string | undefined): Text[] {
  const out: Text[] = [];
  for (const row of readLabels(corpus)) {
    const id = pick(row);
    if (id === undefined) continue;
    const text = readSharedText(`${corpus}/${row.file}`);
    if (canonicalSource(text) !== text || tokens(text).length === 0) continue;
    const xml = Object.fromEntries(WRAPPERS.map((w) => [w, sketch(renderXml(w, id, text), PAGE_OPTIONS)])) as Record<Wrapper, Sketch>;
    out.push({ file: row.file, id, source: text, plain: sketch(text, PAGE_OPTIONS), xml });
  }
  return out;
}

const CORPORA: [string, string, (row: Record<string, string>) => string | undefined][] = [
  ['licensee', 'corpora/licensee-fixtures', (r) => r.text_family || r.file],
  ['licensecheck', 'corpora/google-licensecheck-testdata', (r) => (r.file.endsWith('ccurls.t1') ? undefined : r.file_kind)],
  ['gutenberg', 'corpora/gutenberg-formats-editions', (r) => (r.format === 'html' ? undefined : r.group)],
];

/** Whether the CLI's cluster joins files i and j (a pair clustered alone: r̂ at or above the threshold). */
const grouped = (a: Sketch, b: Sketch) =>
  clusterSketches(
    [
      { file: 'a', index: 0, sketch: a },
      { file: 'b', index: 1, sketch: b },
    ],
    THRESHOLD,
  ).length === 1;

describe.skipIf(!hasShared)('XML renderings of the shared corpora read as their text (needs ../shared)', () => {
  const texts = new Map<string, Text[]>();
  beforeAll(() => {
    for (const [name, dir, pick] of CORPORA) texts.set(name, load(dir, pick));
  }, 120_000);

  it('≥ 95% of text/XML pairs are grouped at the default threshold, per corpus and wrapper', () => {
    const lines: string[] = [];
    const below: string[] = [];
    for (const [name, ts] of texts) {
      expect(ts.length, name).toBeGreaterThan(8);
      for (const w of WRAPPERS) {
        const missed = ts.filter((t) => !grouped(t.plain, t.xml[w]));
        const rs = ts.map((t) => resemblance(t.plain, t.xml[w]));
        const share = 1 - missed.length / ts.length;
        lines.push(
          `  ${name.padEnd(13)} ${w.padEnd(8)} grouped ${String(ts.length - missed.length).padStart(3)}/${ts.length} = ${(100 * share).toFixed(1)}%  ` +
            `min r̂ ${Math.min(...rs).toFixed(3)}  median r̂ ${rs.sort((a, b) => a - b)[rs.length >> 1].toFixed(3)}` +
            (missed.length
              ? `  missed: ${missed
                  .slice(0, 4)
                  .map((t) => `${t.file} (${t.plain.tokens} words)`)
                  .join(', ')}`
              : ''),
        );
        if (share < 0.95) below.push(`${name} ${w}`);
      }
    }
    console.log(`text ↔ XML rendering, threshold ${THRESHOLD}:\n${lines.join('\n')}`);
    expect(below).toEqual([]);
  });

  it('no two texts of different families that text keeps apart are merged in one wrapper', () => {
    const lines: string[] = [];
    const all = [...texts.values()].flat();
    const family = all.map((t) => t.id.toLowerCase());
    const merged: Record<string, number> = {};
    for (const w of WRAPPERS) {
      let falseMerges = 0;
      let maxPlain = 0;
      let maxXml = 0;
      for (let i = 0; i < all.length; i++) {
        for (let j = i + 1; j < all.length; j++) {
          if (family[i] === family[j]) continue;
          const rt = resemblance(all[i].plain, all[j].plain);
          const rx = resemblance(all[i].xml[w], all[j].xml[w]);
          if (rt >= THRESHOLD) continue;
          if (rx >= THRESHOLD) falseMerges++;
          maxPlain = Math.max(maxPlain, rt);
          maxXml = Math.max(maxXml, rx);
        }
      }
      merged[w] = falseMerges;
      lines.push(`  ${w.padEnd(8)} false merges ${falseMerges}; pairs apart as text: max r̂ ${maxPlain.toFixed(3)} as text, ${maxXml.toFixed(3)} as XML`);
    }
    console.log(`different families in one wrapper (${all.length} texts, all corpora, threshold ${THRESHOLD}):\n${lines.join('\n')}`);
    expect(merged).toEqual({ spdx: 0, docbook: 0, tei: 0, jats: 0 });
  });

  it('tags are no words: rendered under distinct titles, no pair of texts resembles more as XML than as text (exact)', () => {
    // Distinct one-word titles ("doc17": a file path's words would be shared) leave the tags as the only
    // thing two renderings could share beyond their texts.
    // Exact resemblance, on the pairs whose estimate comes near the threshold either way (sampling noise
    // of ±1/128 would otherwise hide the answer, which is: never more).
    const all = [...texts.values()].flat();
    const lines: string[] = [];
    const lifted: Record<string, number> = {};
    /** Exact shingle sets, made only for the pairs that need them. */
    const cached = (cache: Map<number, Float64Array>, k: number, make: () => string) => cache.get(k) ?? cache.set(k, shingleSet(make(), PAGE_OPTIONS)).get(k)!;
    const plainSets = new Map<number, Float64Array>();
    const plainSet = (k: number) => cached(plainSets, k, () => all[k].source);
    for (const w of WRAPPERS) {
      const render = (k: number) => renderXml(w, `doc${k}`, all[k].source);
      const xml = all.map((_, k) => sketch(render(k), PAGE_OPTIONS));
      const xmlSets = new Map<number, Float64Array>();
      const xmlSet = (k: number) => cached(xmlSets, k, () => render(k));
      let pairs = 0;
      let maxLift = -1;
      let worst = '';
      for (let i = 0; i < all.length; i++) {
        for (let j = i + 1; j < all.length; j++) {
          if (Math.max(resemblance(all[i].plain, all[j].plain), resemblance(xml[i], xml[j])) < THRESHOLD - 0.1) continue;
          pairs++;
          const lift = exactResemblance(xmlSet(i), xmlSet(j)) - exactResemblance(plainSet(i), plainSet(j));
          if (lift > maxLift) [maxLift, worst] = [lift, `${all[i].file} ~ ${all[j].file}`];
        }
      }
      lifted[w] = Math.max(0, maxLift);
      lines.push(`  ${w.padEnd(8)} ${pairs} pairs with r̂ ≥ ${THRESHOLD - 0.1}: max r(xml) − r(text) ${maxLift.toFixed(4)} (${worst})`);
    }
    console.log(`exact resemblance, XML vs text, distinct titles:\n${lines.join('\n')}`);
    expect(lifted).toEqual({ spdx: 0, docbook: 0, tei: 0, jats: 0 });
  });
});

if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent('XML renderings of the corpora'));
