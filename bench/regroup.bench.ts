/**
 * Issue #28: regrouping a long results page while its pages are checked, in Node (the same lib code the
 * background runs). A 2,000-result page whose snippets make 80 groups of two:
 * - before: every page checked (613 in the reported minute, no budget) and each regroup over all 2,000
 *   results (groupWithPages' greedy pass is quadratic), once per page;
 * - after: the view's first 30 results checked (lib/fetch/budget.ts), each regroup over the results that
 *   can link only (lib/group/linkable.ts), and coalesced (lib/tab/coalesce.ts: at most one run per
 *   twice the last run's length).
 * Figures: one regroup's milliseconds (a synchronous block: nothing else runs in the background meanwhile).
 * "before" runs today's groupWithPages (each address normalized once): the code before issue #28, which
 * normalized both addresses of every pair, measured 23.9 s there against 5.2 s (one run each, same load).
 *
 * `npm run bench` (bench/run.mjs) runs it; flags: --json (one object `{"regroup": {...}}` last), --quick.
 */
import { CHECK_BUDGET } from '../lib/fetch/budget';
import { linkable } from '../lib/group/linkable';
import { type PageEvidence, groupWithPages } from '../lib/group/pages';
import type { GroupOutcome } from '../lib/group/results';
import { sketchText } from '../lib/sketch/sketch';
import { median } from './timing';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
const QUICK = args.includes('--quick');
const N = 2000;
const BEFORE_PAGES = 613;

const text = (k: number) => Array.from({ length: 400 }, (_, w) => `w${(k * 7919 + w * 104_729) % 20_000}`).join(' ');
const items = Array.from({ length: N }, (_, i) => ({
  rank: i + 1,
  url: `https://site${i + 1}.example/story/${i + 1}`,
  title: `Story ${i + 1}`,
  snippet: `s${i + 1}`,
}));
// Every 25th result copies the one 10 before it (bench/long-page.ts's pattern): 80 snippet pairs.
const pairs = items.filter((it) => it.rank % 25 === 0).map((it) => ({ a: it.rank - 10, b: it.rank, resemblance: 0.9 }));
const outcome: GroupOutcome = {
  groups: pairs.map((p, i) => ({ id: i + 1, representative: p.a, members: [{ rank: p.b, reason: { kind: 'snippet' as const, resemblance: p.resemblance } }] })),
  pairs,
  boilerplate: 0,
};
const pagesOf = (n: number) =>
  new Map<number, PageEvidence>(
    items.slice(0, n).map((it) => [it.rank, { sketch: sketchText(text(it.rank % 25 === 0 ? it.rank - 10 : it.rank), { shingle: 5, size: 128 }) }]),
  );
const o = { threshold: 0.5, containment: 0.8 };

function time(run: () => unknown, rounds: number): number {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    run();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const before = pagesOf(BEFORE_PAGES);
const after = pagesOf(CHECK_BUDGET.perView);
const beforeMs = time(() => groupWithPages(items, outcome, before, o), QUICK ? 1 : 3);
const afterMs = time(() => groupWithPages(linkable(items, outcome, after, o.threshold), outcome, after, o), QUICK ? 5 : 25);
// The same pages, with and without linkable: the groups must agree (it only leaves out results that cannot link).
const same =
  JSON.stringify(groupWithPages(items, outcome, after, o)) === JSON.stringify(groupWithPages(linkable(items, outcome, after, o.threshold), outcome, after, o));
const allResultsAfterMs = time(() => groupWithPages(items, outcome, after, o), 1);
const out = {
  results: N,
  before: { pages: BEFORE_PAGES, regroupMs: Math.round(beforeMs), regroups: BEFORE_PAGES },
  after: { pages: CHECK_BUDGET.perView, regroupMs: Number(afterMs.toFixed(2)), withoutLinkableMs: Math.round(allResultsAfterMs), sameGroups: same },
};
console.log(
  `regroup, ${N} results (issue #28): before ${Math.round(beforeMs)} ms a regroup × ${BEFORE_PAGES} pages; ` +
    `after ${afterMs.toFixed(2)} ms a regroup × ≤ ${CHECK_BUDGET.perView} pages (coalesced), ${Math.round(allResultsAfterMs)} ms without leaving out the results that cannot link; same groups: ${same}`,
);
if (JSON_OUT) console.log(JSON.stringify({ regroup: out }));
