/**
 * "Add a search engine" (issue #27, item 5): an engine added in the options from the address of one
 * of its results pages is read by structure and grouped on its next page, with no reload of the
 * extension (the background registers the content script for its host when the settings change);
 * removing it unregisters it and its pages are left alone. Export and import of the added engines.
 *
 * The engine is made up (test/e2e/added-engine-page.ts: markup no definition knows) and served by a
 * route. Host access: the build with host access granted at install (GRANTED_EXTENSION_DIR), as a user
 * who said yes to the prompt has it; the options' permission request cannot be answered from a test,
 * so it is recorded and answered yes here (and the browser's own `contains` says yes too).
 */
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { type AddedEngine, exportAddedEngines } from '../../lib/engines/added';
import { ADDED_HOST, ADDED_PARAM, ADDED_PATH, ADDED_URL, addedEnginePage } from './added-engine-page';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { readMarks } from './groups-kit';

declare const chrome: typeof Browser;

import { grantRequests, requested } from './lists-kit';

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const SCRIPT_ID = `resemble-added:${ADDED_HOST}`;
const NAME = 'Example Engine';

const settingsOf = (page: Page) =>
  page.evaluate(async () => ((await chrome.runtime.sendMessage({ type: 'settings/get', payload: {} })) as { value: { addedEngines: AddedEngine[] } }).value);

/** Opens the made-up engine's results page in a new tab. */
async function openResults(page: Page): Promise<void> {
  await page.goto(ADDED_URL, { waitUntil: 'domcontentloaded' });
}

/**
 * Whether Resemble's content script ran on the page (it marks the root). The barrier is the page's
 * load event: a content script injected at document_start marks the root at DOMContentLoaded, before
 * load fires, so a page loaded without the mark had no script (no waiting for a time).
 */
async function readByResemble(page: Page): Promise<boolean> {
  await page.goto(ADDED_URL, { waitUntil: 'load' });
  return page.evaluate(() => document.documentElement.dataset.resembleReady === 'true');
}

test('an engine added in the options is read by structure and grouped without reloading the extension; removing it stops it', async ({
  context,
  openExtensionPage,
  serveHtml,
  sw,
  extensionOrigin,
}) => {
  await serveHtml(new RegExp(`^https://${ADDED_HOST.replace(/\./g, '\\.')}/`), addedEnginePage());

  // Before: no definition claims the host, so no content script runs there.
  const before = await context.newPage();
  expect(await readByResemble(before), 'not read before it is added').toBe(false);
  await before.close();

  // The options: the address pasted, its host, path and parameter shown, the name edited, Add.
  const options = await openExtensionPage('options.html');
  await grantRequests(options);
  const section = options.getByTestId('added-engines');
  await expect(section.getByText('No search engines added.')).toBeVisible();
  await section.getByLabel('Address of a results page').fill(ADDED_URL);
  const found = section.getByTestId('added-found');
  await expect(found.locator('dd')).toHaveText([ADDED_HOST, ADDED_PATH, ADDED_PARAM]);
  await expect(section.getByLabel('Name', { exact: true })).toHaveValue(ADDED_HOST);
  await section.getByLabel('Name', { exact: true }).fill(NAME);
  await section.getByRole('button', { name: 'Add', exact: true }).click();
  const item = section.getByRole('list', { name: 'Added search engines' }).locator(`li[data-host="${ADDED_HOST}"]`);
  await expect(item).toContainText(NAME);
  await expect(item).toContainText(`${ADDED_HOST}${ADDED_PATH}?${ADDED_PARAM}=`);
  await expect(item.getByRole('button', { name: 'Allow access' })).toHaveCount(0);
  expect(await requested(options)).toEqual([[`https://${ADDED_HOST}/*`]]);
  expect((await settingsOf(options)).addedEngines).toEqual([{ host: ADDED_HOST, path: ADDED_PATH, param: ADDED_PARAM, name: NAME }]);

  // The background registered the content script for the engine's results pages.
  await expect
    .poll(() => sw(async (id) => (await chrome.scripting.getRegisteredContentScripts({ ids: [id] })).map((s) => s.matches), SCRIPT_ID), { timeout: 15_000 })
    .toEqual([[`https://${ADDED_HOST}${ADDED_PATH}*`]]);

  // Its next page: read by structure, the two near-copies grouped and the copy collapsed.
  const page = await context.newPage();
  await openResults(page);
  await expect(page.locator('html')).toHaveAttribute('data-resemble-ready', 'true', { timeout: 15_000 });
  await expect
    .poll(() => page.evaluate(readMarks).then((ms) => ms.filter((m) => m.role).map((m) => [m.rank, m.role, m.hidden ?? null])), { timeout: 15_000 })
    .toEqual([
      [2, 'representative', null],
      [5, 'copy', 'true'],
    ]);
  expect((await page.evaluate(readMarks)).map((m) => m.rank)).toEqual([1, 2, 3, 4, 5, 6]);
  await expect(page.locator('[data-resemble-rank="5"]')).toBeHidden();
  await expect(page.locator('[data-resemble-rank="5"]')).toContainText('news-mirror.example');

  // The popup names the engine by the name it was given.
  const popup = await context.newPage();
  await page.bringToFront();
  await popup.goto(`${extensionOrigin}popup.html`);
  await expect(popup.getByRole('main')).toContainText(NAME, { timeout: 15_000 });
  await expect(popup.getByRole('main')).not.toContainText(`added:${ADDED_HOST}`);
  await popup.close();

  // The options say how its pages were last read: by structure (the background's record, live).
  await options.bringToFront();
  await expect(item.getByTestId('added-outcome')).toContainText('read by structure');

  // Removed: unregistered, and its next page is left as it came.
  await item.getByRole('button', { name: `Remove ${NAME}` }).click();
  await expect(section.getByText('No search engines added.')).toBeVisible();
  expect((await settingsOf(options)).addedEngines).toEqual([]);
  await expect.poll(() => sw(async (id) => (await chrome.scripting.getRegisteredContentScripts({ ids: [id] })).length, SCRIPT_ID), { timeout: 15_000 }).toBe(0);
  const after = await context.newPage();
  expect(await readByResemble(after), 'not read once removed').toBe(false);
  await expect(after.locator('[data-resemble-rank]')).toHaveCount(0);
});

test('added engines: exported as JSON, imported back; a file with bad entries adds the good ones and reports the rest; one with nothing usable changes nothing', async ({
  openExtensionPage,
  sw,
}) => {
  const options = await openExtensionPage('options.html');
  const section = options.getByTestId('added-engines');
  const upload = (name: string, text: string) =>
    section.getByLabel('Import a JSON file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  const outcome = section.locator('#added-import-outcome');

  // A file with nothing usable: refused whole, nothing changes.
  await upload('bad.json', JSON.stringify([{ host: 'localhost', path: '/', param: 'q', name: 'local' }]));
  await expect(outcome.getByRole('alert')).toHaveText('Nothing was imported from bad.json: it holds no search engine that can be added.');
  await expect(outcome.locator('li')).toHaveText([
    'Entry 1 localhost — not usable: it needs a public host name, a path starting with /, a query parameter and a name of at most 60 characters.',
  ]);
  await upload('not.json', '{nope');
  await expect(outcome.getByRole('alert')).toHaveText('Nothing was imported from not.json: it is not a JSON file.');
  expect((await settingsOf(options)).addedEngines).toEqual([]);
  await expect(section.getByRole('button', { name: 'Export (JSON)' })).toBeDisabled();

  // Good entries added, the bad one reported and skipped.
  const good: AddedEngine[] = [
    { host: ADDED_HOST, path: ADDED_PATH, param: ADDED_PARAM, name: NAME },
    { host: 'find.example.org', path: '/s', param: 'q', name: 'Find' },
  ];
  await upload('engines.json', JSON.stringify({ engines: [good[0], { host: '10.0.0.1', path: '/', param: 'q', name: 'x' }, good[1]] }));
  await expect(outcome.locator('p.ok')).toHaveText('Search engines added from engines.json: 2. Entries skipped: 1.');
  await expect(outcome.locator('li')).toHaveText([/^Entry 2 10\.0\.0\.1 — not usable/]);
  await expect(section.getByRole('list', { name: 'Added search engines' }).locator('li')).toHaveCount(2);
  expect((await settingsOf(options)).addedEngines).toEqual(good);
  // Access granted (this build): both registered.
  await expect
    .poll(
      () =>
        sw(async () =>
          (await chrome.scripting.getRegisteredContentScripts())
            .map((s) => s.id)
            .filter((id) => id.startsWith('resemble-added:'))
            .sort(),
        ),
      { timeout: 15_000 },
    )
    .toEqual(['resemble-added:find.example.org', `resemble-added:${ADDED_HOST}`]);

  // Export: the file the lib writes, which imports back (here: all present already, so nothing changes).
  const [download] = await Promise.all([options.waitForEvent('download'), section.getByRole('button', { name: 'Export (JSON)' }).click()]);
  expect(download.suggestedFilename()).toBe('resemble-search-engines.json');
  const text = await download.createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(text).toBe(exportAddedEngines(good));
  await upload('resemble-search-engines.json', text);
  await expect(outcome.getByRole('alert')).toHaveText('Nothing was imported from resemble-search-engines.json: it holds no search engine that can be added.');
  expect((await settingsOf(options)).addedEngines).toEqual(good);
});
