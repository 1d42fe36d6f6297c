/**
 * Issue #39: the options' navigation. Every section is listed once, in page order; a fragment names a
 * section (options.html#copycats) or nothing; the section being read is the one at the window's top,
 * and at the page's end the one just followed to.
 */
import { describe, expect, it } from 'vitest';
import { SECTIONS, type SectionId, currentOf, sectionOf } from '../../entrypoints/options/nav/sections';

const IDS = ['grouping', 'display', 'engines', 'page-checking', 'copycats', 'not-a-copy', 'sync', 'advanced', 'cache'];

/** Sections 300 px tall one under the other, the window scrolled by `y`. */
const stacked = (y: number) => (id: SectionId) => {
  const top = IDS.indexOf(id) * 300 - y;
  return { top, bottom: top + 300 };
};

describe('options navigation', () => {
  it('lists every section once, in page order', () => {
    expect(SECTIONS.map((s) => s.id)).toEqual(IDS);
  });

  it('a fragment names a section, or nothing', () => {
    expect(sectionOf('#copycats')).toBe('copycats');
    expect(sectionOf('not-a-copy')).toBe('not-a-copy');
    expect(sectionOf('#page%2Dchecking')).toBe('page-checking');
    for (const hash of ['', '#', '#nope', '#%E0%A4%A', '#Copycats']) expect(sectionOf(hash), hash).toBeUndefined();
  });

  it('the current section is the one at the window’s top', () => {
    expect(currentOf(undefined, stacked(0), 800, false)).toBe('grouping');
    expect(currentOf(undefined, stacked(1200), 800, false)).toBe('copycats');
    // Its last lines at the very top: the next one is being read.
    expect(currentOf(undefined, stacked(1500 - 40), 800, false)).toBe('not-a-copy');
    // The address names another section, off the top: the one read is still the one at the top.
    expect(currentOf('cache', stacked(1200), 800, false)).toBe('copycats');
  });

  it('at the page’s end, the section the address names when it is on screen, else the last', () => {
    const end = 9 * 300 - 800;
    expect(currentOf('advanced', stacked(end), 800, true)).toBe('advanced');
    expect(currentOf('cache', stacked(end), 800, true)).toBe('cache');
    expect(currentOf(undefined, stacked(end), 800, true)).toBe('cache');
    expect(currentOf('grouping', stacked(end), 800, true)).toBe('cache');
  });
});
