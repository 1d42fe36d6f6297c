/**
 * Issue #19's evidence as the background keeps it (entrypoints/background/copycat-evidence.ts), with
 * storage.local in memory: measured pairs become records and the results pages' table follows; nothing
 * is kept from a private window; the user's word and imported lists survive the cache being cleared.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import type { MeasuredPair } from '../../lib/copycat/evidence';

const local = new Map<string, unknown>();
vi.mock('wxt/browser', () => ({
  browser: {
    storage: {
      local: {
        get: async (k: string | string[]) => Object.fromEntries((Array.isArray(k) ? k : [k]).filter((x) => local.has(x)).map((x) => [x, structuredClone(local.get(x))])),
        set: async (items: Record<string, unknown>) => void Object.entries(items).forEach(([k, v]) => local.set(k, structuredClone(v))),
      },
    },
  },
}));
vi.mock('../../entrypoints/background/settings-item', () => ({ readSettings: async () => DEFAULT_SETTINGS }));

const { noteCopies, setVerdict, clearEvidence, addList, readCopycats } = await import('../../entrypoints/background/copycat-evidence');

const pair = (copy: string, original: string): MeasuredPair => ({
  a: { url: original, title: 'original', rank: 1 },
  b: { url: copy, title: 'copy', rank: 2 },
  resemblance: 0.85,
  aInB: 0.85,
  bInA: 1,
});
const PAIRS = [pair('https://cc.example/1', 'https://so.example/1'), pair('https://cc.example/2', 'https://so.example/2'), pair('https://cc.example/3', 'https://mdn.example/1')];

describe('copycat evidence in the background', () => {
  beforeEach(() => local.clear());

  it('measured copies become evidence and the table the results pages read', async () => {
    expect(await noteCopies(PAIRS, { incognito: false })).toBe(3);
    expect(local.get('copycat:evidence')).toHaveLength(3);
    expect(Object.keys(local.get('copycat:sites') as object)).toEqual(['cc.example']);
    // Measured again: the same records, not more.
    await noteCopies(PAIRS, { incognito: false });
    expect(local.get('copycat:evidence')).toHaveLength(3);
  });

  it('nothing is kept from a private window', async () => {
    expect(await noteCopies(PAIRS, { incognito: true })).toBe(0);
    expect([...local.keys()]).toEqual([]);
  });

  it('concurrent notes from two tabs both stay (one change at a time)', async () => {
    await Promise.all(PAIRS.map((p) => noteCopies([p], { incognito: false })));
    expect(local.get('copycat:evidence')).toHaveLength(3);
  });

  it('clearing the cache drops the evidence, not the user’s word or the imported lists', async () => {
    await noteCopies(PAIRS, { incognito: false });
    await setVerdict('hand.example', 'marked');
    await addList('clones', ['listed.example']);
    const s = await clearEvidence();
    expect(s.evidence).toEqual([]);
    expect(Object.keys(local.get('copycat:sites') as object).sort()).toEqual(['hand.example', 'listed.example']);
    expect((await readCopycats()).user.marked).toEqual(['hand.example']);
  });

  it('"not a copycat" takes the site off the table; undone, it is back', async () => {
    await noteCopies(PAIRS, { incognito: false });
    await setVerdict('cc.example', 'not-copycat');
    expect(local.get('copycat:sites')).toEqual({});
    await setVerdict('cc.example', 'none');
    expect(Object.keys(local.get('copycat:sites') as object)).toEqual(['cc.example']);
  });
});
