/**
 * Issue #28: regroups while a long page is checked. Progress ticks are coalesced and paced
 * (lib/tab/coalesce.ts); the pass with pages runs over the results that can link only
 * (lib/group/linkable.ts), with the same groups as over them all.
 */
import { describe, expect, it } from 'vitest';
import { Coalescer } from '../../lib/tab/coalesce';
import { linkable } from '../../lib/group/linkable';
import { groupWithPages } from '../../lib/group/pages';
import type { GroupOutcome } from '../../lib/group/results';
import { sketchText } from '../../lib/sketch/sketch';

describe('Coalescer', () => {
  it('runs once for ticks that come while a run waits, with the latest value, and paces runs by their cost', async () => {
    let t = 0;
    const sleeps: number[] = [];
    const runs: number[] = [];
    let gate: (() => void) | undefined;
    const c = new Coalescer<number>(
      async (_key, take) => {
        // The run waits its turn (the tab's queue) before taking its value, then costs 100 ms.
        await new Promise<void>((r) => (gate = r));
        runs.push(take());
        t += 100;
      },
      { factor: 2, maxGapMs: 2000 },
      () => t,
      async (ms) => {
        sleeps.push(ms);
        t += ms;
      },
    );
    const first = c.ask(1, 1);
    await Promise.resolve();
    // 600 progress ticks while the first run waits in the queue: all join it.
    const joined = Array.from({ length: 600 }, (_, i) => c.ask(1, i + 2));
    await new Promise((r) => setTimeout(r, 0));
    gate!();
    await first;
    await Promise.all(joined);
    expect(runs).toEqual([601]);
    expect(sleeps, 'the first ask runs at once').toEqual([]);
    // The next ask waits twice the last run's length after it ended.
    const next = c.ask(1, 602);
    await new Promise((r) => setTimeout(r, 0));
    gate!();
    await next;
    expect(sleeps).toEqual([200]);
    expect(runs).toEqual([601, 602]);
  });

  it('an urgent ask (the last page of a check) is not paced: it runs at once, or wakes a run that waits', async () => {
    let t = 0;
    const runs: number[] = [];
    // A sleep that only ends when told: a paced run waits until woken.
    const sleeping: (() => void)[] = [];
    const c = new Coalescer<number>(
      async (_key, take) => {
        runs.push(take());
        t += 100;
      },
      { factor: 2, maxGapMs: 2000 },
      () => t,
      (ms) => new Promise<void>((r) => sleeping.push(r)).then(() => void (t += ms)),
    );
    await c.ask(1, 1);
    // After a 100 ms run, an ordinary ask waits (200 ms, here until the sleep is told to end)…
    const paced = c.ask(1, 2);
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toEqual([1]);
    expect(sleeping).toHaveLength(1);
    // …and an urgent one joins it and wakes it: it runs with the urgent value, the sleep never ended.
    const urgent = c.ask(1, 3, true);
    await Promise.all([paced, urgent]);
    expect(runs).toEqual([1, 3]);
    // With nothing waiting, an urgent ask runs at once, whatever the last run cost.
    await c.ask(1, 4, true);
    expect(runs).toEqual([1, 3, 4]);
    expect(sleeping).toHaveLength(1);
  });

  it('keys are independent', async () => {
    const runs: string[] = [];
    const c = new Coalescer<string>(async (key, take) => void runs.push(`${key}:${take()}`));
    await Promise.all([c.ask(1, 'a'), c.ask(2, 'b')]);
    expect(runs.sort()).toEqual(['1:a', '2:b']);
  });
});

describe('linkable', () => {
  const text = (i: number) => Array.from({ length: 80 }, (_, k) => `w${(i * 7919 + k * 31) % 5000}`).join(' ');
  it('leaves out only results that cannot link: groupWithPages gives the same groups', () => {
    const at = (i: number) => (i >= 150 && i < 160 ? i - 150 : i); // ranks 151–160 repeat the addresses of 1–10
    const items = Array.from({ length: 300 }, (_, i) => ({ rank: i + 1, url: `https://s${at(i)}.example/p${at(i)}`, title: `t${i}`, snippet: `s${i}` }));
    // Ranks 1–20 have pages; rank 2's page copies rank 1's.
    const pages = new Map(items.slice(0, 20).map((it) => [it.rank, { sketch: sketchText(text(it.rank === 2 ? 1 : it.rank), { shingle: 4, size: 64 }) }]));
    const outcome: GroupOutcome = {
      groups: [],
      pairs: [
        { a: 40, b: 41, resemblance: 0.9 },
        { a: 50, b: 60, resemblance: 0.2 },
      ],
      boilerplate: 0,
    };
    const o = { threshold: 0.5, containment: 0.8 };
    const kept = linkable(items, outcome, pages, o.threshold);
    expect(kept.length).toBe(20 + 10 + 2);
    expect(kept.map((r) => r.rank)).toContain(40);
    expect(kept.map((r) => r.rank)).not.toContain(50);
    expect(groupWithPages(kept, outcome, pages, o)).toEqual(groupWithPages(items, outcome, pages, o));
  });
});
