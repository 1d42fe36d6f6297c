import { browser } from 'wxt/browser';
import { groupSnippets } from '../../lib/group/snippet-groups';
import type { PageGroups } from '../../lib/tab/page-groups';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings';
import type { ResultsBatch } from '../../lib/engines/batch';
import { COPYCAT_PAGE_KEYS, readLookup } from '../../lib/copycat/table';
import type { CopycatLookup } from '../../lib/copycat/marks';
import { PAGE_GROUPS_MAX, groupView, tellPage } from '../../lib/tab/compose';
import { type GroupingInputs, LOCAL_INPUT_KEYS, groupingInputs } from '../../lib/tab/inputs';
import { type TabView, mergeBatch } from '../../lib/tab/view';
import { readSettings } from '../../shared/settings';

/** What grouping the page needs besides its results (lib/tab/inputs.ts), and the copycat sites it marks. */
export interface PageInputs extends GroupingInputs {
  /** Copycat sites (issue #19), kept in storage.local by the background (grouping does not read them). */
  copycats?: CopycatLookup;
}

/**
 * Read at document_start from storage, which a content script reads without the background: a
 * stopped service worker (Chromium stops it after 30 s idle) costs the page nothing (issue #17). A
 * private window's own "not a copy" pairs are the background's alone (storage.session): its answer adds them.
 */
export async function readInputs(): Promise<PageInputs> {
  const [settings, local] = await Promise.all([
    readSettings(),
    browser.storage.local.get([...LOCAL_INPUT_KEYS, ...COPYCAT_PAGE_KEYS]).catch(() => ({}) as Record<string, unknown>),
  ]);
  return { ...groupingInputs(settings, local, undefined, false), copycats: readLookup(local) };
}

/**
 * The view's results as the background keeps them (lib/tab's mergeBatch), grouped here with lib/tab's
 * groupView, the very function the background answers with, so the page need not wait for its answer.
 */
export class LocalGroups {
  private view: TabView | undefined;

  add(b: ResultsBatch): void {
    this.view = mergeBatch(this.view, b);
  }

  reset(): void {
    this.view = undefined;
  }

  groups(inputs: GroupingInputs | undefined): PageGroups | undefined {
    const results = this.view?.results ?? [];
    if (!inputs || !results.length || results.length > PAGE_GROUPS_MAX) return undefined;
    return tellPage(inputs.settings, groupView(results, inputs));
  }
}

/**
 * Groups made-up results while storage answers: a script's first grouping in a page pays one-time
 * setup (the Unicode classes' regular expressions, NFKC data) and runs cold code in the interpreter.
 * Results the size of real ones (40-word snippets, two alike, a shared sentence), grouped twice,
 * leave the hot loops compiled: the demo's grouping after DOMContentLoaded went from about 5 to about 1.3 ms.
 */
export function warmUp(): void {
  const words = 'the quick brown fox jumps over a lazy dog while naïve café owners in 東京 read résumé notes about rivers hills towns and old maps'.split(' ');
  const text = (k: number) => Array.from({ length: 40 }, (_, i) => words[(i * k + k) % words.length]).join(' ');
  const results = Array.from({ length: 8 }, (_, i) => ({
    rank: i + 1,
    url: `https://w${i}.example/p?utm_source=x`,
    title: `Résumé ${i}`,
    snippet: `${text(i < 2 ? 3 : i + 2)} — We would like to show you a description here.`,
  }));
  for (let n = 0; n < 2; n++) groupSnippets(results, [1], DEFAULT_SETTINGS as Settings);
}
