import type { Lifetime } from './lifetime';
import type { PageGroups } from '../../lib/tab/page-groups';
import { t } from '../../shared/i18n';
import { changedLabel, changedTip, staleLabel, staleTip } from '../../words/groups';
import { ATTR, type ResultBlocks } from './marks';
import { type PageUi, mountUi, withTip } from './page-ui';

/** A quiet label with its tip (hover, focus or a tap explains it). */
function mountNote(ctx: Lifetime, anchor: Element, cls: string, text: string, aria: string, tip: string): Promise<PageUi> {
  return mountUi(ctx, anchor, 'first', (c) => {
    const label = document.createElement('span');
    label.className = `label ${cls}`;
    label.setAttribute('role', 'note');
    label.tabIndex = 0;
    label.textContent = text;
    label.setAttribute('aria-label', aria);
    withTip(c, label, tip);
  });
}

/**
 * Issue #40: results whose page changed since it was last checked carry `data-resemble-changed` (their
 * resemblance to the version seen before) and say so; a copy holding its representative's earlier
 * version carries `data-resemble-stale` and says whose. Everything is set as text. `cellOf`: where a
 * result's UI goes (a table row takes it in a cell).
 */
export function markChanges(ctx: Lifetime, blocks: ResultBlocks, view: PageGroups, cellOf: (el: Element) => Element): Promise<PageUi>[] {
  const mounts: Promise<PageUi>[] = [];
  for (const c of view.changed ?? []) {
    const el = blocks.of(c.rank)[0];
    if (!el) continue;
    el.setAttribute(ATTR.changed, c.resemblance.toFixed(2));
    const label = changedLabel(c);
    mounts.push(mountNote(ctx, cellOf(el), 'changed', label, t('page_changed_aria', String(c.rank), label), changedTip(c)));
  }
  // Stale copies are a group's: not said while the groups are off.
  for (const s of view.mode === 'off' ? [] : (view.stale ?? [])) {
    const el = blocks.of(s.rank)[0];
    if (!el) continue;
    el.setAttribute(ATTR.stale, 'true');
    const label = staleLabel(s);
    mounts.push(mountNote(ctx, cellOf(el), 'stale', label, t('page_stale_aria', String(s.rank), label), staleTip(s)));
  }
  return mounts;
}
