/**
 * Everyday use (issues #19 and #20) in the real Firefox, with the build users get: the choices a user
 * makes are kept in Firefox's own storage and change the results page as they do in Chromium.
 *
 * 1. "Not a copy" from the popup: the page regroups at once, a reload keeps the pair apart (the
 *    content script groups with the stored choice), the options list it, and undo regroups the page.
 * 2. An imported copycat list: a result from a listed site is labelled on the page, and the popup says why.
 * Expected groups are lib's, computed in Node with the same choice (../e2e/groups-kit).
 */
import type { Browser as Ext } from 'wxt/browser';
import { notACopy, pairKey } from '../../lib/group/not-a-copy';
import { groupResults } from '../../lib/group/results';
import { DEMO_GROUPS, DEMO_N, demo, demoResults, expectedMarks, libGroups } from '../e2e/groups-kit';
import { expect, test } from './fixtures';
import { applied, marks, serveDemo, setSettings, textOf, textsOf } from './kit';

declare const browser: typeof Ext;

/** The demo's groups as lib makes them with the pair [copy, representative] (by rank) kept apart. */
function apart(x: number, y: number): number[][] {
  const c = notACopy(demoResults[x - 1], demoResults[y - 1], 0)!;
  return libGroups(groupResults(demoResults, { threshold: 0.5, apart: new Set([pairKey(c.a, c.b)]) }).groups);
}

test('"not a copy" from the popup: regrouped at once, kept on reload, listed in the options and undone', async ({
  server,
  openPage,
  openPopup,
  openExtensionPage,
  ext,
}) => {
  const without = apart(9, 5);
  expect(without, 'the choice changes the groups').not.toEqual(DEMO_GROUPS);
  serveDemo(server, { pages: false });
  await setSettings(ext, { displayMode: 'flag' });
  const page = await openPage(demo.searchUrl);
  await applied(page);
  await expect.poll(() => marks(page)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, false));

  const popup = await openPopup(page);
  await expect.poll(() => textsOf(popup, '.member .rank'), { message: 'the popup’s members' }).toContain('#9');
  const clicked = await popup.evaluate(() => {
    const member = [...document.querySelectorAll('.member')].find((m) => m.querySelector('.rank')?.textContent === '#9');
    const button = [...(member?.querySelectorAll('button') ?? [])].find(
      (b) => b.getAttribute('aria-label') === 'Not a copy: result #9 and result #5, never group them',
    );
    button?.click();
    return button !== undefined;
  });
  expect(clicked, 'the popup offers "not a copy" on #9').toBe(true);
  await expect.poll(() => marks(page), { message: 'the page regroups when the popup says so' }).toEqual(expectedMarks(DEMO_N, without, false));
  await expect.poll(() => popup.evaluate(() => document.querySelectorAll('.group').length), { message: 'the popup’s groups' }).toBe(without.length);

  await page.reload();
  await applied(page);
  await expect.poll(() => marks(page), { message: 'after a reload, still apart' }).toEqual(expectedMarks(DEMO_N, without, false));

  const options = await openExtensionPage('options.html', { front: true });
  await expect
    .poll(() => textsOf(options, '#not-a-copy .pairs li'), { message: 'the options list the choice' })
    .toEqual([expect.stringContaining('openshelf.example')]);
  await options.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('#not-a-copy .pairs li button')].find((b) => /^Undo/.test(b.textContent ?? ''))?.click(),
  );
  await expect.poll(() => textsOf(options, '#not-a-copy .pairs li'), { message: 'undone' }).toEqual([]);
  await expect.poll(() => marks(page), { message: 'undone: #9 back with #5' }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, false));
});

test('an imported copycat list labels a listed site’s result on the page, and the popup says why', async ({ server, openPage, openPopup, ext }) => {
  const listed = demo.results.find((r) => r.url.includes('quotegarden.example'))!;
  const reply = await ext(
    (text) => browser.runtime.sendMessage({ type: 'copycat/import', payload: { name: 'clones', text } }),
    '# a list\nquotegarden.example\n',
  );
  expect(reply, 'the list is imported').toMatchObject({ ok: true, value: { name: 'clones', sites: 1, bad: [] } });

  serveDemo(server, { pages: false });
  const page = await openPage(demo.searchUrl);
  await applied(page);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-resemble-copycat]')].map((el) => [
            el.getAttribute('data-resemble-rank'),
            el.getAttribute('data-resemble-copycat'),
          ]),
        ),
      {
        message: 'the listed site’s result is marked',
      },
    )
    .toEqual([[String(listed.rank), 'quotegarden.example']]);
  // Its groups are the demo's all the same: a label, not a regrouping.
  await expect.poll(() => marks(page)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));

  const popup = await openPopup(page);
  await expect.poll(() => textOf(popup, '.copycats li .copycat-label'), { message: 'the popup says why' }).toMatch(/^copycat site: listed in clones/);
});
