import { useMemo } from 'preact/hooks';
import { domainOf } from '../lib/url/host';
import { copiesLabel, reasonDetail, reasonLabel } from '../words/groups';
import { t } from '../shared/i18n';
import type { Group, GroupInput } from '../lib/group/results';

interface PreviewGroupsProps {
  groups: readonly Group[];
  /** The results the groups were made from: titles and addresses by rank. */
  items: readonly GroupInput[];
}

/** One result in a list: rank, title and site. Titles come from the page, so they are only ever text. */
function Result({ rank, item }: { rank: number; item: GroupInput | undefined }) {
  return (
    <span class="preview-result">
      <span class="preview-rank">#{rank}</span> <span class="preview-title">{item?.title.trim() || t('options_preview_untitled')}</span>{' '}
      {item && <span class="preview-domain">{domainOf(item.url)}</span>}
    </span>
  );
}

/** The groups a threshold yields: each representative with its copies and why they are copies. */
export function PreviewGroups({ groups, items }: PreviewGroupsProps) {
  const byRank = useMemo(() => new Map(items.map((it) => [it.rank, it])), [items]);
  return (
    <div class="preview-groups" data-testid="preview-groups">
      {groups.length === 0 ? (
        <p class="muted">{t('options_preview_noGroups')}</p>
      ) : (
        <ol aria-label={t('options_preview_groups_aria')}>
          {groups.map((g) => (
            <li key={g.representative} class="preview-group" data-group={g.id}>
              <div class="preview-rep">
                <Result rank={g.representative} item={byRank.get(g.representative)} />
                <span class="preview-copies">{copiesLabel(g.members.length)}</span>
              </div>
              <ul aria-label={t('group_members_aria', String(g.representative))}>
                {g.members.map((m) => (
                  <li key={m.rank} data-rank={m.rank}>
                    <Result rank={m.rank} item={byRank.get(m.rank)} />
                    {/* The label always shows; the longer account opens on demand, by keyboard too (a title would not). */}
                    <details class="preview-reason">
                      <summary>{reasonLabel(m.reason, g.representative)}</summary>
                      <p>{reasonDetail(m.reason, g.representative)}</p>
                    </details>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
