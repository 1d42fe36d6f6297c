import { browser } from 'wxt/browser';
import { PAST_BOILERPLATE_KEY, groupSnippets, readPastBoilerplate, snippetPageGroups } from '../../lib/group/snippet-groups';
import type { PageGroups } from '../../lib/group/page-groups';
import type { ResultItem } from '../../lib/group/result-item';
import { DEFAULT_SETTINGS, type Settings, migrateSettings } from '../../lib/settings';
import type { ResultsBatch } from '../../lib/engines/batch';
import { COPYCAT_PAGE_KEYS, readLookup } from '../../lib/copycat/table';
import type { CopycatLookup } from '../../lib/copycat/marks';
import { NOT_A_COPY_KEY, type NotACopy, apartAmong, readNotACopy } from '../../lib/group/not-a-copy';

/** What grouping the page needs besides its results. */
export interface PageInputs {
  settings: Settings;
  /** Past results pages' boilerplate, kept in storage.local by the background. */
  boilerplate: number[] | undefined;
  /** Copycat sites (issue #19), kept in storage.local by the background (grouping does not read them). */
  copycats?: CopycatLookup;
  /** Pairs the user said are not copies (issue #20), kept in storage.local by the background. */
  notACopy?: NotACopy[];
}

/**
 * Read at document_start from storage, which a content script reads without the background: a
 * stopped service worker (Chromium stops it after 30 s idle) costs the page nothing (issue #17).
 */
export async function readInputs(): Promise<PageInputs> {
  const [sync, local] = await Promise.all([
    browser.storage.sync.get('settings'),
    browser.storage.local.get([PAST_BOILERPLATE_KEY, ...COPYCAT_PAGE_KEYS, NOT_A_COPY_KEY]).catch(() => ({}) as Record<string, unknown>),
  ]);
  const settings = migrateSettings(sync.settings);
  return { settings, boilerplate: readPastBoilerplate(local, settings.snippetShingle), copycats: readLookup(local), notACopy: readNotACopy(local) };
}

/**
 * Longer pages (infinite scroll) wait for the background, which groups them in its Worker: pairs grow
 * as n², and the page's main thread is no place for hundreds of results.
 */
const LOCAL_MAX = 100;

/**
 * The view's results as the background keeps them (page-results.ts merge: an append continues the
 * view, a rank asked again is not added twice), grouped here with lib's groupSnippets, the very
 * function the background answers with, so the page need not wait for its answer.
 */
export class LocalGroups {
  private results: ResultItem[] = [];
  private url = '';

  add(b: ResultsBatch): void {
    if (!b.append || b.url !== this.url) this.results = [];
    this.url = b.url;
    const known = new Set(this.results.map((r) => r.rank));
    this.results.push(...b.results.filter((r) => !known.has(r.rank)));
  }

  reset(): void {
    this.results = [];
  }

  groups(inputs: PageInputs | undefined): PageGroups | undefined {
    if (!inputs || !this.results.length || this.results.length > LOCAL_MAX) return undefined;
    const apart = apartAmong(
      inputs.notACopy ?? [],
      this.results.map((r) => r.url),
    );
    return snippetPageGroups(groupSnippets(this.results, inputs.boilerplate, inputs.settings, apart), inputs.settings);
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
