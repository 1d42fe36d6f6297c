/**
 * Subscribed copycat lists (issue #30), in Chromium with the extension: a list served by the test
 * (a route, as every site in these tests) is subscribed in the options, fetched, and its sites are
 * labelled on a results page "listed in" its name; the served list changes and "update now" picks it
 * up, conditionally (If-None-Match sent, a 304 handled as unchanged); the hourly alarm fires (created
 * due now by the test, a day having passed in the record) and updates it; the server fails and the
 * last good copy stays while the options say why and when; removed, its labels go with it. A suggested
 * list is subscribed in one click; an address with a password or on the user's own network is refused
 * before host access is asked.
 *
 * Host access: the build with host access granted at install (GRANTED_EXTENSION_DIR), as a user who
 * said yes has it; the options' permission request cannot be answered from a test, so it is recorded
 * and answered yes (as test/e2e/added-engine.spec.ts does).
 */
import type { Browser } from 'wxt/browser';
import { SUGGESTED } from '../../lib/copycat/subscriptions';
import { GRANTED_EXTENSION_DIR, type ResembleFixtures, expect, test } from './fixtures';
import { LIST_URL, ListHost, NAME, grantRequests, labelled, openSerp, requested } from './lists-kit';

declare const chrome: typeof Browser;

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

interface Stored {
  url: string;
  sites: number;
  updated?: number;
  etag?: string;
}
const records = (sw: ResembleFixtures['sw']) => sw(async () => ((await chrome.storage.local.get('copycat:subs'))['copycat:subs'] ?? []) as Stored[]);
const subLists = (sw: ResembleFixtures['sw']) =>
  sw(async () =>
    (((await chrome.storage.local.get('copycat:lists'))['copycat:lists'] ?? []) as { name: string; sub?: string; count: number }[]).filter((l) => l.sub),
  );

test('a subscribed list labels its sites, updates (conditionally, on the alarm too), keeps its last good copy when the server fails, and is removed cleanly', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const host = new ListHost();
  host.serve('v1', ['clone-a.example', 'clone-b.example']);
  await host.install(context);

  const options = await openExtensionPage('options.html');
  await grantRequests(options);
  const section = options.getByTestId('subscriptions');
  await expect(section.getByText('No subscriptions.')).toBeVisible();
  await section.getByLabel('Address of the list').fill(LIST_URL);
  await section.getByLabel('Name (optional)').fill(NAME);
  await expect(section.getByLabel('Update')).toHaveValue('24'); // daily by default
  await section.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const row = section.locator(`.sub[data-url="${LIST_URL}"]`);
  await expect(row.locator('.sub-name')).toHaveText(NAME);
  await expect(row.locator('.sub-meta')).toContainText('2 sites, updated');
  await expect(row.locator('.sub-meta')).toContainText('daily');
  expect(await requested(options)).toEqual([['https://lists.example/*']]);
  // The request itself, and nothing about the user: no cookies, no referrer, no validators yet.
  expect(host.seen[0].cookie).toBeUndefined();
  expect(host.seen[0].referer).toBeUndefined();
  expect(host.seen[0]['if-none-match']).toBeUndefined();

  // A results page labels the list's sites, "listed in" its name.
  const tab = await openSerp({ context, serveHtml }, 'subs', ['clone-a.example', 'clone-b.example', 'clone-c.example']);
  await expect.poll(() => labelled(tab)).toEqual(['clone-a.example', 'clone-b.example']);
  // The options' site rows say which subscription lists a site.
  await options.locator('#copycat-find').fill('clone-a.example');
  await options.locator('#copycat-find').press('Enter');
  await expect(options.locator('#copycat-found .copycat-site[data-site="clone-a.example"] .copycat-status')).toHaveText(
    `Copycat: listed in ${NAME} (subscription)`,
  );

  // The served list changes: "update now" asks conditionally, gets the new list, and the open page follows.
  host.serve('v2', ['clone-a.example', 'clone-c.example', 'clone-d.example']);
  await row.getByRole('button', { name: `Update now: ${NAME}` }).click();
  await expect(row.locator('.sub-meta')).toContainText('3 sites, updated');
  expect(host.seen.at(-1)?.['if-none-match']).toBe('"v1"');
  await expect.poll(() => labelled(tab)).toEqual(['clone-a.example', 'clone-c.example']);

  // Unchanged: a 304, handled as "still the same" (the copy stays, 'updated' moves on).
  const before = (await records(sw))[0].updated!;
  await row.getByRole('button', { name: `Update now: ${NAME}` }).click();
  await expect.poll(async () => (await records(sw))[0].updated).toBeGreaterThan(before);
  expect(host.seen.at(-1)?.['if-none-match']).toBe('"v2"');
  expect(host.answered.at(-1)).toBe(304);
  expect((await subLists(sw)).map((l) => l.count)).toEqual([3]);

  // The hourly alarm: a day has passed since the last update (set back in the record), and the alarm fires.
  host.serve('v3', ['clone-a.example', 'clone-b.example', 'clone-c.example', 'clone-d.example']);
  expect(await sw(async () => (await chrome.alarms.get('resemble-subscriptions'))?.periodInMinutes)).toBe(60);
  await sw(async () => {
    const subs = (await chrome.storage.local.get('copycat:subs'))['copycat:subs'] as { updated?: number }[];
    await chrome.storage.local.set({ 'copycat:subs': subs.map((s) => ({ ...s, updated: Date.now() - 25 * 3_600_000 })) });
    await chrome.alarms.create('resemble-subscriptions', { when: Date.now() });
  });
  await expect.poll(async () => (await records(sw))[0].sites, { timeout: 30_000 }).toBe(4);
  await expect(row.locator('.sub-meta')).toContainText('4 sites, updated');
  await expect.poll(() => labelled(tab)).toEqual(['clone-a.example', 'clone-b.example', 'clone-c.example']);
  // The alarm fired once: the hourly one is set again.
  await expect.poll(() => sw(async () => (await chrome.alarms.get('resemble-subscriptions'))?.periodInMinutes)).toBe(60);

  // The server fails: the last good copy stays, and the options say why and when.
  host.fail = true;
  await row.getByRole('button', { name: `Update now: ${NAME}` }).click();
  await expect(row.locator('.sub-failed')).toContainText('failed: the list could not be fetched (HTTP 500). The last good copy is kept.');
  await expect(row.locator('.sub-meta')).toContainText('4 sites');
  expect((await subLists(sw)).map((l) => l.count)).toEqual([4]);
  expect(await labelled(tab)).toEqual(['clone-a.example', 'clone-b.example', 'clone-c.example']);

  // Removed: its labels, its copy and its alarm go.
  await row.getByRole('button', { name: `Remove: ${NAME}` }).click();
  await expect(section.getByText('No subscriptions.')).toBeVisible();
  await expect.poll(() => labelled(tab)).toEqual([]);
  expect(await subLists(sw)).toEqual([]);
  expect(await sw(async () => (await chrome.alarms.get('resemble-subscriptions')) ?? null)).toBeNull();
});

test('a suggested list is subscribed in one click; an address with a password or on the user’s own network is refused', async ({
  context,
  sw,
  openExtensionPage,
}) => {
  const suggestion = SUGGESTED[0];
  const host = new ListHost();
  host.serve('s1', ['translated-copy.example']);
  await host.install(context, suggestion.url);
  const options = await openExtensionPage('options.html');
  await grantRequests(options);
  const section = options.getByTestId('subscriptions');

  await section.getByLabel('Address of the list').fill('https://me:secret@lists.example/copycats.txt');
  await section.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(section.locator('#subs-error')).toHaveText('Not subscribed: an address with a user name or password is not kept.');
  expect(await requested(options)).toEqual([]);
  // The user's own network is refused by its address, before host access is asked (the fetch policy would refuse it anyway).
  await section.getByLabel('Address of the list').fill('http://192.168.1.1/list.txt');
  await section.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(section.locator('#subs-error')).toHaveText(
    'Not subscribed: lists on your own computer or local network (localhost, a private address, a local name) are not fetched.',
  );
  expect(await requested(options)).toEqual([]);

  await section.getByRole('button', { name: 'Subscribe: Machine translations of Stack Overflow' }).click();
  const row = section.locator(`.sub[data-url="${suggestion.url}"]`);
  await expect(row.locator('.sub-name')).toHaveText('Machine translations of Stack Overflow');
  await expect(row.locator('.sub-meta')).toContainText('1 site, updated');
  expect(await requested(options)).toEqual([['https://raw.githubusercontent.com/*']]);
  // Subscribed, it is no longer suggested.
  await expect(section.getByRole('button', { name: 'Subscribe: Machine translations of Stack Overflow' })).toHaveCount(0);
  expect((await subLists(sw)).map((l) => [l.name, l.count])).toEqual([['Machine translations of Stack Overflow', 1]]);
});
