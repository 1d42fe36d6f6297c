/**
 * The UI in the browser's language (docs/i18n.md): Chromium started in German shows the popup, the
 * options and the results page's labels in German, with German plural forms. Expected words are read
 * from public/_locales/de/messages.json, not written here.
 */
import type { Page } from '@playwright/test';
import { installDemoRoutes } from '../../scripts/start-demo.mjs';
import { readLocale } from '../unit/helpers/i18n';
import { expect, test } from './fixtures';
import { DEMO_GROUPS, DEMO_N, demo } from './groups-kit';
import { lostPageUrl } from './lost-kit';
import { pageUi } from './page-ui-kit';

declare const chrome: typeof import('wxt/browser').Browser;

const de = readLocale('de');
const en = readLocale('en');
/** A German message with $1… filled in (the forms are looked up by name: one, other). */
const msg = (key: string, ...subs: (string | number)[]) => de[key].message.replace(/\$([1-9])/g, (_, d: string) => String(subs[Number(d) - 1]));

test.use({ uiLanguage: 'de' });

test('German UI: the results page labels, the popup and the options speak German, with German plurals', async ({
  context,
  sw,
  extensionOrigin,
  evalInContentScript,
  takeScreenshot,
}) => {
  // What the browser chose: the German messages file (headless Chromium's getUILanguage() says en-US
  // whatever --lang is; shared/i18n formats in the language of the messages shown).
  expect(await sw(() => chrome.i18n.getMessage('locale'))).toBe('de');
  expect(await sw(() => chrome.i18n.getMessage('extDescription'))).toBe(de.extDescription.message);

  await installDemoRoutes(context, { abortOthers: false });
  const page = await context.newPage();
  await page.goto(demo.searchUrl);
  await expect(page.locator(':root')).toHaveAttribute('data-resemble-applied', /^\d/, { timeout: 15_000 });
  const ui = pageUi(page, evalInContentScript);
  // Each group's toggle counts its copies: 2 → "2 Beinahe-Kopien", 1 → "1 Beinahe-Kopie".
  expect(DEMO_GROUPS.map((g) => g.length - 1).sort()).toEqual([1, 1, 2]);
  for (const g of DEMO_GROUPS) {
    const n = g.length - 1;
    await expect
      .poll(() => ui(`[data-resemble-rank="${g[0]}"] resemble-ui`, 'button').text(), { message: `toggle of #${g[0]}` })
      .toBe(msg(n === 1 ? 'nearCopies_one' : 'nearCopies_other', n));
  }
  expect(msg('nearCopies_one', 1)).not.toBe(en.nearCopies_one.message.replace('$1', '1'));
  await takeScreenshot(page, 'de-results');

  const popup = await openPopup(page, extensionOrigin);
  const counts = [msg('results_other', DEMO_N), msg('groups_other', DEMO_GROUPS.length), msg('nearCopies_other', 4)].join(' · ');
  await expect(popup.locator('.count')).toHaveText(counts);
  await expect(popup.getByRole('button', { name: de.popup_options.message })).toBeVisible();
  await expect(popup.locator('.group .evidence').first()).toHaveText(de.group_evidence_snippets.message);
  await takeScreenshot(popup, 'de-popup');

  const options = await context.newPage();
  await options.goto(`${extensionOrigin}options.html`);
  await expect(options.getByRole('heading', { name: de.options_grouping.message })).toBeVisible();
  // The tab's title and <html lang> follow too (index.html says English until the page runs).
  await expect(options).toHaveTitle(msg('common_docTitle', de.options_title.message));
  await expect(options.locator('html')).toHaveAttribute('lang', 'de');
  expect(de.options_title.message).not.toBe(en.options_title.message);
  await expect(options.getByRole('radio', { name: de.options_mode_collapse.message })).toBeChecked();
  // Percentages as Germans write them: "50 %" (a narrow no-break space is Intl's, any space will do).
  await expect(options.locator('output[for="resemblance-threshold"]')).toHaveText(/^\d+\s%$/u);
  // The preview's sentence keeps German word order with the time in its place: it ends with the count.
  await expect(options.locator('.preview-page time')).toHaveCount(1);
  await expect(options.locator('.preview-page')).toHaveText(new RegExp(`${msg('results_other', DEMO_N)}\\.$`));
  await takeScreenshot(options, 'de-options');
});

test('German UI: lost and found speaks German, the notes the background wrote in English too', async ({ context, extensionOrigin, takeScreenshot }) => {
  const lost = await context.newPage();
  await lost.goto(lostPageUrl(extensionOrigin, 'https://old.example/essays/walden'));
  await expect(lost.getByRole('heading', { level: 1 })).toHaveText(de.lost_title.message);
  await expect(lost.getByTestId('known')).toContainText(de.lost_known_none.message);
  // This build has no access to sites (as on install): every source is skipped at once, for a reason
  // lib writes in English ("Resemble has no access to other sites…") and the page says in German.
  await expect(lost.getByRole('button', { name: de.lost_again.message, exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(lost.getByRole('status')).toHaveText(de.lost_progress_needsAccess.message);
  const sources = lost.getByTestId('sources').locator('li');
  await expect(sources.first()).toHaveText(msg('lost_sourceLine', de.lost_sourceName_group.message, msg('lost_state_skipped', de.lost_note_noAccess.message)));
  await expect(lost.getByTestId('needs-access')).toContainText(de.lost_needsAccess.message);
  await expect(lost.getByRole('button', { name: de.common_allowAccess.message })).toBeVisible();
  await takeScreenshot(lost, 'de-lost');
});

async function openPopup(page: Page, extensionOrigin: string): Promise<Page> {
  const popup = await page.context().newPage();
  await page.bringToFront();
  await popup.goto(`${extensionOrigin}popup.html`);
  return popup;
}
