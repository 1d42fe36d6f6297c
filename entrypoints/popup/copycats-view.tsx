import { safeHref } from '../../components/group-list';
import type { TabState } from '../../lib/group/tab-state';

const DOES: Record<NonNullable<TabState['copycatDisplay']>, string> = {
  label: 'labelled on the page',
  hide: 'hidden on the page behind “copycat result”, unless a group of copies shows it',
  off: 'left alone on the page (copycat sites are off in the options)',
};

/**
 * Why results are labelled or hidden as copies of other sites (issue #19): each result from a copycat
 * site, its label, what the page does with it, and the evidence. Everything from pages is set as text.
 */
export function CopycatsView({ s }: { s: TabState }) {
  const list = s.copycats ?? [];
  if (!list.length) return null;
  const items = new Map((s.items ?? []).map((i) => [i.rank, i]));
  return (
    <section class="copycats" aria-labelledby="copycats-title">
      <h2 id="copycats-title">Copycat sites on this page</h2>
      <ul>
        {list.map((c) => {
          const item = items.get(c.rank);
          const href = item && safeHref(item.url);
          return (
            <li key={c.rank} data-rank={c.rank}>
              <strong>#{c.rank}</strong> {href ? <a href={href} target="_blank" rel="noopener noreferrer">{item?.title || c.site}</a> : c.site} · {c.site}
              <p class="copycat-label">
                {c.label}: {DOES[s.copycatDisplay ?? 'label']}.
              </p>
              <p class="evidence copycat-detail">{c.detail}</p>
            </li>
          );
        })}
      </ul>
      <p class="muted">
        Resemble's options, “Copycat sites”, list the evidence; “Not a copycat” there stops this for a site.
      </p>
    </section>
  );
}
