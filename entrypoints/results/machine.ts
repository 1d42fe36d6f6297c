import { type ResultsBatch, batches } from '../../lib/engines/batch';
import type { Extraction } from '../../lib/engines/types';
import { COPYCAT_PAGE_KEYS } from '../../lib/copycat/table';
import { PAST_BOILERPLATE_KEY } from '../../lib/group/snippet-groups';
import type { Payload, Replies } from '../../lib/messages';
import { engineOff } from '../../lib/tab/inputs';
import { type PageGroups, checkPageGroups } from '../../lib/tab/page-groups';
import { settingsChanged } from '../../shared/settings';
import type { Copycats } from './copycat-marks';
import type { LocalGroups, PageInputs } from './local-groups';
import type { ResultBlocks } from './marks';
import type { Shown } from './shown';

/**
 * What the content script is doing on its results page:
 *
 * - `reading`: the page loads; the results parsed so far are grouped before each frame.
 * - `grouped`: the results are read and watched; the page shows groups made here or the background's
 *   snippet groups.
 * - `checked`: the page shows groups from checked pages (or dead results): only the background's
 *   answers replace them, never the groups made here on a settings change.
 * - `off`: the engine is off (or nothing could be read when it came back on): the page as it came,
 *   nothing read or watched.
 * - `unread`: no results page at DOMContentLoaded: the script does nothing more.
 * - `ended`: the extension left the page: the page is given back and nothing happens any more.
 *
 * reading → grouped | off | unread (loaded); grouped ⇄ checked (the background's answers; a batch read
 * here, or an in-page navigation, goes back to grouped); grouped | checked → off (engine off: the one
 * teardown); off → grouped (engine on: read again); anything → ended.
 */
export type State = 'reading' | 'grouped' | 'checked' | 'off' | 'unread' | 'ended';

export interface Watcher {
  /** `first`: the page as just read (the results are not read twice at load). */
  start(first: Extraction): void;
  stop(): void;
}

/** What a watcher (watcher.ts) reports: results added later, each batch's answer, in-page navigation. */
export interface WatchEvents {
  read: () => Extraction | undefined;
  batchRead: (b: ResultsBatch) => void;
  batchSent: (b: ResultsBatch) => Promise<void>;
  navigated: () => void;
}

/** What the machine acts through: the page, the background and storage (fakes in the unit tests). */
export interface MachineParts {
  /** The page's results as they are now (read-results.ts); undefined: no results page (yet). */
  read(inputs: PageInputs | undefined): Extraction | undefined;
  /** What grouping needs and the copycat sites, from storage (local-groups.ts); undefined: storage failed. */
  readInputs(): Promise<PageInputs | undefined>;
  watch(on: WatchEvents): Watcher;
  send(batch: Payload<'page/results'>): Promise<Replies['page/results'] | undefined>;
  askGroups(): Promise<unknown>;
  newLocal(): Pick<LocalGroups, 'add' | 'reset' | 'groups'>;
  blocks: Pick<ResultBlocks, 'ranked' | 'reset'>;
  shown: Pick<Shown, 'apply' | 'clear' | 'forget' | 'progress'>;
  markCopycats(c: Copycats): void;
  /** Every mark, control and style of Resemble's gone from the page (marks.ts). */
  restorePage(): void;
  href(): string;
}

/**
 * Groups here at once with lib (the function the background answers with), sends the results to the
 * background, which stays the one deciding the page's groups: its answers are applied when they differ,
 * and its later regroups come as `page/update` (issue #17).
 */
export class ResultsMachine {
  private state: State = 'reading';
  /** Without them (storage failed) nothing is grouped here: the background answers as it always did. */
  private inputs: PageInputs | undefined;
  private watcher: Watcher | undefined;
  private local: Pick<LocalGroups, 'add' | 'reset' | 'groups'>;
  /** Batches read so far, and each one's number: an answer is applied only for the latest (no going back). */
  private seq = 0;
  private order = new WeakMap<ResultsBatch, number>();

  constructor(private parts: MachineParts) {
    this.local = parts.newLocal();
  }

  get is(): State {
    return this.state;
  }

  /** The inputs as read at document_start (or undefined): the copycat sites are marked with them. */
  inputsRead(inputs: PageInputs | undefined): void {
    if (this.state === 'ended') return;
    this.inputs = inputs;
    this.markCopycats();
  }

  /**
   * While the page loads: the results parsed so far are grouped before they are painted, all but the
   * last, which may be cut short. DOMContentLoaded reads the whole page; the groups change only if it differs.
   */
  parsedSoFar(): void {
    if (this.state !== 'reading') return;
    const x = this.inputs && this.parts.read(this.inputs);
    if (!x || this.engineIsOff(x.engine) || x.results.length < 3) return;
    const results = x.results.slice(0, -1).map((r, i) => ({ ...r, rank: i + 1 }));
    const now = this.parts.newLocal();
    for (const b of batches({ engine: x.engine, url: this.parts.href(), query: x.query, results })) {
      this.parts.blocks.ranked(b.results);
      now.add(b);
    }
    this.showLocal(now.groups(this.inputs));
  }

  /** DOMContentLoaded, the inputs read: the whole page is read. False: nothing more to do here (no listeners). */
  loaded(): boolean {
    if (this.state !== 'reading') return false;
    if (!this.start()) this.state = 'unread';
    return this.state !== 'unread';
  }

  /** Settings, past boilerplate or copycat sites changed (options, popup, another device): regrouped or restyled without a reload. */
  async storageChanged(changes: Record<string, unknown>, area: string): Promise<void> {
    if (!this.listening()) return;
    const boilerplate = area === 'local' && PAST_BOILERPLATE_KEY in changes;
    const copycatSites = area === 'local' && COPYCAT_PAGE_KEYS.some((k) => k in changes);
    // A "not a copy" choice is not read here: the background regroups the tabs it concerns and tells them (page/update).
    // Either area: kept on this device only, the settings are storage.local's (issue #30).
    const settings = settingsChanged(changes, area);
    if (boilerplate || settings || copycatSites) this.inputs = (await this.parts.readInputs()) ?? this.inputs;
    if (!this.listening()) return;
    // Copycat sites marked anew at once (issue #19): their table or their setting changed.
    if (copycatSites || settings) this.markCopycats();
    if (!settings) return;
    const engine = this.parts.read(this.inputs)?.engine;
    if (engine && this.engineIsOff(engine)) return this.engineTurnedOff();
    if (!this.watcher) return void this.start();
    // Snippet groups at once, unless the page shows what checked pages said (only the background has that).
    this.showLocal(this.local.groups(this.inputs), true);
    await this.answer(await this.parts.askGroups());
  }

  /** The background's regroup (pages checked, a "not a copy" choice, live copies found), checked on arrival. */
  async update(groups: PageGroups): Promise<void> {
    // Also when off, as before this machine: an update after the engine-off teardown is applied (the next off clears it).
    if (this.listening()) await this.show(groups);
  }

  /** An answer of the background's: the page is touched only with what has the expected shape. */
  async answer(reply: unknown): Promise<void> {
    const groups = checkPageGroups(reply);
    if (groups && this.state !== 'ended') await this.show(groups);
  }

  /** The extension left the page (reloaded, updated, removed): nothing will answer or reveal the copies. */
  end(): void {
    if (this.state === 'ended') return;
    this.state = 'ended';
    void this.tearDown();
    // The UI's shadow roots went with the context; the marks and the hidden copies go here.
    this.parts.restorePage();
  }

  /** Reads the page and watches it, or tells the background the engine is off. False: no results to read. */
  private start(): boolean {
    const first = this.parts.read(this.inputs);
    if (!first) return false;
    if (this.engineIsOff(first.engine)) {
      // The page is left as it came; the background hears of it (the popup offers to turn it on).
      const none = batches({ engine: first.engine, url: this.parts.href(), query: first.query, results: [] })[0];
      void this.parts.send({ ...none, disabled: true });
      this.state = 'off';
      return true;
    }
    this.state = 'grouped';
    this.watcher = this.parts.watch({
      read: () => this.parts.read(this.inputs),
      batchRead: (b) => this.batchRead(b),
      batchSent: (b) => this.batchSent(b),
      navigated: () => this.navigated(),
    });
    this.watcher.start(first);
    return true;
  }

  private batchRead(b: ResultsBatch): void {
    this.order.set(b, ++this.seq);
    this.parts.blocks.ranked(b.results);
    this.local.add(b);
    this.showLocal(this.local.groups(this.inputs));
  }

  private async batchSent(b: ResultsBatch): Promise<void> {
    // A task later: the groups just applied are on the page before the message's cost (cloning the
    // results, cold messaging code) is paid in the same task, ahead of the paint.
    await new Promise((r) => setTimeout(r, 0));
    const reply = await this.parts.send(b);
    // Turned off meanwhile (the background's settings are newer): nothing more is read.
    if (reply?.disabled) return this.engineTurnedOff();
    if (this.order.get(b) === this.seq) await this.answer(reply?.groups);
  }

  /** Another view in the same document (pushState, history): the watcher reads it afresh, ranked from 1. */
  private navigated(): void {
    this.parts.blocks.reset();
    this.local.reset();
    this.parts.shown.forget();
    if (this.state === 'checked') this.state = 'grouped';
  }

  private async engineTurnedOff(): Promise<void> {
    if (this.state === 'off' || this.state === 'ended') return;
    this.state = 'off';
    await this.tearDown();
  }

  /** The one teardown: nothing more is read or sent, what was read is forgotten, the page shows no groups. */
  private async tearDown(): Promise<void> {
    this.watcher?.stop();
    this.watcher = undefined;
    await this.parts.shown.clear();
    this.parts.blocks.reset();
    this.local.reset();
  }

  /** Groups made here: applied now (synchronously up to the UI's mounting, so before the next paint). */
  private showLocal(groups: PageGroups | undefined, keepPages = false): void {
    if (!groups || (keepPages && this.state === 'checked')) return;
    if (this.state === 'checked') this.state = 'grouped';
    void this.parts.shown.apply(groups);
  }

  /** The background's groups: `checked` when they say what checked pages (or dead results) said. */
  private async show(groups: PageGroups): Promise<void> {
    this.parts.shown.progress(groups.checking);
    const fromPages = Boolean(groups.dead?.length || groups.changed?.length || groups.groups.some((g) => g.evidence === 'pages'));
    // Before the page is loaded (a "not a copy" answer while it loads) the state stays: loaded() decides it.
    if (this.listening()) this.state = fromPages ? 'checked' : 'grouped';
    await this.parts.shown.apply(groups);
  }

  /** The states in which storage changes and `page/update`s are heard: from loaded until the extension leaves. */
  private listening(): boolean {
    return this.state === 'grouped' || this.state === 'checked' || this.state === 'off';
  }

  private engineIsOff(engine: string): boolean {
    return this.inputs !== undefined && engineOff(this.inputs.settings, engine);
  }

  private markCopycats(): void {
    const i = this.inputs;
    if (i) this.parts.markCopycats({ lookup: i.copycats ?? { table: {}, lists: [], unlisted: [] }, display: i.settings.copycatDisplay });
  }
}
