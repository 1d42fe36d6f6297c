import { useEffect, useState } from 'preact/hooks';
import { type SectionId, currentOf, sectionOf } from './sections';

/** How long after a deep link its section is held at the window's top while what is above it loads. */
const HOLD_MS = 3000;
/** What the reader does to move on their own: any of these ends the hold. */
const OWN_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const boxOf = (id: SectionId) => document.getElementById(id)?.getBoundingClientRect();
/** Scrolled as far down as the page goes (a page that fits the window is at its top, not its end). */
const atEnd = () => {
  const page = document.scrollingElement ?? document.documentElement;
  return page.scrollTop > 0 && page.scrollTop + innerHeight >= page.scrollHeight - 2;
};

/**
 * The sections above a deep-linked one fill in after it is scrolled to (the preview, the lists load):
 * it is put back at the top as the page grows, until the reader moves or a moment has passed.
 */
function holdAtTop(section: HTMLElement): () => void {
  const grown = new ResizeObserver(() => section.scrollIntoView({ block: 'start' }));
  const stop = () => {
    grown.disconnect();
    clearTimeout(timer);
    for (const e of OWN_MOVES) removeEventListener(e, stop, true);
  };
  const timer = setTimeout(stop, HOLD_MS);
  for (const e of OWN_MOVES) addEventListener(e, stop, { capture: true, passive: true });
  grown.observe(document.body);
  return stop;
}

/**
 * The section being read, for the navigation's aria-current. Called once the sections are drawn: the
 * address's section (options.html#copycats) is scrolled to then; later the browser follows the links,
 * and this follows the scrolling and the address.
 */
export function useCurrentSection(): SectionId | undefined {
  const [current, setCurrent] = useState<SectionId>();
  useEffect(() => {
    const pick = () => setCurrent(currentOf(sectionOf(location.hash), boxOf, innerHeight, atEnd()));
    const named = sectionOf(location.hash);
    const section = named && document.getElementById(named);
    // The page draws its sections after the settings load: the browser found no section to scroll to.
    let stop = () => {};
    if (section) {
      section.scrollIntoView({ block: 'start' });
      stop = holdAtTop(section);
    }
    pick();
    let frame = 0;
    const later = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        pick();
      });
    };
    const onHash = () => {
      stop();
      pick();
    };
    addEventListener('hashchange', onHash);
    addEventListener('scroll', later, { passive: true });
    addEventListener('resize', later);
    return () => {
      stop();
      cancelAnimationFrame(frame);
      removeEventListener('hashchange', onHash);
      removeEventListener('scroll', later);
      removeEventListener('resize', later);
    };
  }, []);
  return current;
}
