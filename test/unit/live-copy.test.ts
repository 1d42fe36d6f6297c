import { describe, expect, it } from 'vitest';
import { standIn } from '../../lib/group/visible';
import { bestLiveCopy } from '../../lib/lost/live-copy';
import { liveCopyDetail, liveCopyLabel } from '../../words/groups';
import type { Alternate } from '../../lib/lost/report';
import { checkPageGroups } from '../../lib/tab/page-groups';

/** Issue #15: the live copy beside a dead result, what the page may be sent of it, and the stand-in of a dead representative. */
const alt = (over: Partial<Alternate> = {}): Alternate => ({
  url: 'https://mirror.example/essay',
  title: 'Civil Disobedience',
  source: 'group',
  resemblance: 0.934,
  containment: 0.97,
  checkedAt: 1_000_000,
  basis: 'page',
  ...over,
});

describe('the live copy beside "dead link"', () => {
  it('names the domain and the measure, and tells the measure and source on hover', () => {
    expect(liveCopyLabel(alt({ url: 'https://www.example.org/a' }))).toBe('live copy: example.org (93% alike)');
    const tip = liveCopyDetail(alt(), 1_000_000 + 5 * 60_000);
    expect(tip).toContain('Resemblance 0.93 of the main texts');
    expect(tip).toContain("97% of the dead page's text");
    expect(tip).toContain('another result of its group');
    expect(tip).toContain('5 minutes ago');
  });

  it('shows only an http(s) copy with a measure, the best first', () => {
    expect(bestLiveCopy(undefined)).toBeUndefined();
    expect(bestLiveCopy([])).toBeUndefined();
    expect(bestLiveCopy([alt({ url: 'javascript:alert(1)' }), alt({ url: 'https://b.example/' })])?.url).toBe('https://b.example/');
    expect(bestLiveCopy([alt({ resemblance: Number.NaN })])).toBeUndefined();
  });
});

describe('checkPageGroups: dead results with alternates', () => {
  const view = { mode: 'collapse', threshold: 0.5, groups: [], dead: [{ rank: 5, kind: 'gone', alternates: [alt()] }] };

  it('passes measured http(s) alternates', () => {
    expect(checkPageGroups(view)).toEqual(view);
    expect(checkPageGroups({ ...view, dead: [{ rank: 5, kind: 'gone' }] })).toBeDefined();
  });

  it('refuses an alternate without a measure, with another scheme, or too many', () => {
    const { resemblance: _, ...unmeasured } = alt();
    expect(checkPageGroups({ ...view, dead: [{ rank: 5, kind: 'gone', alternates: [unmeasured] }] })).toBeUndefined();
    expect(checkPageGroups({ ...view, dead: [{ rank: 5, kind: 'gone', alternates: [alt({ url: 'javascript:alert(1)' })] }] })).toBeUndefined();
    expect(checkPageGroups({ ...view, dead: [{ rank: 5, kind: 'gone', alternates: [alt({ resemblance: 1.5 })] }] })).toBeUndefined();
    expect(checkPageGroups({ ...view, dead: [{ rank: 5, kind: 'gone', alternates: Array(6).fill(alt()) }] })).toBeUndefined();
  });
});

describe('standIn: a dead representative never hides a live copy', () => {
  const copy = (rank: number) => ({ rank, reason: { kind: 'snippet' as const, resemblance: 0.8 } });
  const fuller = (rank: number) => ({ rank, reason: { kind: 'contains' as const, containment: 0.9, resemblance: 0.3 } });

  it('is the best-ranked live member that collapse would hide', () => {
    expect(standIn(1, [copy(6), copy(3)], new Set([1]))?.rank).toBe(3);
    expect(standIn(1, [copy(3), copy(6)], new Set([1, 3]))?.rank).toBe(6);
  });

  it('is none when the representative lives, when every copy is dead, or when only fuller pages (never hidden) are left', () => {
    expect(standIn(1, [copy(3)], new Set())).toBeUndefined();
    expect(standIn(1, [copy(3)], new Set([1, 3]))).toBeUndefined();
    expect(standIn(1, [fuller(3)], new Set([1]))).toBeUndefined();
  });
});
