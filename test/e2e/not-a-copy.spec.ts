/**
 * "Not a copy" (issue #20): said on a copy's label on the results page, or in the popup, the pair is
 * never grouped again: the page regroups at once, a reload keeps it apart (the content script groups
 * with the stored choice, before the background answers), the options list the choices and undo one,
 * which regroups the open page, and clearing the cache forgets them.
 */
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { expect, test } from './fixtures';
import { DEMO_GROUPS, DEMO_N, type Mark, demoResults, expectedMarks, libGroups, readMarks } from './groups-kit';
import { groupResults } from '../../lib/group/results';
import { notACopy, pairKey } from '../../lib/group/not-a-copy';
import { pageUi } from './page-ui-kit';
import { openDemo, setSettings } from './page-check-kit';

declare const chrome: typeof Browser;

const marks = (page: Page): Promise<Mark[]> => page.evaluate(readMarks);

/** The demo's groups as lib makes them with these pairs kept apart (by rank: [copy, its representative]). */
function apart(...pairs: [number, number][]): number[][] {
  const keys = pairs.map(([x, y]) => {
    const c = notACopy(demoResults[x - 1], demoResults[y - 1], 0)!;
    return pairKey(c.a, c.b);
  });
  return libGroups(groupResults(demoResults, { threshold: 0.5, apart: new Set(keys) }).groups);
}

test('not a copy, on the page and in the popup: regrouped at once, kept on reload, listed and undone in the options, forgotten with the cache', async ({
  context,
  extensionOrigin,
  openExtensionPage,
  evalInContentScript,
}) => {
  expect(apart([3, 1]), 'the choice changes the groups').not.toEqual(DEMO_GROUPS);
  const page = await openDemo(context);
  // Another tab on the same results: a choice made in one regroups every tab showing the pair (issue #29: the background tells them).
  const other = await openDemo(context);
  const ui = pageUi(page, evalInContentScript);
  const ext = await openExtensionPage('options.html');
  await setSettings(ext, { displayMode: 'flag' });
  await expect.poll(() => marks(page)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, false));
  // Every copy at another address offers it; the AMP copy of #4 (the same page) does not.
  const action = (rank: number) => ui(`[data-resemble-rank="${rank}"] resemble-ui`, 'button.action');
  for (const r of [3, 6, 9])
    expect(await action(r).attr('aria-label'), `#${r}`).toMatch(new RegExp(`^not a copy: result #${r} and result #\\d+, never group them$`));
  expect(await action(8).count()).toBe(0);

  // On the page: #3 is not a copy of #1.
  await page.bringToFront();
  await action(3).click();
  await expect.poll(() => marks(page), { message: '#3 left out of #1’s group at once' }).toEqual(expectedMarks(DEMO_N, apart([3, 1]), false));
  await expect.poll(() => marks(other), { message: 'the other tab regroups too' }).toEqual(expectedMarks(DEMO_N, apart([3, 1]), false));
  await other.close();

  // A reload groups it so from the start: the content script reads the choice with the settings.
  await page.reload();
  await expect(page.locator(':root')).toHaveAttribute('data-resemble-applied', /^\d/);
  await expect.poll(() => marks(page)).toEqual(expectedMarks(DEMO_N, apart([3, 1]), false));

  // In the popup: #9 is not a copy of #5.
  const popup = await context.newPage();
  await page.bringToFront();
  await popup.goto(`${extensionOrigin}popup.html`);
  const member9 = popup.locator('.member', { has: popup.locator('.rank', { hasText: '#9' }) });
  await member9.getByRole('button', { name: 'Not a copy: result #9 and result #5, never group them' }).click();
  const both = apart([3, 1], [9, 5]);
  await expect.poll(() => marks(page), { message: 'the page regroups when the popup says so' }).toEqual(expectedMarks(DEMO_N, both, false));
  await expect(popup.locator('.group')).toHaveCount(both.length);
  await popup.close();

  // The options list both (newest first) and undo one: the open page regroups.
  await ext.reload();
  const pairs = ext.locator('#not-a-copy .pairs li');
  await expect(pairs).toHaveCount(2);
  await expect(pairs.nth(0)).toContainText('classictexts.example');
  await expect(pairs.nth(1)).toContainText('quotegarden.example');
  await pairs.nth(1).getByRole('button', { name: /^Undo/ }).click();
  await expect(pairs).toHaveCount(1);
  await expect.poll(() => marks(page), { message: 'undone: #3 back with #1' }).toEqual(expectedMarks(DEMO_N, apart([9, 5]), false));

  // Clearing the cache forgets the choices.
  const cleared = await ext.evaluate(() => chrome.runtime.sendMessage({ type: 'cache/clear', payload: {} }));
  expect(cleared).toMatchObject({ ok: true });
  await expect.poll(() => marks(page), { message: 'forgotten: the demo’s groups again' }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, false));
  await ext.reload();
  await expect(ext.locator('#not-a-copy')).toContainText('None yet');
});
