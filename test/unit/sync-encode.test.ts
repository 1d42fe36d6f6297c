/**
 * Issue #30, sync: the user's choices as storage.sync items (lib/sync): they round-trip, every chunk
 * keeps Chrome's quotas (8,192 bytes an item by key + JSON, 102,400 in all, 512 items), the oldest are
 * left out first and reported, two machines merge by the latest change, and damaged items are skipped.
 */
import { describe, expect, it } from 'vitest';
import { type Entry, type PairChoice, type SubChoice, type VerdictChoice, keyOf, merge, removal } from '../../lib/sync/choices';
import { SYNC_BUDGET, SYNC_QUOTA, decode, encode, itemBytes, staleKeys } from '../../lib/sync/encode';

const T0 = 1_750_000_000_000;
const pair = (i: number, at = T0 + i, len = 40): PairChoice => {
  const pad = (s: string) => s + 'x'.repeat(Math.max(0, len - s.length));
  const a = pad(`https://a${i}.example/page/`);
  const b = pad(`https://b${i}.example/page/`);
  return { kind: 'pair', a, b, at };
};
const verdict = (i: number, at = T0 + i): VerdictChoice => ({ kind: 'verdict', site: `copy-site-${i}.example`, verdict: i % 3 ? 'not-copycat' : 'marked', at });
const sub = (i: number, at = T0 + i): SubChoice => ({ kind: 'sub', url: `https://lists.example/list-${i}.txt`, name: `List ${i}`, at });
const byKey = (es: readonly Entry[]) => new Map(es.map((e) => [keyOf(e), e]));

function quotasHeld(items: Record<string, unknown>) {
  const sizes = Object.entries(items).map(([k, v]) => itemBytes(k, v));
  for (const [k, v] of Object.entries(items)) expect(k.length + JSON.stringify(v).length).toBeLessThanOrEqual(SYNC_QUOTA.perItem);
  for (const s of sizes) expect(s).toBeLessThanOrEqual(SYNC_QUOTA.perItem);
  const total = sizes.reduce((a, b) => a + b, 0);
  expect(total).toBeLessThanOrEqual(SYNC_BUDGET.maxBytes);
  expect(Object.keys(items).length).toBeLessThanOrEqual(SYNC_BUDGET.maxItems);
  return total;
}

describe('sync encoding', () => {
  it('round-trips every kind, removals included, through JSON', () => {
    const entries: Entry[] = [
      pair(1),
      { kind: 'pair', a: 'http://plain.example/x', b: 'https://x.example/é?q=1', at: T0 },
      verdict(1),
      verdict(3),
      sub(1),
      removal(pair(2), T0 + 5),
      removal(verdict(7), T0 + 6),
      removal(sub(9), T0 + 7),
    ];
    const out = encode(entries);
    expect(out.left).toEqual([]);
    const back = decode(JSON.parse(JSON.stringify(out.items)));
    expect(byKey(back)).toEqual(byKey(entries));
  });

  it('keeps every quota with large inputs, and drops the oldest first', () => {
    const pairs = Array.from({ length: 500 }, (_, i) => pair(i, T0 + i * 10, 2000));
    const verdicts = Array.from({ length: 5000 }, (_, i) => verdict(i, T0 + i * 10 + 5));
    const all = [...pairs, ...verdicts];
    const out = encode(all);
    quotasHeld(out.items);
    expect(out.left.length).toBeGreaterThan(0);
    const kept = decode(out.items);
    expect(kept.length + out.left.length).toBe(all.length);
    // Everything kept is newer than everything left out.
    const oldestKept = Math.min(...kept.map((e) => e.at));
    const newestLeft = Math.max(...out.left.map((e) => e.at));
    expect(newestLeft).toBeLessThan(oldestKept);
    expect(new Set(out.left.map(keyOf))).toEqual(new Set(all.filter((e) => e.at < oldestKept).map(keyOf)));
  });

  it('leaves out everything older than the first choice that does not fit, however small', () => {
    const budget = { maxBytes: 3000, maxItems: 10, perItem: SYNC_QUOTA.perItem };
    const [a, big, c] = [pair(1, T0 + 300), pair(2, T0 + 200, 2000), pair(3, T0 + 100)];
    const d = verdict(4, T0 + 50);
    // `big` overflows the budget joined to the open pair chunk: c and d would fit, but are older.
    expect(encode([c, big, d, a], budget).left).toEqual([big, c, d]);
    // The same when the one that does not fit would open a new chunk.
    const [v1, v2] = [verdict(1, T0 + 300), verdict(2, T0 + 100)];
    expect(encode([v2, big, v1], budget).left).toEqual([big, v2]);
  });

  it('holds the item count and the per-item size, and one choice too big for any item never stops smaller ones', () => {
    const budget = { maxBytes: SYNC_BUDGET.maxBytes, maxItems: 2, perItem: 1000 };
    const verdicts = Array.from({ length: 200 }, (_, i) => verdict(i));
    const out = encode(verdicts, budget);
    expect(Object.keys(out.items)).toHaveLength(2);
    for (const [k, v] of Object.entries(out.items)) expect(itemBytes(k, v)).toBeLessThanOrEqual(1000);
    expect(out.left.length).toBeGreaterThan(0);
    expect(Math.max(...out.left.map((e) => e.at))).toBeLessThan(Math.min(...decode(out.items).map((e) => e.at)));
    // A pair of 3,000-character addresses fits no 1,000-byte item: it alone stays here.
    const huge = pair(1, T0 + 1000, 3000);
    const some = encode([huge, verdict(1), sub(1)], { ...budget, maxItems: 10 });
    expect(some.left).toEqual([huge]);
    expect(byKey(decode(some.items))).toEqual(byKey([verdict(1), sub(1)]));
  });

  it('fits everything when it fits, and writes no more chunks than it needs', () => {
    const small = Array.from({ length: 300 }, (_, i) => verdict(i));
    const out = encode(small);
    expect(out.left).toEqual([]);
    expect(Object.keys(out.items)).toEqual(['c:v:0', 'c:v:1']);
    expect(staleKeys(['c:v:0', 'c:v:1', 'c:v:2', 'c:p:0', 'settings'], out)).toEqual(['c:v:2', 'c:p:0']);
  });

  it('merges two machines by the latest change per choice, removals included', () => {
    const local: Entry[] = [pair(1, T0 + 10), verdict(1, T0 + 10), removal(sub(1), T0 + 30), verdict(2, T0 + 5)];
    const remote: Entry[] = [removal(pair(1), T0 + 20), { ...verdict(1), verdict: 'marked', at: T0 + 5 }, sub(1, T0 + 20), removal(verdict(2), T0 + 5)];
    const got = byKey(merge(local, remote));
    expect(got.get(keyOf(pair(1)))).toEqual(removal(pair(1), T0 + 20)); // removed later elsewhere
    expect(got.get(keyOf(verdict(1)))).toEqual(verdict(1, T0 + 10)); // local is later
    expect(got.get(keyOf(sub(1)))).toEqual(removal(sub(1), T0 + 30)); // removed later here
    expect(got.get(keyOf(verdict(2)))).toEqual(removal(verdict(2), T0 + 5)); // a tie: the removal
    expect(byKey(merge(remote, local))).toEqual(got);
    // Through the encoding too.
    expect(byKey(merge(local, decode(encode(remote).items)))).toEqual(got);
  });

  it('skips damaged and foreign items, and damaged rows alone', () => {
    const good = encode([pair(1), verdict(1), sub(1)]).items;
    const items: Record<string, unknown> = {
      ...good,
      settings: { theme: 'dark' },
      'c:p:7': 'not an object',
      'c:v:8': { v: 2, r: [['1', 'x.example', 1]] },
      'c:s:9': { v: 1, r: 'no rows' },
      'c:x:0': { v: 1, r: [['1', 'x.example', 1]] },
      'c:v:3': {
        v: 1,
        r: [
          ['1', 'ok.example', 1],
          ['1', 'bad site', 1],
          ['1', 'x.example', 2],
          ['-1', 'y.example', 0],
          ['zzzzzzzzzzzz', 'y.example', 0],
          [5, 'y.example', 0],
          ['1', 'THIS-IS-NOT-AN-ID!'],
          null,
          ['1', 'a', 'b', 'c'],
        ],
      },
      'c:p:4': {
        v: 1,
        r: [
          ['1', 'same.example/x', 'same.example/x'],
          ['1', 'x'.repeat(3000), 'y.example'],
        ],
      },
    };
    const got = decode(items);
    expect(byKey(got)).toEqual(byKey([pair(1), verdict(1), sub(1), { kind: 'verdict', site: 'ok.example', verdict: 'marked', at: 1 }]));
  });

  it("never counts fewer bytes than Chrome, whose JSON writer escapes '<', DEL, U+2028 and U+2029 as 6 bytes each", () => {
    // Chrome's count, written apart from the encoder's: key + its JSON writer's output in UTF-8.
    const chromeBytes = (k: string, v: unknown) =>
      Buffer.byteLength(k) +
      Buffer.byteLength(JSON.stringify(v).replace(/[<\u007f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`));
    const names = ['<'.repeat(200), '\u2028\u2029'.repeat(100), '\u007f'.repeat(200)];
    const subs = Array.from({ length: 120 }, (_, i): SubChoice => ({ ...sub(i), name: names[i % 3] }));
    const out = encode(subs);
    expect(Object.keys(out.items).length).toBeGreaterThan(1);
    for (const [k, v] of Object.entries(out.items)) {
      expect(chromeBytes(k, v)).toBeLessThanOrEqual(SYNC_QUOTA.perItem);
      expect(itemBytes(k, v)).toBeGreaterThanOrEqual(chromeBytes(k, v));
    }
    expect(Object.entries(out.items).reduce((n, [k, v]) => n + chromeBytes(k, v), 0)).toBeLessThanOrEqual(SYNC_BUDGET.maxBytes);
    expect(byKey(decode(JSON.parse(JSON.stringify(out.items))))).toEqual(byKey(subs.filter((s) => !out.left.includes(s))));
  });

  it('measures how many choices of each kind fit', () => {
    const measure = (make: (i: number) => Entry, n: number) => {
      const all = Array.from({ length: n }, (_, i) => make(i));
      const out = encode(all);
      quotasHeld(out.items);
      return { fit: n - out.left.length, items: Object.keys(out.items).length, bytes: out.bytes };
    };
    const rows = {
      'pairs, 60-char URLs': measure((i) => pair(i, T0 + i, 60), 5000),
      'pairs, 200-char URLs': measure((i) => pair(i, T0 + i, 200), 5000),
      'pairs, 2,000-char URLs': measure((i) => pair(i, T0 + i, 2000), 500),
      'verdicts (~22-char sites)': measure((i) => verdict(i), 10000),
      'subscriptions (~36-char URL, short name)': measure((i) => sub(i), 10000),
      removals: measure((i) => removal(verdict(i), T0 + i), 10000),
    };
    console.log('sync: choices that fit in', SYNC_BUDGET.maxBytes, 'bytes\n', rows);
    expect(rows['verdicts (~22-char sites)'].fit).toBeGreaterThan(2000);
  });
});
