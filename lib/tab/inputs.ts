/**
 * What grouping a tab needs besides its results, read from storage the same way by the content script
 * (at document_start, no background needed) and by the background: the settings, past results pages'
 * boilerplate and the user's "not a copy" pairs, a private window's own pairs included where they can be
 * read (storage.session: the background only; the content script's first paint goes without them and the
 * background's answer, a few milliseconds later, applies them).
 */
import { type NotACopy, NOT_A_COPY_KEY, readNotACopy } from '../group/not-a-copy';
import { PAST_BOILERPLATE_KEY, readPastBoilerplate } from '../group/snippet-groups';
import type { EngineId, Settings } from '../settings';

/** A private window's "not a copy" pairs, in storage.session (gone when the browser closes). */
export const PRIVATE_NOT_A_COPY_KEY = 'notACopyPrivate';

/** The storage.local keys grouping reads. */
export const LOCAL_INPUT_KEYS = [PAST_BOILERPLATE_KEY, NOT_A_COPY_KEY] as const;

export interface GroupingInputs {
  settings: Settings;
  /** Past results pages' boilerplate fingerprints (none until enough pages were seen, or counted with another shingle size). */
  boilerplate: number[] | undefined;
  /** The pairs the user said are not copies, in this kind of window. */
  notACopy: NotACopy[];
}

/** The "not a copy" choices that apply in a window of this kind, from what storage.local and storage.session gave. */
export function choicesIn(local: Record<string, unknown>, session: Record<string, unknown> | undefined, incognito: boolean): NotACopy[] {
  const kept = readNotACopy(local);
  return incognito && session ? [...kept, ...readNotACopy({ [NOT_A_COPY_KEY]: session[PRIVATE_NOT_A_COPY_KEY] })] : kept;
}

/** The inputs from the settings and what storage.local (and, for the background, storage.session) hold. */
export function groupingInputs(
  settings: Settings,
  local: Record<string, unknown>,
  session: Record<string, unknown> | undefined,
  incognito: boolean,
): GroupingInputs {
  return { settings, boilerplate: readPastBoilerplate(local, settings.snippetShingle), notACopy: choicesIn(local, session, incognito) };
}

/** The user turned this engine off: its pages are left as they came (an added or unknown engine is on). */
export function engineOff(settings: Pick<Settings, 'engines'>, engine: string): boolean {
  return settings.engines[engine as EngineId] === false;
}
