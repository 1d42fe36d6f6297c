import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { readTabMessage } from '../lib/messages-tab';
import type { PageGroups } from '../lib/tab/page-groups';
import { markChanges } from './results/change-marks';
import { markSameAs } from './results/same-as';
import { readByStructure } from '../lib/engines/structure';
import { CheckingIndicator } from './results/checking-indicator';
import { mountDead } from './results/dead-ui';
import { handOver } from './results/later';
import { tipsBy } from './results/page-ui';
import { ask, askGroups, sendResults } from './results/questions';
import { makeTip } from './results/tip';

/** Each `page/update` from this extension's background, its payload checked before the page is touched. */
function listen(onUpdate: (groups: PageGroups) => void): () => void {
  const heard = (msg: unknown, sender: { id?: string }) => {
    const m = readTabMessage(msg, sender, browser.runtime.id);
    if (m?.type === 'page/update') onUpdate(m.payload);
  };
  browser.runtime.onMessage.addListener(heard);
  return () => browser.runtime.onMessage.removeListener(heard);
}

/**
 * The results page's second content script (issue #41): what it needs only once its first groups are
 * painted, handed to the first (results.content.ts) through results/later.ts. Run on the same pages:
 * wxt.config.ts gives it the first's matches when the build starts (naming them here would take the
 * engine table, 43 KB, into this file).
 */
export default defineContentScript({
  matches: [],
  runAt: 'document_end',
  main() {
    // Its own dead-result and changed-page labels take their tips at once.
    tipsBy(makeTip);
    handOver({
      sendResults,
      askGroups,
      notACopy: (rank, of, alive) => ask('page/not-a-copy', { rank, of }, { alive }),
      openLost: (rank, alive) => ask('lost/open', { rank }, { alive }),
      listen,
      indicator: (ctx) => new CheckingIndicator(ctx),
      mountDead,
      markChanges,
      markSameAs,
      readByStructure,
      saySameAs: (url, ranks, alive) => ask('page/same-as', { url, ranks }, { alive }),
      tip: makeTip,
    });
  },
});
