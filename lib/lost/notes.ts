/**
 * Why a lost-and-found source was skipped, or what it did (LostReport's `sources[].note`), in English:
 * the CLI and the stored report say these. The UI recognises them by this text and says them in its
 * own language (words/lost.ts); any other note (an error's message) it shows as it is.
 */
export const LOST_NOTES = {
  alive: 'the address answered when checked again',
  noAccess: 'Resemble has no access to other sites, so it cannot fetch candidates to measure them',
  noGroup: 'it was in no group on a results page Resemble kept',
  noSketch: 'no sketch of the page was kept',
  nothingToSearch: 'nothing known of the page to search for',
  noEngine: 'no search engine could be read',
  archiveOff: 'archive lookups are off (options)',
  archiveNone: 'the Internet Archive has no copy',
} as const;

export type LostNote = keyof typeof LOST_NOTES;

const ASKED = 'asked ';
const THEN = ', then ';
const ARCHIVE_FAILED = 'the Internet Archive could not be asked: ';

/** "asked Google, then DuckDuckGo": the search engines that answered, in the order asked. */
export const askedNote = (engines: readonly string[]): string => ASKED + engines.join(THEN);

/** The engines of an askedNote, or undefined for any other note. */
export function engineNamesOf(note: string): string[] | undefined {
  return note.startsWith(ASKED) && note.length > ASKED.length ? note.slice(ASKED.length).split(THEN) : undefined;
}

/** The archive's availability API could not be asked (no answer, or not one it gives). */
export const archiveFailedNote = (why: string): string => ARCHIVE_FAILED + why;

/** The reason inside an archiveFailedNote, or undefined for any other note. */
export function archiveFailureOf(note: string): string | undefined {
  return note.startsWith(ARCHIVE_FAILED) ? note.slice(ARCHIVE_FAILED.length) : undefined;
}
