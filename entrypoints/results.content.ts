import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { ENGINES } from '../lib/engines/table';
import { type LaterParts, laterParts } from './results/later';
import type { CheckingIndicator } from './results/checking-indicator';
import { GroupsOnPage } from './results/groups-on-page';
import { PageLifetime } from './results/lifetime';
import { LocalGroups, readInputs, warmUp } from './results/local-groups';
import { ResultsMachine } from './results/machine';
import { ResultBlocks, restorePage } from './results/marks';
import { holdPaint } from './results/paint-gate';
import { tipsBy } from './results/page-ui';
import { readResults } from './results/read-results';
import { structureMayOverrule } from '../lib/engines/extract-core';
import { Shown } from './results/shown';
import { ResultsWatcher } from './results/watcher';
import { beforeFramesWhileLoading, rootElement } from './results/while-loading';

/**
 * Reads the organic results of a results page once they are there, and again when the page adds more
 * (infinite scroll, "more results"), groups them and applies the groups: results/machine.ts says what
 * happens when. This file only wires the machine to the page, the background and storage.
 *
 * What the page needs only after its first groups are painted (the conversation with the background, the
 * controls' tips, what checked pages bring) is the second script's, results-later.content.ts, run at
 * document_end (issue #41: this one is read before the page, so it holds only what the first paint
 * needs). Until it has run, what would go through it waits (results/later.ts); nothing here waits for it
 * to group or hide.
 */
export default defineContentScript({
  matches: ENGINES.flatMap((e) => e.matches),
  // Started while the page loads: the settings and the boilerplate are read from storage by the time
  // the document is parsed, and the groups applied at DOMContentLoaded, before the first paint.
  runAt: 'document_start',
  // WXT's context (main's argument) is not used: a page can end it (see PageLifetime).
  async main() {
    const ctx = new PageLifetime();
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
    // The second script's parts: `now` once it has run (the page's marks need them at once, then).
    let now: LaterParts | undefined;
    const later = laterParts().then((parts) => {
      now = parts;
      tipsBy(parts.tip);
      void page.laterArrived();
      return parts;
    });
    const blocks = new ResultBlocks();
    const page = new GroupsOnPage(
      ctx,
      blocks,
      (rank) => void later.then((l) => l.openLost(rank, alive)),
      (rank, of) => void later.then((l) => l.notACopy(rank, of, alive)).then((g) => machine.answer(g)),
      () => now,
      (ranks) => void later.then((l) => l.saySameAs(location.href, ranks, alive)),
    );
    let indicator: Pick<CheckingIndicator, 'show'> | undefined;
    let lastRead: ReturnType<typeof readResults>;
    const machine = new ResultsMachine({
      read: (inputs) => (lastRead = readResults(blocks, inputs, now?.readByStructure)),
      readInputs: () => readInputs().catch(() => undefined),
      watch: (on) => new ResultsWatcher(on.read, on.batchSent, on.navigated, on.batchRead),
      send: (batch) => later.then((l) => l.sendResults(batch, alive)),
      askGroups: () => later.then((l) => l.askGroups(alive)),
      newLocal: () => new LocalGroups(),
      blocks,
      shown: new Shown(page, { show: (checking) => later.then((l) => (indicator ??= l.indicator(ctx)).show(checking)) }),
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
    const inputs = await reading;
    // Fewer than three results by the definition: the structural reader may read it (it comes with the
    // second script, issue #41). Three read while parsing stay (results only grow): no second read then.
    if (!now && structureMayOverrule(lastRead && lastRead.results.length >= 3 ? lastRead : readResults(undefined, inputs))) await later;
    try {
      if (!machine.loaded()) return;
    } finally {
      letPaint();
    }
    // Settings changed in the options or the popup: regroup or restyle without a reload.
    const onChange = (changes: Record<string, unknown>, area: string) => void machine.storageChanged(changes, area);
    browser.storage.onChanged.addListener(onChange);
    ctx.onInvalidated(() => browser.storage.onChanged.removeListener(onChange));
    // Pages checked by the background refine the groups as they come in (issue #6); the background
    // hears of the page through the later script, so nothing comes before it listens.
    void later.then((l) => {
      if (ctx.check()) ctx.onInvalidated(l.listen((groups) => void machine.update(groups)));
    });
  },
});
