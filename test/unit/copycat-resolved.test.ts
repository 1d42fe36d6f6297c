/**
 * Issue #41: once page checking followed an opaque link (Google's /goto, Baidu's link?url=: an
 * `unresolved` result), the page is told the address it ended at (PageGroups `resolved`, built by the
 * background's regroup), and the page's own copycat label names that address's site, as the popup and
 * the background do (lib resultHost on the resolved view). Before, the display URL's site spoke for it.
 */
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupsOnPage } from '../../entrypoints/results/groups-on-page';
import { ResultBlocks } from '../../entrypoints/results/marks';
import { resolvedLinks } from '../../entrypoints/background/tab/regroup';
import { type PageGroups, MAX_RESOLVED_URL, checkPageGroups } from '../../lib/tab/page-groups';
import { withResolved, mergeBatch } from '../../lib/tab/view';

const GOTO = 'https://www.google.com/goto?url=abc';
const FINAL = 'https://www.copycat.example/their-copy';
const lookup = { table: { 'copycat.example': { label: 'copycat site', detail: 'copies pages' } }, lists: [], unlisted: [] };
const life = { onInvalidated: () => () => {} };

/** A page of two results: #1 an opaque /goto link whose display URL names the original's site, #2 a plain one. */
function page() {
  const { document } = parseHTML(
    `<!doctype html><html><head></head><body><div id="r1"><a href="${GOTO}">Recipe</a></div><div id="r2"><a href="https://plain.example/">Other</a></div></body></html>`,
  );
  vi.stubGlobal('document', document);
  const blocks = new ResultBlocks();
  const els = [document.getElementById('r1')!, document.getElementById('r2')!];
  blocks.saw([GOTO, 'https://plain.example/'], [[els[0]], [els[1]]]);
  blocks.ranked([
    { rank: 1, url: GOTO, displayUrl: 'www.original.example › recipes', unresolved: true },
    { rank: 2, url: 'https://plain.example/', displayUrl: 'plain.example' },
  ]);
  const onPage = new GroupsOnPage(life, blocks);
  onPage.setCopycats({ lookup, display: 'label' });
  return { blocks, onPage, els };
}

const view = (more: Partial<PageGroups> = {}): PageGroups => ({ mode: 'flag', threshold: 0.5, groups: [], ...more });

describe('copycat labels of opaque results once resolved (issue #41)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the display URL’s site speaks for an opaque result until the background says where it ends', async () => {
    const { blocks, onPage, els } = page();
    await onPage.apply(view());
    expect(blocks.hostOf(1)).toBe('www.original.example');
    expect(els[0].getAttribute('data-resemble-copycat')).toBeNull();

    await onPage.apply(view({ resolved: [{ rank: 1, url: FINAL }] }));
    expect(blocks.hostOf(1)).toBe('www.copycat.example');
    expect(els[0].getAttribute('data-resemble-copycat')).toBe('copycat.example');
    expect(els[0].querySelector('resemble-ui')).not.toBeNull();
    // The plain result is its own address's site, as before.
    expect(els[1].getAttribute('data-resemble-copycat')).toBeNull();
  });

  it('keeps the final site through later applies that do not repeat it (an answer to a later batch)', async () => {
    const { blocks, onPage, els } = page();
    await onPage.apply(view({ resolved: [{ rank: 1, url: FINAL }] }));
    await onPage.apply(view());
    expect(blocks.hostOf(1)).toBe('www.copycat.example');
    expect(els[0].getAttribute('data-resemble-copycat')).toBe('copycat.example');
  });

  it('ignores a rank the page never read, and forgets resolutions with the view (in-page navigation)', () => {
    const { blocks } = page();
    blocks.resolved(7, FINAL);
    expect(blocks.hostOf(7)).toBeUndefined();
    blocks.resolved(1, FINAL);
    blocks.reset();
    expect(blocks.hostOf(1)).toBeUndefined();
  });
});

describe('PageGroups resolved: what the background tells and the page accepts', () => {
  const opaque = { rank: 1, url: GOTO, title: 'Recipe', snippet: 's', displayUrl: 'www.original.example › recipes', unresolved: true };
  const plain = { rank: 2, url: 'https://plain.example/', title: 'Other', snippet: 's', displayUrl: 'plain.example' };
  const v = mergeBatch(undefined, { url: 'https://www.google.com/search?q=x', engine: 'google', query: 'x', results: [opaque, plain] });

  it('the regroup tells the ranks whose opaque link was followed, with the address it ended at', () => {
    expect(resolvedLinks(v)).toEqual([]);
    expect(resolvedLinks(withResolved(v, GOTO, FINAL))).toEqual([{ rank: 1, url: FINAL }]);
  });

  it('tells only http(s) addresses the page’s check takes', () => {
    expect(resolvedLinks(withResolved(v, GOTO, 'ftp://copycat.example/x'))).toEqual([]);
    expect(resolvedLinks(withResolved(v, GOTO, `https://copycat.example/${'a'.repeat(MAX_RESOLVED_URL)}`))).toEqual([]);
  });

  it('the page’s check takes http(s) resolutions and refuses any other address', () => {
    const ok = view({ resolved: [{ rank: 1, url: FINAL }] });
    expect(checkPageGroups(ok)).toEqual(ok);
    expect(checkPageGroups(view({ resolved: [{ rank: 1, url: 'javascript:alert(1)' }] }))).toBeUndefined();
    expect(checkPageGroups(view({ resolved: [{ rank: 0, url: FINAL }] }))).toBeUndefined();
    expect(checkPageGroups(view({ resolved: [{ rank: 1, url: `https://x.example/${'a'.repeat(MAX_RESOLVED_URL)}` }] }))).toBeUndefined();
  });
});
