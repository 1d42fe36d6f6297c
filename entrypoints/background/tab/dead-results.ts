/**
 * A results tab's dead results (issue #15): their live copies looked for in the local sources
 * (lost/lost-local.ts) through the looks service (lost/dead-looks.ts), charged to the tab's fetch budget
 * (issue #28), and the tab's state and page told when copies turn up (the groups are not made again).
 */
import { pageGroups } from '../../../lib/tab/page-groups';
import { readSettings } from '../../../shared/settings';
import { type DeadAsk, look, withAlternates } from '../lost/dead-looks';
import { LOCAL_CANDIDATES, findLocalCopies } from '../lost/lost-local';
import { localReach } from '../lost/lost-deps';
import { takeFetches } from '../pages/page-check';
import type { SketchService } from '../worker/sketch-service';
import type { Tab } from './tab';

/** How a regroup of `tab` asks for its dead results' copies: looks it starts go through `lookForResult`. */
export function deadAsk(service: SketchService, tab: Tab, incognito: boolean, final: boolean): DeadAsk {
  return {
    incognito,
    final,
    start: (url, pageUrl, shown) => void lookForResult(service, tab, url, pageUrl, incognito, final, shown).catch(() => undefined),
  };
}

/**
 * One dead result's look. `shown`: the result's title and snippet on the page (else read from the
 * tab's view): the evidence for a page never seen alive. Looks at once for one URL share one job
 * (findLocalCopies); a second tab listing it gets the copies on its next regroup.
 */
export async function lookForResult(
  service: SketchService,
  tab: Tab,
  url: string,
  pageUrl: string,
  incognito: boolean,
  final: boolean,
  shown?: { title: string; snippet: string },
): Promise<void> {
  const at = { tabId: tab.id, pageUrl, incognito };
  const find = async () => {
    const r = shown ?? (await tab.view().catch(() => undefined))?.results.find((x) => x.url === url);
    const evidence = r && { title: r.title, snippet: r.snippet };
    return findLocalCopies(localReach(service, incognito), url, evidence, takeFetches(tab.id, LOCAL_CANDIDATES));
  };
  await look(url, at, final, find, () => tellAlternates(tab, pageUrl, incognito));
}

/** The tab's recorded state and page get the alternates now known, while it still shows `pageUrl`. */
function tellAlternates(tab: Tab, pageUrl: string, incognito: boolean): Promise<void> {
  return tab.inOrder(async () => {
    const [all, state, settings] = await Promise.all([tab.view(), tab.state(), readSettings()]);
    if (!all || all.url !== pageUrl || state.url !== pageUrl || !state.dead?.length) return;
    const dead = withAlternates(state.dead, all, { incognito });
    await tab.setState({ ...state, dead });
    const changes = { changed: state.changed ?? [], stale: state.stale ?? [] };
    await tab.tell(pageGroups(settings, state.groups ?? [], { checking: state.checking, dead, changes }));
  });
}
