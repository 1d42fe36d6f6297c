/**
 * Issue #41, end to end: on a Google page for "carbonara recipe" (the repository's trimmed copy of a
 * real page, test/fixtures/serp/google-recipes.html) the Recipes carousel's three cards are the same
 * pages as organic results 1, 3 and 4. Each card is flagged "same as #N" with data-resemble-same-as,
 * never hidden or moved; the cards are not read as results; the popup counts them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sameAsLabel } from '../../words/groups';
import { useLocale } from '../unit/helpers/i18n';
import { expect, test } from './fixtures';
import { REPO, applied, openPopup, tabStateOf } from './page-check-kit';
import { pageUi } from './page-ui-kit';
import type { TabView } from '../../lib/tab/view';
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

useLocale('en');

const URL_ = 'https://www.google.com/search?q=carbonara+recipe';

test('a carousel card that is the same page as an organic result is flagged "same as #N", left where it is; the popup counts them', async ({
  context,
  sw,
  serveHtml,
  evalInContentScript,
  extensionOrigin,
}) => {
  await serveHtml(URL_, readFileSync(path.join(REPO, 'test/fixtures/serp/google-recipes.html'), 'utf8'));
  const tab = await context.newPage();
  await tab.goto(URL_);
  await applied(tab);
  const cards = tab.locator('[data-resemble-same-as]');
  await expect(cards).toHaveCount(3, { timeout: 15_000 });
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-resemble-same-as')))).toEqual(['1', '3', '4']);
  // Flag only: no card is hidden, grouped or read as a result.
  for (const attr of ['data-resemble-hidden', 'data-resemble-rank', 'data-resemble-cluster']) {
    expect(await cards.evaluateAll((els, a) => els.filter((e) => e.hasAttribute(a) || e.querySelector(`[${a}]`)).length, attr), attr).toBe(0);
  }
  await expect(cards.first()).toBeVisible();
  const ui = pageUi(tab, evalInContentScript);
  await expect.poll(() => ui('[data-resemble-same-as="3"] resemble-ui', '.label.same-as').text()).toBe(sameAsLabel(3));

  // The background keeps the ranks with the tab's view (the page says them once it has marked the cards); the popup counts them.
  await expect.poll(async () => (await tabStateOf(sw, URL_))?.status).toBe('done');
  await expect
    .poll(
      async () => {
        const all = await sw(async () => chrome.storage.session.get(null));
        return Object.entries(all).find(([k, v]) => k.startsWith('results:') && (v as TabView).url === URL_)?.[1] as TabView | undefined;
      },
      { message: 'the ranks kept with the tab’s view' },
    )
    .toMatchObject({ sameAs: [1, 3, 4] });
  const popup = await openPopup(context, extensionOrigin, tab);
  await expect(popup.getByTestId('same-as')).toHaveText('3 results are shown again elsewhere on this page, in cards: #1, #3, #4');
});
