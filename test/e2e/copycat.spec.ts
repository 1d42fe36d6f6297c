/**
 * Issue #19, copycat sites, end to end (routed pages, no ../shared): copycat.example's pages copy two
 * pages of so.example and one of mdn.example, each on its own results page (the copy holds most of its
 * original's text and nothing else). Page checking measures them. Issue #28's rules: the fuller page only
 * confirms the rank, so on the second page, where the copy is ranked first, the pair is undecided and
 * counts for nobody; ranked below its original on a later page, it is decided. After three originals
 * from two sites on three results pages the site is a copycat, with its evidence in the options. On
 * another results page its result stands alone (no original there) and is labelled, its evidence on
 * hover and focus; the popup says why. "Hide" only labels it (its evidence is of one engine, short of
 * hide's bar) until the user marks it; marked, it hides behind a reveal control; "not a copycat" clears it without a reload.
 * Then the export (uBlacklist ruleset, domains list) is imported back: with the evidence cleared with
 * the cache, the site is labelled "listed in" the exported ruleset's name.
 * A second test imports a list with a bad line (reported, skipped) and a malformed file (a clear message,
 * nothing changed).
 */
import { readFileSync } from 'node:fs';
import { getDomain } from 'tldts';
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
  [SO2, filler(9), CC2, filler(10)],
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

  type Ev = { copy: { url: string }; original: { url: string }; by: string };
  const pairsOf = async () => ((await local<Ev[]>(sw, EVIDENCE_KEY)) ?? []).map((e) => [e.copy.url, e.original.url, e.by]).sort();
  // Two results pages: the first decided, the second not (the copy ranked first, its original fuller).
  for (const i of [0, 1]) await (await openSerp(fx, i)).tab.close();
  await expect.poll(async () => (await local<unknown[]>(sw, EVIDENCE_KEY))?.length ?? 0, { message: 'evidence of the first two pages' }).toBe(2);
  const undecided = [SO2.url, CC2.url].sort() as [string, string];
  expect(await pairsOf()).toEqual(
    [
      [CC1.url, SO1.url, 'fuller'],
      [undecided[1], undecided[0], 'undecided'],
    ].sort(),
  );
  // The third: two originals from two sites, on two results pages: not enough.
  await (await openSerp(fx, 2)).tab.close();
  await expect.poll(async () => (await local<unknown[]>(sw, EVIDENCE_KEY))?.length ?? 0, { message: 'evidence of the third page' }).toBe(3);
  expect(Object.keys((await local<Record<string, unknown>>(sw, SITE_KEY)) ?? {}), 'flagged after two decided originals').toEqual([]);
  // The fourth: the undecided pair again, the original ranked first: decided, and three originals from two sites on three pages.
  await (await openSerp(fx, 3)).tab.close();
  await expect
    .poll(async () => Object.keys((await local<Record<string, unknown>>(sw, SITE_KEY)) ?? {}), { message: 'flagged sites' })
    .toEqual(['copycat.example']);
  expect(await pairsOf()).toEqual(
    [
      [CC1.url, SO1.url, 'fuller'],
      [CC2.url, SO2.url, 'fuller'],
      [CC3.url, MDN.url, 'fuller'],
    ].sort(),
  );

  // Options, "Copycat sites": the site with its three pairs, links to both pages.
  await options.reload();
  const row = options.locator('#copycats .copycat-site[data-site="copycat.example"]');
  await expect(row.locator('.copycat-status')).toHaveText('Copycat: copycat site: 3 pages copied from so.example, mdn.example');
  await expect(row.locator('.copycat-evidence tbody tr')).toHaveCount(3);
  for (const r of [SO1, SO2, MDN, CC1, CC2, CC3]) await expect(row.locator(`a[href="${r.url}"]`)).toHaveCount(1);
  await expect(options.locator('#copycats .copycat-site[data-site="so.example"]')).toHaveCount(0);

  // Another results page: the copycat's result stands alone and is labelled, its evidence on hover and focus.
  const { tab } = await openSerp(fx, 4);
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

  // "Hide": evidence of one engine is short of its bar, so the result stays labelled and the popup says why.
  await setSettings(options, { copycatDisplay: 'hide' });
  await expect(row.locator('.copycat-hide')).toHaveText(
    /only labelled: hiding needs evidence from 3 results pages of 2 engines \(so far: results pages 3\/3, engines 1\/2\)/,
  );
  const popup2 = await openPopup(context, extensionOrigin, tab);
  await expect(popup2.locator('.copycats li[data-rank="2"] .copycat-label')).toContainText('“hide” hides a site only when you marked it');
  await popup2.close();
  await expect(cc).toHaveAttribute('data-resemble-copycat', 'copycat.example');
  expect(await cc.getAttribute('data-resemble-hidden')).toBeNull();
  // Marked by the user: behind a reveal control of its own, which shows it again.
  await options.locator('#copycat-mark').fill('copycat.example');
  await options.locator('#copycat-mark').press('Enter');
  await expect(row.locator('.copycat-status')).toHaveText('Copycat: marked by you');
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
  // Flagged by its evidence again (the mark went with "not a copycat"): labelled, not hidden.
  expect(await cc.getAttribute('data-resemble-hidden')).toBeNull();

  // The evidence goes with the cache; the exported ruleset imported back flags the site as listed.
  await setSettings(options, { copycatDisplay: 'label' });
  expect(
    await options.evaluate(() =>
      (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean }> } } }).chrome.runtime.sendMessage({
        type: 'cache/clear',
        payload: {},
      }),
    ),
  ).toMatchObject({ ok: true });
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
  await input.setInputFiles({
    name: 'clones.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('# public list\nclone-a.example\nwww.clone-b.example\n127.0.0.1\n'),
  });
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

test('a list of 230,000 sites (1.8 MB) imports, the options render and find any site, and results pages label its sites (issue #28)', async ({
  context,
  sw,
  serveHtml,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  // Short registrable names under .io: about 8 bytes a line, under the 2 MB import limit.
  // Names that are public suffixes themselves (com.io, gov.io…) are left out: the import would skip them.
  const names = Array.from({ length: 230_000 }, (_, i) => `${i.toString(36)}.io`).filter((n) => getDomain(n, { allowPrivateDomains: true }) === n);
  const list = `${names.join('\n')}\n`;
  expect(list.length).toBeGreaterThan(1_750_000);
  const options = await openExtensionPage('options.html');
  await options.locator('#copycat-import').setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from(list) });
  await expect(options.locator('#copycat-import-outcome')).toContainText(`Imported ${names.length.toLocaleString('en')} sites as “big”.`, { timeout: 30_000 });
  // Not every site is rendered: the first ones, and how to find the others.
  await expect(options.locator('#copycats .copycat-site')).toHaveCount(50);
  await expect(options.locator('#copycat-listed-more')).toContainText('more sites from your lists: find one by name above.');
  // Found by name, far into the list.
  const far = names[229_123];
  await options.locator('#copycat-find').fill(`https://www.${far}/page`);
  await options.locator('#copycat-find').press('Enter');
  await expect(options.locator(`#copycat-found .copycat-site[data-site="${far}"] .copycat-status`)).toHaveText('Copycat: listed in big');
  // The per-site table stays empty: results pages read the packed list.
  expect(Object.keys((await local<Record<string, unknown>>(sw, SITE_KEY)) ?? {})).toEqual([]);

  const url = 'https://www.google.com/search?q=big+list';
  const results = [filler(1), result(`https://www.${names[200_001]}/a`, 'Listed', 31, proseText(31, 300)), filler(2)];
  await serveHtml(url, buildSerp(demo.resultsHtml, url, results).html);
  const tab = await context.newPage();
  await tab.goto(url);
  await applied(tab);
  await expect(tab.locator('[data-resemble-rank="2"]')).toHaveAttribute('data-resemble-copycat', names[200_001]);
  await expect(tab.locator('[data-resemble-copycat]')).toHaveCount(1);
  // "Not a copycat" for a listed site: the page drops its label without a reload.
  await options
    .locator(`#copycat-found .copycat-site[data-site="${far}"]`)
    .getByRole('button', { name: `Not a copycat: ${far}` })
    .click();
  await expect(options.locator(`#copycat-found .copycat-site[data-site="${far}"] .copycat-status`)).toHaveText('Not a copycat (your choice): never flagged');
  await options.locator('#copycat-find').fill(names[200_001]);
  await options.locator('#copycat-find').press('Enter');
  await options
    .locator(`#copycat-found .copycat-site[data-site="${names[200_001]}"]`)
    .getByRole('button', { name: `Not a copycat: ${names[200_001]}` })
    .click();
  await expect(tab.locator('[data-resemble-copycat]')).toHaveCount(0);
});
