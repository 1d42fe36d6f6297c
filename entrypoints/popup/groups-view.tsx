import { engineName } from '../../components/format';
import { GroupList } from '../../components/group-list';
import { percent } from '../../lib/group/describe';
import type { TabState } from '../../lib/messages';
import { countsText, noGroupsText } from './summary';

/** A finished page: the counts, then its groups, or plainly that there are none. */
export function GroupsView({ s }: { s: TabState }) {
  const groups = s.groups ?? [];
  const items = s.items ?? [];
  return (
    <section aria-label="This page">
      <p class="count">
        <strong>{countsText(s.results, groups)}</strong>
      </p>
      <p class="muted context">
        {engineName(s.engine)}
        {s.query ? ` · “${s.query}”` : ''}
        {s.threshold !== undefined && ` · threshold ${percent(s.threshold)}`}
      </p>
      {groups.length === 0 ? <p role="status">{noGroupsText(s.results)}</p> : <GroupList groups={groups} items={items} />}
    </section>
  );
}
