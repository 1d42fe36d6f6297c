/**
 * The keyboard shortcut (issue #20): the manifest declares the command with its suggested key, and the
 * command switches the display mode collapse ↔ flag (the global setting: every open results page
 * regroups without a reload, the options show the new mode). On a tab that is not a results page, in
 * 'off' mode, or for another command, nothing changes. Playwright cannot press an extension's
 * shortcut: the command's listener is called through the test hook, with the tab the browser passes.
 */
import type { Page } from '@playwright/test';
import type { Browser } from 'wxt/browser';
import { TOGGLE_DISPLAY_COMMAND } from '../../lib/first-run';
import { DEMO_GROUPS, DEMO_N, demo, expectedMarks, readMarks } from './groups-kit';
import { type ResembleFixtures, expect, test } from './fixtures';
import { requireHook } from './hook';
import { applied, openPopup, setSettings } from './page-check-kit';

declare const chrome: typeof Browser;

type HookWithCommand = { __resemble: { command(name: string, tabId?: number): Promise<string | undefined> } };

/** The tab whose page reported results from `url` (the background's storage.session `results:<tabId>`): tabs.query cannot see a page's URL without the "tabs" permission. */
async function resultsTab(sw: ResembleFixtures['sw'], url: string): Promise<number> {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const all = await sw(() => chrome.storage.session.get(null));
        const key = Object.keys(all).find((k) => k.startsWith('results:') && (all[k] as { url?: string }).url === url);
        id = key ? Number(key.slice('results:'.length)) : undefined;
        return id;
      },
      { message: `the tab that reported ${url}'s results` },
    )
    .toEqual(expect.any(Number));
  return id!;
}

const settingsOf = (page: Page) =>
  page.evaluate(async () => ((await chrome.runtime.sendMessage({ type: 'settings/get', payload: {} })) as { value: Record<string, unknown> }).value);

test('the manifest declares the shortcut; the command toggles collapse ↔ flag on an open results page without a reload, and the options follow', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  extensionOrigin,
}) => {
  await requireHook(sw);
  const declared = await sw(async () => ({ manifest: chrome.runtime.getManifest().commands, all: await chrome.commands.getAll() }));
  const suggested = declared.manifest?.[TOGGLE_DISPLAY_COMMAND]?.suggested_key?.default;
  expect(suggested).toMatch(/^Alt\+Shift\+[A-Z]$/);
  expect(declared.manifest?.[TOGGLE_DISPLAY_COMMAND]?.description).toMatch(/collapsed and flagged/);
  // Chromium gives a suggested key only when nothing else has it (it had none for Alt+Shift+R).
  expect(declared.all.find((c) => c.name === TOGGLE_DISPLAY_COMMAND)?.shortcut, 'the key the browser gave it').toBe(suggested);

  await serveHtml(demo.searchUrl, demo.resultsHtml);
  const tab = await context.newPage();
  await tab.goto(demo.searchUrl);
  await applied(tab);
  await expect.poll(() => tab.evaluate(readMarks)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
  await tab.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const options = await openExtensionPage('options.html');
  await expect(options.getByRole('radio', { name: 'Collapse copies' })).toBeChecked();
  const tabId = await resultsTab(sw, demo.searchUrl);
  const popup = await openPopup(context, extensionOrigin, tab);
  const line = popup.getByTestId('display-mode-line');
  await expect(line).toContainText('Copies are collapsed.');
  await expect(line.getByRole('button')).toHaveText(`Flag them instead (${suggested})`);
  const command = (name: string, id?: number) =>
    sw(([n, i]) => (globalThis as unknown as HookWithCommand).__resemble.command(n, i), [name, id] as [string, number | undefined]);

  expect(await command(TOGGLE_DISPLAY_COMMAND, tabId)).toBe('flag');
  await expect.poll(() => tab.evaluate(readMarks), { message: 'flagged, nothing hidden' }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, false));
  await expect(options.getByRole('radio', { name: 'Flag only' }), 'the options show the new mode').toBeChecked();
  await expect(line, 'and the popup').toContainText('Copies are flagged, not hidden.');

  expect(await command(TOGGLE_DISPLAY_COMMAND, tabId)).toBe('collapse');
  await expect.poll(() => tab.evaluate(readMarks), { message: 'collapsed again' }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
  await expect(options.getByRole('radio', { name: 'Collapse copies' })).toBeChecked();
  await expect(line).toContainText('Copies are collapsed.');
  // The popup's button does what the key does.
  await line.getByRole('button', { name: /Flag them instead/ }).click();
  await expect.poll(() => tab.evaluate(readMarks), { message: 'flagged from the popup' }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, false));
  await expect(line.getByRole('button')).toHaveText(`Collapse them instead (${suggested})`);
  await line.getByRole('button').click();
  await expect.poll(() => tab.evaluate(readMarks)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
  expect(await tab.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), 'the page was not reloaded').toBe(true);

  // Two presses at once toggle twice: back where it started.
  expect(
    await sw(([n, i]) => Promise.all([0, 1].map(() => (globalThis as unknown as HookWithCommand).__resemble.command(n, i))), [
      TOGGLE_DISPLAY_COMMAND,
      tabId,
    ] as [string, number]),
  ).toEqual(['flag', 'collapse']);
  expect(await settingsOf(options)).toMatchObject({ displayMode: 'collapse' });
});

test('the shortcut does nothing off a results page, in off mode, or for another command', async ({ context, sw, serveHtml, openExtensionPage }) => {
  await requireHook(sw);
  const options = await openExtensionPage('options.html');
  const command = (name: string, id?: number) =>
    sw(([n, i]) => (globalThis as unknown as HookWithCommand).__resemble.command(n, i), [name, id] as [string, number | undefined]);

  // A page of a site Resemble does not read, the options' tab, the first blank tab and a tab that is
  // gone: none has reported results (no results page has been opened yet).
  const other = 'https://www.example.org/article';
  await serveHtml(other, '<!doctype html><title>An article</title><p>Not a results page.</p>');
  const page = await context.newPage();
  await page.goto(other);
  const tabs = await sw(() => chrome.tabs.query({}).then((ts) => ts.map((t) => t.id!)));
  expect(tabs.length).toBeGreaterThanOrEqual(3);
  for (const id of [...tabs, 987_654]) expect(await command(TOGGLE_DISPLAY_COMMAND, id), `tab ${id}`).toBeUndefined();
  expect(await settingsOf(options)).toMatchObject({ displayMode: 'collapse' });

  // On a results page: another command changes nothing; in off mode the shortcut leaves it off.
  await serveHtml(demo.searchUrl, demo.resultsHtml);
  const tab = await context.newPage();
  await tab.goto(demo.searchUrl);
  await applied(tab);
  const tabId = await resultsTab(sw, demo.searchUrl);
  expect(await command('_execute_action', tabId)).toBeUndefined();
  expect(await settingsOf(options)).toMatchObject({ displayMode: 'collapse' });
  await setSettings(options, { displayMode: 'off' });
  expect(await command(TOGGLE_DISPLAY_COMMAND, tabId)).toBeUndefined();
  expect(await settingsOf(options)).toMatchObject({ displayMode: 'off' });
  // The same tab in collapse mode does toggle: the checks above can fail.
  await setSettings(options, { displayMode: 'collapse' });
  expect(await command(TOGGLE_DISPLAY_COMMAND, tabId)).toBe('flag');
});
