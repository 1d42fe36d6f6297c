/**
 * The one regroup for a "not a copy" choice made or undone (on a results page, in the popup, in the
 * options): every tab whose page shows both results regroups with its inputs as they now are, and is
 * told by `page/update`; the tab whose page asked gets its groups as the answer instead. Content
 * scripts do not regroup on the change themselves: a private window's choices are in storage.session,
 * which they cannot read, and one path means one regroup per tab.
 */
import { browser } from 'wxt/browser';
import { type NotACopy, apartAmong } from '../../../lib/group/not-a-copy';
import type { PageGroups } from '../../../lib/tab/page-groups';
import { regroup } from './regroup';
import { tabFor } from './tabs';

/** The tabs whose view shows both pages of the pair, or any results when no pair is given (a private choice: private tabs only). */
async function tabsShowing(pair: Pick<NotACopy, 'a' | 'b'> | undefined, privateOnly: boolean): Promise<{ tabId: number; incognito: boolean }[]> {
  const tabs = (await browser.tabs.query({})).filter((t) => t.id !== undefined && t.id >= 0 && (!privateOnly || t.incognito));
  const record = pair && { ...pair, titleA: '', titleB: '', at: 0 };
  const views = await Promise.all(
    tabs.map((t) =>
      tabFor(t.id!)
        .view()
        .catch(() => undefined),
    ),
  );
  return tabs.flatMap((t, i) => {
    const urls = views[i]?.results.map((r) => r.url) ?? [];
    return (record ? apartAmong([record], urls).length : urls.length) ? [{ tabId: t.id!, incognito: t.incognito === true }] : [];
  });
}

/**
 * Regroups the tabs showing the pair (every tab with results when the choices were all cleared); returns the asking tab's groups (null when it shows none), the
 * others told. `asking`: the tab whose page asked (its answer carries them), if any.
 */
export async function regroupForChoice(
  pair: Pick<NotACopy, 'a' | 'b'> | undefined,
  opts: { privateOnly: boolean; asking?: number },
): Promise<PageGroups | null> {
  let mine: PageGroups | null = null;
  for (const { tabId, incognito } of await tabsShowing(pair, opts.privateOnly)) {
    const tab = tabFor(tabId);
    const done = await regroup(tab, incognito, { kind: 'inputs' }).catch(() => undefined);
    if (!done) continue;
    if (tabId === opts.asking) mine = done.groups;
    else await tab.tell(done.groups).catch(() => undefined);
  }
  return mine;
}
