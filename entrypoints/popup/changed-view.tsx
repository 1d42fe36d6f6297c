import { plural } from '../../shared/i18n';
import type { TabState } from '../../lib/tab/tab-state';
import { changedLabel, changedTip, staleLabel, staleTip } from '../../words/groups';

/** A result the popup lists as changed or stale, with its title from the tab's results. */
interface ChangeLine {
  rank: number;
  title: string;
  label: string;
  tip: string;
}

/** The tab's changed results, then its stale copies, each in rank order (issue #40). */
export function changeLines(s: TabState): { changed: ChangeLine[]; stale: ChangeLine[] } {
  const title = (rank: number) => s.items?.find((i) => i.rank === rank)?.title ?? '';
  const byRank = <T extends { rank: number }>(xs: readonly T[] | undefined) => [...(xs ?? [])].sort((a, b) => a.rank - b.rank);
  return {
    changed: byRank(s.changed).map((c) => ({ rank: c.rank, title: title(c.rank), label: changedLabel(c), tip: changedTip(c) })),
    stale: byRank(s.stale).map((x) => ({ rank: x.rank, title: title(x.rank), label: staleLabel(x), tip: staleTip(x) })),
  };
}

/** "2 results changed since you last saw them", each with how much, and the stale copies among their groups. */
export function ChangedView({ s }: { s: TabState }) {
  const { changed, stale } = changeLines(s);
  if (!changed.length) return null;
  return (
    <section class="changed-results" aria-labelledby="changed-results-title" data-testid="changed-results">
      <p id="changed-results-title">
        <strong>{plural('popup_changed', changed.length)}</strong>
      </p>
      <ul class="members">
        {[...changed, ...stale].map((c) => (
          <li key={`${c.rank}-${c.label}`} class="member" data-rank={c.rank} title={c.tip}>
            <span class="rank">#{c.rank}</span> <span class="result-title">{c.title}</span> <span class="domain">{c.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
