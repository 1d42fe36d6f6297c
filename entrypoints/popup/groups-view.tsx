import { engineName } from '../../page-support/format';
import { GroupList } from '../../components/group-list';
import type { TabState } from '../../lib/tab/tab-state';
import { PageCheckOffer } from './page-check-offer';
import { send } from '../../page-support/messaging';
import { DisplayModeLine } from './display-mode-line';
import { countsText, noGroupsText } from './summary';
import { pct, t } from '../../shared/i18n';

/**
 * While result pages are checked: how far (groups refine as pages come in). Results past the fetch
 * budget (issue #28) are said, during the check and after it: they were not checked, not found fine.
 */
function Checking({ s }: { s: TabState }) {
  const c = s.checking;
  if (!c) return null;
  const budget = c.beyond ? <p class="muted budget">{t('popup_checkBudget', c.total, c.total + c.beyond)}</p> : null;
  if (c.done >= c.total) return budget;
  return (
    <div role="status" class="checking">
      <p class="muted">{t('popup_checking', c.done, c.total)}</p>
      <progress value={c.done} max={c.total} aria-label={t('popup_checkingBar')} />
      {budget}
    </div>
  );
}

/** A finished page: the counts, then its groups, or plainly that there are none. */
export function GroupsView({ s }: { s: TabState }) {
  const groups = s.groups ?? [];
  const items = s.items ?? [];
  return (
    <section aria-label={t('popup_thisPage')}>
      <p class="count">
        <strong>{countsText(s.results, groups)}</strong>
      </p>
      <p class="muted context">
        {s.engineName ?? engineName(s.engine)}
        {s.query ? ` · “${s.query}”` : ''}
        {s.threshold !== undefined && ` · ${t('popup_threshold', pct(s.threshold))}`}
      </p>
      {groups.length > 0 && <DisplayModeLine />}
      <Checking s={s} />
      <PageCheckOffer tabId={s.tabId} groups={groups.length} />
      {groups.length === 0 ? (
        <p role="status">{noGroupsText(s.results)}</p>
      ) : (
        <GroupList groups={groups} items={items} onNotACopy={(rank, of) => void send('tab/not-a-copy', { tabId: s.tabId, rank, of }).catch(() => undefined)} />
      )}
    </section>
  );
}
