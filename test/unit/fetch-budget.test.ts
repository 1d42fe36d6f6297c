/**
 * Issue #28: page checking's fetch budget (lib/fetch/budget.ts) and the release of a view's outcomes
 * in rank order (lib/fetch/check-view.ts).
 */
import { describe, expect, it } from 'vitest';
import { CHECK_BUDGET, FetchBudget } from '../../lib/fetch/budget';
import { CheckView } from '../../lib/fetch/check-view';

const results = (n: number, host = 'site.example', from = 1) => Array.from({ length: n }, (_, i) => ({ rank: from + i, url: `https://${host}/p${from + i}` }));
const all = () => true;

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('FetchBudget', () => {
  it('checks only a view’s first 30 results by rank, whatever order they come in', () => {
    const b = new FetchBudget();
    const page = results(2000).reverse();
    const plan = b.plan(1, 'https://searx.example/?q=a', page, all);
    expect(CHECK_BUDGET.perView).toBe(30);
    expect(plan.fetch.map((r) => r.rank)).toEqual(results(30).map((r) => r.rank));
    expect(plan.checked).toHaveLength(30);
    expect(plan.beyond).toBe(1970);
  });

  it('counts results the store knows among the 30: which results are checked depends on ranks only', () => {
    const b = new FetchBudget();
    const known = new Set(results(10).map((r) => r.url));
    const plan = b.plan(1, 'v', results(100), (r) => !known.has(r.url));
    expect(plan.checked.map((r) => r.rank)).toEqual(results(30).map((r) => r.rank));
    expect(plan.fetch.map((r) => r.rank)).toEqual(results(20, 'site.example', 11).map((r) => r.rank));
    expect(plan.beyond).toBe(70);
  });

  it('once a page has spent the tab’s bound, a result the store knows is refused like an unseen one (no oracle of the store)', () => {
    const b = new FetchBudget();
    // Three views of 30 each spend the tab's 90.
    for (const v of ['v1', 'v2', 'v3']) b.plan(1, v, results(30, `${v}.example`), all);
    const known = new Set([results(1, 'known.example')[0].url]);
    const probe = [...results(1, 'known.example'), ...results(1, 'unseen.example', 2)];
    const plan = b.plan(1, 'v4', probe, (r) => !known.has(r.url));
    expect(plan.checked).toEqual([]);
    expect(plan.beyond).toBe(2);
  });

  it('fetches a URL once per view: results sent again (infinite scroll, a page re-sending them) fetch nothing more', () => {
    const b = new FetchBudget();
    const first = b.plan(1, 'v', results(40), all);
    expect(first.fetch).toHaveLength(30);
    // The same results again, still "not fresh" (timed out, say): not fetched a second time.
    const again = b.plan(1, 'v', results(200), all);
    expect(again.fetch).toEqual([]);
    expect(again.checked).toHaveLength(30);
    expect(again.beyond).toBe(170);
  });

  it('bounds a tab across views: pushState-ing new views does not reset it (90 fetches in 10 minutes)', () => {
    const c = clock();
    const b = new FetchBudget(CHECK_BUDGET, c.now);
    let fetched = 0;
    for (let v = 0; v < 10; v++) fetched += b.plan(7, `https://searx.example/?q=${v}`, results(50, `v${v}.example`), all).fetch.length;
    expect(fetched).toBe(CHECK_BUDGET.perTab);
    const late = b.plan(7, 'https://searx.example/?q=late', results(50, 'late.example'), all);
    expect(late.fetch).toEqual([]);
    expect(late.beyond).toBe(50);
    // The window moves on: ten minutes later the tab may fetch again.
    c.advance(CHECK_BUDGET.tabWindowMs);
    expect(b.plan(7, 'https://searx.example/?q=later', results(50, 'later.example'), all).fetch).toHaveLength(30);
  });

  it('bounds every tab together: 120 fetches a minute', () => {
    const c = clock();
    const b = new FetchBudget(CHECK_BUDGET, c.now);
    const fetched = [1, 2, 3, 4, 5].map((tab) => b.plan(tab, 'v', results(30, `t${tab}.example`), all).fetch.length);
    expect(fetched).toEqual([30, 30, 30, 30, 0]);
    c.advance(CHECK_BUDGET.windowMs);
    expect(b.plan(6, 'v', results(30, 't6.example'), all).fetch).toHaveLength(30);
  });

  it('a result the budget refused stays refused for its view (no fetch once the window frees up)', () => {
    const c = clock();
    const b = new FetchBudget({ ...CHECK_BUDGET, perWindow: 5 }, c.now);
    expect(b.plan(1, 'v', results(10), all).fetch).toHaveLength(5);
    c.advance(CHECK_BUDGET.windowMs);
    const again = b.plan(1, 'v', results(10), all);
    expect(again.fetch).toEqual([]);
    expect(again.beyond).toBe(5);
  });
});

describe('CheckView: outcomes released in rank order', () => {
  it('a remembered result is not released before the fetches ranked above it end', () => {
    const v = new CheckView('v');
    // Ranks 1–2 are fetched (a hostile page holds them), 3 is known to the store, 4 is fetched.
    const checked = results(4);
    v.update(checked, [checked[0].url, checked[1].url, checked[3].url], 0);
    expect([...v.revealed()]).toEqual([]);
    expect(v.progress).toEqual({ done: 0, total: 4 });
    v.done(checked[3].url); // the unseen rank 4 answers first: still held behind 1 and 2
    expect([...v.revealed()]).toEqual([]);
    v.done(checked[1].url);
    expect([...v.revealed()]).toEqual([]);
    v.done(checked[0].url);
    expect([...v.revealed()].sort()).toEqual([1, 2, 3, 4]);
    expect(v.progress).toEqual({ done: 4, total: 4 });
  });

  it('says what the budget left out', () => {
    const v = new CheckView('v');
    v.update(results(30), [], 1970);
    expect(v.progress).toEqual({ done: 30, total: 30, beyond: 1970 });
  });
});

describe('FetchBudget.take (a dead result’s look, outside a view’s plan)', () => {
  it('admits what the per-tab and overall bounds leave, and charges it', () => {
    const b = new FetchBudget();
    expect(b.take(1, 5)).toBe(5);
    // The tab's 90: 85 left to plan.
    for (const v of ['v1', 'v2']) b.plan(1, v, results(30, `${v}.example`), all);
    expect(b.plan(1, 'v3', results(30, 'v3.example'), all).fetch).toHaveLength(25);
    expect(b.take(1, 5)).toBe(0);
    // The overall 120 a minute: another tab gets what is left of it.
    expect(b.take(2, 100)).toBe(120 - 90);
  });
});
