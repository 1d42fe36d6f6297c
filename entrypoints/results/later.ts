import type { Payload, Replies } from '../../lib/messages';
import type { PageGroups } from '../../lib/tab/page-groups';
import type { markChanges } from './change-marks';
import type { markSameAs } from './same-as';
import type { readByStructure } from '../../lib/engines/structure';
import type { CheckingIndicator } from './checking-indicator';
import type { mountDead } from './dead-ui';
import type { Lifetime } from './lifetime';
import type { TipMaker } from './page-ui';

/**
 * What the second content script (results-later.content.ts, at document_end) brings the first: what a
 * results page needs only once its first groups are painted. The first never waits for it to group or
 * hide; what it would show or send waits for it (results.content.ts).
 */
export interface LaterParts {
  /** The conversation with the background (questions.ts): results sent, groups asked again (the machine checks the answers). */
  sendResults(batch: Payload<'page/results'>, alive: () => boolean): Promise<Replies['page/results'] | undefined>;
  askGroups(alive: () => boolean): Promise<Replies['page/groups'] | undefined>;
  /** "Not a copy" on a member (issue #20): the regrouped page. */
  notACopy(rank: number, of: number, alive: () => boolean): Promise<Replies['page/not-a-copy'] | undefined>;
  /** "Find a copy" on a dead result: the background opens lost and found for that rank. */
  openLost(rank: number, alive: () => boolean): Promise<unknown>;
  /** Each `page/update` from the background, checked (lib/messages-tab.ts); the function returned stops listening. */
  listen(onUpdate: (groups: PageGroups) => void): () => void;
  /** What only the background's later word brings: the check's progress, dead results and their live copies, changed pages. */
  indicator(ctx: Lifetime): Pick<CheckingIndicator, 'show'>;
  mountDead: typeof mountDead;
  markChanges: typeof markChanges;
  /** Cards of other verticals that are the same pages as results (issue #41), and saying their ranks to the background (the popup counts them). */
  markSameAs: typeof markSameAs;
  /** The structural reader (lib/engines/structure.ts): only a page its definition reads too little of needs it. */
  readByStructure: typeof readByStructure;
  saySameAs(url: string, ranks: number[], alive: () => boolean): Promise<unknown>;
  /** The tips of the controls (hover, focus, a tap: tip.ts), worded there. */
  tip: TipMaker;
}

/**
 * Where the two scripts meet: a property of the global object they share. Content scripts of one
 * extension share one global per frame (Chrome: the extension's isolated world; Firefox: one sandbox
 * per extension and frame, MDN "Content scripts"), which no page script sees.
 */
export const DOOR = Symbol.for('resemble.results.later');
interface Door {
  parts?: LaterParts;
  arrived?: (parts: LaterParts) => void;
}
const shared = globalThis as { [DOOR]?: Door };

/** The first script: the later parts, once the second script has run (at once if it already has). */
export function laterParts(): Promise<LaterParts> {
  const ready = shared[DOOR]?.parts;
  if (ready) return Promise.resolve(ready);
  return new Promise((arrived) => {
    shared[DOOR] = { arrived };
  });
}

/** The second script: its parts, to the first (now if it waits, or when it asks). */
export function handOver(parts: LaterParts): void {
  const waiting = shared[DOOR]?.arrived;
  shared[DOOR] = { parts };
  waiting?.(parts);
}
