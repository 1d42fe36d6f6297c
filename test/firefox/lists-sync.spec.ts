/**
 * Issue #30 in the real Firefox (the test build: host access granted, the local servers counted as
 * public sites): a subscribed list is fetched under the fetch policy, labels its site on a results page,
 * keeps its last good copy when the list's server fails and says why, and is removed with its labels;
 * and the choices' sync runs on Firefox's storage.sync: a verdict another device wrote there (the chunk
 * lib/sync/encode makes, written into this profile's storage.sync as Firefox's sync would) labels the
 * site at once, and a verdict given here is written to storage.sync for the other devices.
 */
import type { Browser as Ext } from 'wxt/browser';
import { decode, encode } from '../../lib/sync/encode';
import { NEWER_SETTINGS as newer } from '../helpers/newer-settings';
import { demo } from '../e2e/groups-kit';
import { FIREFOX_TEST_EXTENSION_DIR } from './build';
import { expect, test } from './fixtures';
import type { Page } from './fixtures';
import { applied, serveDemo } from './kit';

declare const browser: typeof Ext;

test.use({ extensionDir: FIREFOX_TEST_EXTENSION_DIR });

const LIST = 'https://lists.example/copycats.txt';
const listed = demo.results.find((r) => r.url.includes('quotegarden.example'))!;

/** The [rank, site] of every result the page labels as a copycat's. */
const copycatMarks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-resemble-copycat]')].map((el) => [el.getAttribute('data-resemble-rank'), el.getAttribute('data-resemble-copycat')]),
  );

test('a subscribed list labels its site, keeps its last good copy when its server fails, and goes with its labels', async ({ server, openPage, ext }) => {
  // First a list, then a server error for every later fetch.
  server.on(LIST, (n) => (n === 1 ? { contentType: 'text/plain', body: '! Title: Clones\n||quotegarden.example^\n' } : { status: 500, body: 'down' }));
  const added = await ext((url) => browser.runtime.sendMessage({ type: 'subs/add', payload: { url } }), LIST);
  expect(added, 'subscribed').toMatchObject({ ok: true, value: { view: { subs: [{ url: LIST, name: 'Clones', sites: 1 }] } } });

  serveDemo(server, { pages: false });
  const page = await openPage(demo.searchUrl);
  await applied(page);
  await expect.poll(() => copycatMarks(page), { message: 'the listed site’s result is labelled' }).toEqual([[String(listed.rank), 'quotegarden.example']]);

  const updated = await ext((url) => browser.runtime.sendMessage({ type: 'subs/update', payload: { url } }), LIST);
  expect(updated, 'the failed update is said, the copy kept').toMatchObject({
    ok: true,
    value: { view: { subs: [{ url: LIST, sites: 1, failed: { code: expect.any(String), message: expect.stringContaining('500') } }] } },
  });
  expect(server.requestsTo('lists.example'), 'fetched twice').toHaveLength(2);
  await page.reload();
  await applied(page);
  await expect.poll(() => copycatMarks(page), { message: 'still labelled from the last good copy' }).toEqual([[String(listed.rank), 'quotegarden.example']]);

  const removed = await ext((url) => browser.runtime.sendMessage({ type: 'subs/remove', payload: { url } }), LIST);
  expect(removed).toMatchObject({ ok: true, value: { subs: [] } });
  await expect.poll(() => copycatMarks(page), { message: 'removed: the label goes from the open page' }).toEqual([]);
});

test('sync on Firefox’s storage.sync: another device’s verdict labels the site at once; a verdict given here is written for the others', async ({
  server,
  openPage,
  ext,
}) => {
  serveDemo(server, { pages: false });
  const page = await openPage(demo.searchUrl);
  await applied(page);
  expect(await copycatMarks(page)).toEqual([]);

  // Another device marked the site a minute ago: its chunk arrives in this profile's storage.sync.
  const remote = encode([{ kind: 'verdict', site: 'quotegarden.example', verdict: 'marked', at: Date.now() - 60_000 }]);
  await ext((items) => browser.storage.sync.set(items), remote.items);
  await expect
    .poll(() => copycatMarks(page), { message: 'the synced verdict labels the result', timeout: 20_000 })
    .toEqual([[String(listed.rank), 'quotegarden.example']]);

  // Here the user marks another site: it is written to storage.sync (after sync's short wait), beside the first.
  const set = await ext(() => browser.runtime.sendMessage({ type: 'copycat/verdict', payload: { site: 'mirror.example', verdict: 'marked' } }));
  expect(set).toMatchObject({ ok: true });
  await expect
    .poll(
      async () =>
        decode(await ext(() => browser.storage.sync.get(null)))
          .flatMap((e) => ('site' in e ? [`${e.site}:${e.verdict}`] : []))
          .sort(),
      { message: 'both verdicts in storage.sync', timeout: 20_000 },
    )
    .toEqual(['mirror.example:marked', 'quotegarden.example:marked']);
});

test('issue #38 on Firefox’s storage.sync: verdicts on public suffixes mark nothing; a newer release’s settings item keeps Bing off and is written back whole', async ({
  server,
  openPage,
  ext,
}) => {
  serveDemo(server, { pages: false });
  const page = await openPage(demo.searchUrl);
  await applied(page);
  // "example" is the top-level name of every result here, as "com" is of most: with the site, one row each.
  const now = Date.now();
  const rows = ['example', 'com', 'co.uk'].map((site, i) => ({ kind: 'verdict' as const, site, verdict: 'marked' as const, at: now - 10 + i }));
  const remote = encode([...rows, { kind: 'verdict', site: 'quotegarden.example', verdict: 'marked', at: now }]);
  await ext((items) => browser.storage.sync.set(items), remote.items);
  await expect
    .poll(() => copycatMarks(page), { message: 'only the site is labelled', timeout: 20_000 })
    .toEqual([[String(listed.rank), 'quotegarden.example']]);

  await ext((s) => browser.storage.sync.set({ settings: s }), newer);
  const read = await ext(() => browser.runtime.sendMessage({ type: 'settings/get', payload: {} }));
  expect(read).toMatchObject({ ok: true, value: { engines: { bing: false }, addedEngines: [{ host: 'search.mine.example' }] } });
  expect(await ext(() => browser.runtime.sendMessage({ type: 'settings/set', payload: { displayMode: 'flag' } }))).toMatchObject({ ok: true });
  const stored = (await ext(() => browser.storage.sync.get('settings'))).settings as typeof newer;
  expect(stored).toMatchObject({ version: 2, displayMode: 'flag', summaries: { on: true }, engines: { bing: false, futureengine: true } });
  expect(stored.addedEngines).toEqual(newer.addedEngines);
});
