import type { MessageKey } from '../../../shared/i18n';

/**
 * The options' sections in page order: each one's id (its deep link, options.html#copycats), its title
 * and its one-sentence intro. The page and its navigation are both drawn from this list.
 */
export const SECTIONS = [
  { id: 'grouping', title: 'options_grouping', intro: 'options_grouping_intro' },
  { id: 'display', title: 'options_display' },
  { id: 'engines', title: 'options_engines', intro: 'options_engines_intro' },
  { id: 'page-checking', title: 'options_pageChecking' },
  { id: 'copycats', title: 'options_copycats', intro: 'options_copycats_intro' },
  { id: 'not-a-copy', title: 'options_notACopy', intro: 'options_notACopy_intro' },
  { id: 'sync', title: 'options_sync', intro: 'options_sync_intro' },
  { id: 'advanced', title: 'options_advanced', intro: 'options_advanced_intro' },
  { id: 'cache', title: 'options_cache', intro: 'options_cache_intro' },
] as const satisfies readonly { id: string; title: MessageKey; intro?: MessageKey }[];

export type SectionId = (typeof SECTIONS)[number]['id'];

export const SECTION_IDS: readonly SectionId[] = SECTIONS.map((s) => s.id);

/** The section an address's fragment names ("#copycats"), if any. */
export function sectionOf(hash: string): SectionId | undefined {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return undefined;
  }
  return SECTION_IDS.find((s) => s === id);
}

/**
 * Where the reader's eye is: a section reaching below this line from the window's top is the one being
 * read. Below the phone's bar (options.css: a section followed to stops 4.5rem from the top).
 */
const LINE = 96;

type Box = { top: number; bottom: number };

/**
 * The section the reader is at: the first reaching below the line near the window's top. At the page's
 * end, where the last sections cannot reach the top, the one the address names if it is on screen
 * (the link just followed), else the last.
 */
export function currentOf(named: SectionId | undefined, boxOf: (id: SectionId) => Box | undefined, height: number, atEnd: boolean): SectionId | undefined {
  if (atEnd) {
    const box = named && boxOf(named);
    return box && box.bottom > 0 && box.top < height ? named : [...SECTION_IDS].reverse().find((id) => boxOf(id) !== undefined);
  }
  return SECTION_IDS.find((id) => {
    const box = boxOf(id);
    return box !== undefined && box.bottom > LINE;
  });
}
