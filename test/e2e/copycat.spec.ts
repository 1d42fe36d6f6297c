/**
 * Issue #19, copycat sites, end to end (routed pages, no ../shared): copycat.example's pages copy two
 * pages of so.example and one of mdn.example, each on its own results page (the copy holds most of its
 * original's text and nothing else, so the original is the fuller page whatever the ranks: on the second
 * page the copy is ranked first). Page checking measures them; after the second page the site is not a
 * copycat yet (2 originals), after the third it is, with its evidence in the options. On a fourth results
 * page its result stands alone (no original there) and is labelled, its evidence on hover and focus; the
 * popup says why; "hide" hides it behind a reveal control; "not a copycat" clears it without a reload.
 * Then the export (uBlacklist ruleset, domains list) is imported back: with the evidence cleared with
 * the cache, the site is labelled "listed in" the exported ruleset's name.
 * A second test imports a list with a bad line (reported, skipped) and a malformed file (a clear message,
 * nothing changed).
 */
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { RULESET_NAME } from '../../lib/copycat/ruleset';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { PageServer, applied, checkingDone, enablePageChecking, openPopup, setSettings } from './page-check-kit';
import { demo } from './page-demo-serp';
import { pageUi } from './page-ui-kit';
import { buildSerp } from './serp-builder';
import { proseText } from '../unit/helpers/prose';
import type { ResembleFixtures } from './fixtures';

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const html = (title: string, text: string) => `<!doctype html><html><head><title>${title}</title></head><body><main><p>${text}</p></main></body></html>`;
/** An original's text, and its copy: the first 85% of it (the original is the fuller page). */
const original = (seed: number) => proseText(seed, 700);
const copyOf = (seed: number) => original(seed).split(' ').slice(0, 595).join(' ');

interface Result {
  url: string;
  title: string;
  snippet: string;
  body: string;
}
const result = (url: string, title: string, seed: number, body: string): Result => ({ url, title, snippet: proseText(seed + 500, 20), body });
const filler = (n: number) => result(`https://filler${n}.example/page`, `Filler ${n}`, 900 + n, proseText(900 + n, 600));

const SO1 = result('https://so.example/questions/1', 'How to fold a lantern', 11, original(11));
const SO2 = result('https://so.example/questions/2', 'Why does the harbour engine stall', 12, original(12));
const MDN = result('https://mdn.example/docs/bridge', 'Bridge API reference', 13, original(13));
const CC1 = result('https://copycat.example/lantern-fold', 'How to fold a lantern - Copycat', 21, copyOf(11));
const CC2 = result('https://www.copycat.example/harbour-engine', 'Harbour engine stalls - Copycat', 22, copyOf(12));
const CC3 = result('https://copycat.example/bridge-api', 'Bridge API - Copycat', 23, copyOf(13));
const CC4 = result('https://copycat.example/orchard', 'Orchard pie - Copycat', 24, proseText(24, 600));

const SERPS: Result[][] = [
  [SO1, CC1, filler(1), filler(2)],
  [CC2, SO2, filler(3), filler(4)],
  [MDN, filler(5), CC3, filler(6)],
  [filler(7), CC4, filler(8)],
];

const SITE_KEY = 'copycat:sites';
const EVIDENCE_KEY = 'copycat:evidence';

async function local<T>(sw: ResembleFixtures['sw'], key: string): Promise<T | undefined> {
  return sw(async (k) => (await chrome.storage.local.get(k))[k] as T | undefined, key);
}
declare const chrome: { storage: { local: { get(k: string | null): Promise<Record<string, unknown>> } } };

async function serve(context: Parameters<PageServer['install']>[0]): Promise<void> {
  const server = new PageServer();
  for (const r of SERPS.flat()) server.html(r.url, html(r.title, r.body));
  await server.install(context);
}

/** Opens results page `i` and waits until all its pages are checked. */
async function openSerp(fx: Pick<ResembleFixtures, 'context' | 'sw' | 'serveHtml'>, i: number): Promise<{ tab: Page; url: string }> {
  const url = `https://www.google.com/search?q=copycat+${i + 1}`;
  const results = SERPS[i];
  await fx.serveHtml(url, buildSerp(demo.resultsHtml, url, results).html);
  const tab = await fx.context.newPage();
  await tab.goto(url);
  await applied(tab);
  await checkingDone(fx.sw, url, results.length);
  return { tab, url };
}

const text = async (d: Download) => readFileSync(await d.path()).toString('utf8');

test('a site copying pages of two other sites on three results pages is flagged, labelled alone on a fourth, hidden, then cleared; export and import back', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
  evalInContentScript,
  extensionOrigin,
}) => {
  test.setTimeout(120_000);
  await serve(context);
  const options = await enablePageChecking(openExtensionPage);
  const fx = { context, sw, serveHtml };

  // Two results pages: two originals of one site, not a copycat yet.
  for (const i of [0, 1]) await (await openSerp(fx, i)).tab.close();
  await expect.poll(async () => (await local<unknown[]>(sw, EVIDENCE_KEY))?.length ?? 0, { message: 'evidence of the first two pages' }).toBe(2);
  expect(Object.keys((await local<Record<string, unknown>>(sw, SITE_KEY)) ?? {}), 'flagged after two originals from one site').toEqual([]);
  const ev = (await local<{ copy: { url: string }; original: { url: string }; by: string }[]>(sw, EVIDENCE_KEY))!;
  // The copy ranked first on the second page is still the copy: the original is the fuller page.
  expect(ev.map((e) => [e.copy.url, e.original.url, e.by]).sort()).toEqual([
    [CC1.url, SO1.url, 'fuller'],
    [CC2.url, SO2.url, 'fuller'],
  ]);

  // The third: three originals from two sites.
  await (await openSerp(fx, 2)).tab.close();
  await expect.poll(async () => Object.keys((await local<Record<string, unknown>>(sw, SITE_KEY)) ?? {}), { message: 'flagged sites' }).toEqual(['copycat.example']);

  // Options, "Copycat sites": the site with its three pairs, links to both pages.
  await options.reload();
  const row = options.locator('#copycats .copycat-site[data-site="copycat.example"]');
  await expect(row.locator('.copycat-status')).toHaveText('Copycat: copycat site: 3 pages copied from so.example, mdn.example');
  await expect(row.locator('.copycat-evidence tbody tr')).toHaveCount(3);
  for (const r of [SO1, SO2, MDN, CC1, CC2, CC3]) await expect(row.locator(`a[href="${r.url}"]`)).toHaveCount(1);
  await expect(options.locator('#copycats .copycat-site[data-site="so.example"]')).toHaveCount(0);

  // A fourth results page: the copycat's result stands alone and is labelled, its evidence on hover and focus.
  const { tab } = await openSerp(fx, 3);
  const cc = tab.locator('[data-resemble-rank="2"]');
  await expect(cc).toHaveAttribute('data-resemble-copycat', 'copycat.example');
  await expect(tab.locator('[data-resemble-copycat]')).toHaveCount(1);
  const ui = pageUi(tab, evalInContentScript);
  const label = ui('[data-resemble-rank="2"] resemble-ui', '.label');
  await expect.poll(() => label.text()).toBe('copycat site: 3 pages copied from so.example, mdn.example');
  const tip = ui('[data-resemble-rank="2"] resemble-ui', '[role="tooltip"]');
  expect(await tip.text()).toContain(`${CC3.url} copies ${MDN.url}`);
  expect(await label.attr('aria-describedby')).toBe(await tip.attr('id'));
  await tab.bringToFront();
  await label.focus();
  await expect.poll(() => tip.visible(), 'tooltip on keyboard focus').toBe(true);
  await label.blur();
  await label.hover();
  await expect.poll(() => tip.visible(), 'tooltip on hover').toBe(true);

  // The popup says why.
  const popup = await openPopup(context, extensionOrigin, tab);
  const why = popup.locator('.copycats li[data-rank="2"]');
  await expect(why.locator('.copycat-label')).toHaveText('copycat site: 3 pages copied from so.example, mdn.example: labelled on the page.');
  await expect(why.locator('.copycat-detail')).toContainText(`${CC1.url} copies ${SO1.url}`);
  await popup.close();

  // "Hide": behind a reveal control of its own, which shows it again.
  await setSettings(options, { copycatDisplay: 'hide' });
  await expect(cc).toHaveAttribute('data-resemble-hidden', 'true');
  await expect(cc).toBeHidden();
  const toggle = ui('resemble-ui:has(+ [data-resemble-rank="2"])', 'button');
  await expect.poll(() => toggle.text()).toBe('copycat result (copycat.example)');
  await tab.bringToFront();
  await toggle.click();
  await expect(cc).not.toHaveAttribute('data-resemble-hidden');
  await expect.poll(() => toggle.text()).toBe('Hide copycat result');
  await toggle.click();
  await expect(cc).toHaveAttribute('data-resemble-hidden', 'true');

  // Export both ways before the user's word changes anything.
  await options.bringToFront();
  const [rules] = await Promise.all([options.waitForEvent('download'), options.getByRole('button', { name: 'uBlacklist ruleset' }).click()]);
  const ruleset = await text(rules);
  expect(ruleset.split('\n').slice(0, 3)).toEqual(['---', `name: ${RULESET_NAME}`, '---']);
  expect(ruleset.split('\n').filter((l) => l && !l.startsWith('#') && !/^(---|name:)/.test(l))).toEqual(['*://*.copycat.example/*']);
  expect(ruleset).toContain(`#   ${CC2.url} copies ${SO2.url}`);
  const [domains] = await Promise.all([options.waitForEvent('download'), options.getByRole('button', { name: 'Domains list' }).click()]);
  expect(await text(domains)).toBe('copycat.example\n');

  // "Not a copycat": the page shows the result again, unlabelled, without a reload.
  await options.getByRole('button', { name: 'Not a copycat: copycat.example' }).click();
  await expect(row.locator('.copycat-status')).toHaveText('Not a copycat (your choice): never flagged');
  await expect(cc).not.toHaveAttribute('data-resemble-copycat');
  await expect(cc).not.toHaveAttribute('data-resemble-hidden');
  await expect(cc).toBeVisible();
  await expect.poll(() => ui('resemble-ui:has(+ [data-resemble-rank="2"])', 'button').count()).toBe(0);
  await row.getByRole('button', { name: 'Undo “not a copycat”' }).click();
  await expect(cc).toHaveAttribute('data-resemble-copycat', 'copycat.example');

  // The evidence goes with the cache; the exported ruleset imported back flags the site as listed.
  await setSettings(options, { copycatDisplay: 'label' });
  expect(await options.evaluate(() => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean }> } } }).chrome.runtime.sendMessage({ type: 'cache/clear', payload: {} }))).toMatchObject({ ok: true });
  await expect(cc).not.toHaveAttribute('data-resemble-copycat');
  await options.locator('#copycat-import').setInputFiles({ name: 'exported.txt', mimeType: 'text/plain', buffer: Buffer.from(ruleset) });
  await expect(options.locator('#copycat-import-outcome')).toContainText(`Imported 1 site as “${RULESET_NAME}”.`);
  await expect(row.locator('.copycat-listed')).toHaveText(`listed in ${RULESET_NAME}`);
  await expect(row.locator('.copycat-own')).toHaveText('none yet');
  await expect(cc).toHaveAttribute('data-resemble-copycat', 'copycat.example');
  await expect.poll(() => label.text()).toBe(`copycat site: listed in ${RULESET_NAME}`);
});

test('an imported list reports its bad lines; a malformed file changes nothing; a site marked by hand', async ({ sw, openExtensionPage }) => {
  const options = await openExtensionPage('options.html');
  const input = options.locator('#copycat-import');
  const outcome = options.locator('#copycat-import-outcome');
  await input.setInputFiles({ name: 'clones.txt', mimeType: 'text/plain', buffer: Buffer.from('# public list\nclone-a.example\nwww.clone-b.example\n127.0.0.1\n') });
  await expect(outcome).toContainText('Imported 2 sites as “clones”; 1 line skipped:');
  await expect(outcome.locator('.bad-lines li')).toHaveText(['line 4: 127.0.0.1 — not a site (an address, a single name or a public suffix)']);
  await expect(options.locator('.copycat-site[data-site="clone-a.example"] .copycat-status')).toHaveText('Copycat: listed in clones');
  const before = await sw(async () => chrome.storage.local.get(null));

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('{"sites": [1, 2]}\n<html>not a list</html>\n') });
  await expect(outcome.getByRole('alert')).toHaveText('Not imported: notes.txt: no line names a site (2 unusable). Nothing was changed.');
  await expect(outcome.locator('.bad-lines li')).toHaveCount(2);
  expect(await sw(async () => chrome.storage.local.get(null)), 'storage after the malformed file').toEqual(before);
  await expect(options.locator('.copycat-lists li')).toHaveCount(1);

  // By hand: a name that is no site is refused, saying why; a site is flagged "marked by you".
  const mark = options.locator('#copycat-mark');
  await mark.fill('github.io');
  await mark.press('Enter');
  await expect(options.locator('#copycat-error')).toHaveText('Not changed: github.io is not a site (a registrable domain such as example.com).');
  await mark.fill('https://www.hand.example/some/page');
  await mark.press('Enter');
  await expect(options.locator('.copycat-site[data-site="hand.example"] .copycat-status')).toHaveText('Copycat: marked by you');
  await expect(mark).toHaveValue('');
});
