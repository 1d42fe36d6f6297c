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
