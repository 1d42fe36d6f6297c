import { describe, expect, it } from 'vitest';
import { CORPUS_DEFAULTS, MAX_R, MIN_R, corpusChunks, parseId, planCorpus, plannedResemblance } from '../../bench/corpus-gen';
import { exactResemblance, shingleSet } from '../../lib/index';

// Issue #31's generated corpus (bench/corpus-gen.ts), at a small size: the bench's recall figures are
// only as good as the ground truth in its ids, so the planted resemblances are checked with lib's exact sets.
const OPTS = { ...CORPUS_DEFAULTS, docs: 500, familyShare: 0.04, seed: 7 };

function lines(opts = OPTS): { id: string; text: string }[] {
  const text = Buffer.concat([...corpusChunks(opts)]).toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('generated corpus', () => {
  const docs = lines();
  const plan = planCorpus(OPTS);

  it('is the same for the same seed and different for another', () => {
    const a = Buffer.concat([...corpusChunks(OPTS)]);
    expect(Buffer.concat([...corpusChunks(OPTS)]).equals(a)).toBe(true);
    expect(Buffer.concat([...corpusChunks({ ...OPTS, seed: 8 })]).equals(a)).toBe(false);
  });

  it('has N documents of about docBytes each, with ids naming the planted families', () => {
    expect(docs.length).toBe(OPTS.docs);
    expect(new Set(docs.map((d) => d.id)).size).toBe(OPTS.docs);
    expect(plan.families).toBe(20);
    const members = new Map<number, number>();
    let unrelated = 0;
    for (const d of docs) {
      expect(d.id).toMatch(/^(f\d{6}-\d|u\d{7})$/);
      const { family, member } = parseId(d.id);
      if (family < 0) unrelated++;
      else {
        expect(member).toBeLessThan(plan.familySizes[family]);
        members.set(family, (members.get(family) ?? 0) + 1);
      }
      expect(d.text.length).toBeGreaterThan(OPTS.docBytes * 0.7);
      expect(d.text.length).toBeLessThan(OPTS.docBytes * 1.35);
    }
    expect(unrelated).toBe(plan.unrelated);
    for (let f = 0; f < plan.families; f++) expect(members.get(f), `family ${f}`).toBe(plan.familySizes[f]);
    // No member sits next to another of its family.
    for (let i = 1; i < docs.length; i++) {
      const a = parseId(docs[i - 1].id).family;
      expect(a >= 0 && a === parseId(docs[i].id).family, `${docs[i - 1].id} next to ${docs[i].id}`).toBe(false);
    }
  });

  it('plants members whose exact resemblance to their base spreads over the intended range; unrelated documents share nothing', () => {
    const sets = new Map(docs.map((d) => [d.id, shingleSet(d.text)]));
    const rs: number[] = [];
    for (const d of docs) {
      const { family, member } = parseId(d.id);
      if (member < 1) continue;
      const base = sets.get(`f${String(family).padStart(6, '0')}-0`)!;
      const r = exactResemblance(base, sets.get(d.id)!);
      rs.push(r);
      // The plan's count of removed and added shingles is what lib's exact sets find.
      expect(Math.abs(r - plannedResemblance(OPTS, family, member)), d.id).toBeLessThan(0.01);
    }
    rs.sort((a, b) => a - b);
    expect(rs.length).toBe(plan.familySizes.reduce((a, b) => a + b, 0) - plan.families);
    expect(rs[0]).toBeGreaterThanOrEqual(MIN_R - 0.03);
    expect(rs[rs.length - 1]).toBeLessThanOrEqual(MAX_R + 0.02);
    expect(rs[0]).toBeLessThan(0.62);
    expect(rs[rs.length - 1]).toBeGreaterThan(0.88);
    // Unrelated documents and the bases of different families, pairwise.
    const others = docs.filter((d) => parseId(d.id).member <= 0).slice(0, 80);
    let max = 0;
    for (let i = 0; i < others.length; i++) {
      for (let j = i + 1; j < others.length; j++) max = Math.max(max, exactResemblance(sets.get(others[i].id)!, sets.get(others[j].id)!));
    }
    expect(max).toBeLessThan(0.005);
  });
});
