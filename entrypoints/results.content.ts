import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { ENGINES } from '../lib/engines/table';
import { readTabMessage } from '../lib/messages';
import { CheckingIndicator } from './results/checking-indicator';
import { GroupsOnPage } from './results/groups-on-page';
import { PageLifetime } from './results/lifetime';
import { LocalGroups, readInputs, warmUp } from './results/local-groups';
import { ResultsMachine } from './results/machine';
import { ResultBlocks, restorePage } from './results/marks';
import { holdPaint } from './results/paint-gate';
import { ask, askGroups, sendResults } from './results/questions';
import { readResults } from './results/read-results';
import { Shown } from './results/shown';
import { ResultsWatcher } from './results/watcher';
import { beforeFramesWhileLoading, rootElement } from './results/while-loading';

/**
 * Reads the organic results of a results page once they are there, and again when the page adds more
 * (infinite scroll, "more results"), groups them and applies the groups: results/machine.ts says what
 * happens when. This file only wires the machine to the page, the background and storage.
 */
export default defineContentScript({
  matches: ENGINES.flatMap((e) => e.matches),
  // Started while the page loads: the settings and the boilerplate are read from storage by the time
  // the document is parsed, and the groups applied at DOMContentLoaded, before the first paint.
  runAt: 'document_start',
  // WXT's context (main's argument) is not used: a page can end it (see PageLifetime).
  async main() {
    const ctx = new PageLifetime('results');
    const reading = readInputs().catch(() => undefined);
    // While storage answers: the first grouping in a page pays one-time setup (regular expressions,
    // cold code: about half its time), here rather than between DOMContentLoaded and the groups.
    warmUp();
    if (!document.documentElement) await rootElement();
    // What a copy of this script left behind when its extension went away without cleaning up.
    restorePage();
    // Not painted until grouped (or until it is known there is nothing to group): see paint-gate.ts.
    const letPaint = document.readyState === 'loading' ? holdPaint() : () => {};
    const alive = () => ctx.check();
    const blocks = new ResultBlocks();
    const page = new GroupsOnPage(
      ctx,
      blocks,
      (rank) => void ask('lost/open', { rank }, { alive }),
      (rank, of) => void ask('page/not-a-copy', { rank, of }, { alive }).then((r) => machine.answer(r)),
    );
    const machine = new ResultsMachine({
      read: (inputs) => readResults(blocks, inputs),
      readInputs: () => readInputs().catch(() => undefined),
      watch: (on) => new ResultsWatcher(on.read, on.batchSent, on.navigated, on.batchRead),
      send: (batch) => sendResults(batch, alive),
      askGroups: () => askGroups(alive),
      newLocal: () => new LocalGroups(),
      blocks,
      shown: new Shown(page, new CheckingIndicator(ctx)),
      markCopycats: (c) => page.setCopycats(c),
      restorePage,
      href: () => location.href,
    });
    // The extension left the page, whatever the machine was doing: the page is given back.
    ctx.onInvalidated(() => machine.end());

    void reading.then((inputs) => {
      machine.inputsRead(inputs);
      // Read before the document was: what is parsed so far is grouped now, the rest before each frame.
      if (document.readyState !== 'loading') return;
      try {
        machine.parsedSoFar();
      } finally {
        letPaint();
      }
    });
    if (document.readyState === 'loading') {
      const stop = beforeFramesWhileLoading(() => machine.parsedSoFar());
      await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
      stop();
    }
    // Results get data-resemble-* attributes; this one says the script is running.
    if (machine.is !== 'ended') document.documentElement.dataset.resembleReady = 'true';
    // The inputs are the machine's by now: reading's first reaction above gave them.
    await reading;
    try {
      if (!machine.loaded()) return;
    } finally {
      letPaint();
    }

    // Settings changed in the options or the popup: regroup or restyle without a reload.
    const onChange = (changes: Record<string, unknown>, area: string) => void machine.storageChanged(changes, area);
    // Pages checked by the background refine the groups as they come in (issue #6).
    const onUpdate = (msg: unknown, sender: { id?: string }) => {
      const m = readTabMessage(msg, sender, browser.runtime.id);
      if (m?.type === 'page/update') void machine.update(m.payload);
    };
    browser.runtime.onMessage.addListener(onUpdate);
    browser.storage.onChanged.addListener(onChange);
    ctx.onInvalidated(() => {
      browser.runtime.onMessage.removeListener(onUpdate);
      browser.storage.onChanged.removeListener(onChange);
    });
  },
});
