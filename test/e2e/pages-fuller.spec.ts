/**
 * Issue #14, "never hide the fuller page", end to end: a project's README page holding the whole
 * Apache-2.0 text and much more (#3) and the licence's own page (#1, better ranked). Page checking
 * groups them by containment; in collapse mode (the default) the README stays visible, labelled
 * "contains #1" (its measure on hover), role "contains", never `data-resemble-hidden`, and #1 has no
 * "near-copies" to reveal. Both arrival orders: one page's answer is held until the other page is
 * stored, then released (no fixed delays). A recorder in the page notes any moment the README is hidden.
 *
 * The pages come from test/unit/helpers/fuller-pages.ts (TypeScript's own LICENSE.txt, prose written
 * there), the results page from the offline demo's Google markup: no ../shared needed.
 */
import { reasonDetail } from '../../words/groups';
import { useLocale } from '../unit/helpers/i18n';
import { GRANTED_EXTENSION_DIR, expect, test } from './fixtures';
import { PageServer, allChecked, applied, checkingDone, enablePageChecking, ranksOf, tabStateOf } from './page-check-kit';
import { demo } from './page-demo-serp';
import { pageUi } from './page-ui-kit';
import { buildSerp } from './serp-builder';
import { licencePageHtml, readmePageHtml } from '../unit/helpers/fuller-pages';
import { proseText } from '../unit/helpers/prose';
// The words the page shows, said in Node in English (the browser's language here); lib keeps no words.
useLocale('en');

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

const LICENCE = {
  url: 'https://licences.example/apache-2.0/',
  title: 'Apache License 2.0 | Open Licences',
  snippet: 'The Apache License is a permissive licence whose main conditions require preservation of notices',
};
const README = {
  url: 'https://code.example/example/lanternfish',
  title: 'example/lanternfish: Light for the harbour',
  snippet: 'Lanternfish lights the harbour at night with twelve candles and a lantern',
};
const NEWS = {
  url: 'https://news.example/harbour',
  title: 'Harbour news this winter',
  snippet: 'The village council met on Tuesday to talk about the bridge and the market',
};
const PIE = {
  url: 'https://recipes.example/orchard',
  title: 'Orchard pie',
  snippet: 'Bake the apples from the orchard with butter, sugar and a little cinnamon',
};
const RESULTS = [LICENCE, NEWS, README, PIE];
const page = (title: string, seed: number) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><p>${proseText(seed, 800)}</p></main></body></html>`;

for (const first of ['licence', 'README'] as const) {
  test(`a README holding the whole licence stays visible in collapse mode as "contains #1" (${first} page checked first)`, async ({
    context,
    sw,
    serveHtml,
    openExtensionPage,
    evalInContentScript,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const [early, late] = first === 'licence' ? [LICENCE, README] : [README, LICENCE];
    const server = new PageServer()
      .html(LICENCE.url, licencePageHtml(), late === LICENCE ? { hold: held } : {})
      .html(README.url, readmePageHtml(), late === README ? { hold: held } : {})
      .html(NEWS.url, page('Harbour news', 51))
      .html(PIE.url, page('Orchard pie', 52));
    await server.install(context);
    await enablePageChecking(openExtensionPage); // collapse mode: the default
    const serpUrl = `https://www.google.com/search?q=apache+license+${first}`;
    await serveHtml(serpUrl, buildSerp(demo.resultsHtml, serpUrl, RESULTS).html);
    const tab = await context.newPage();
    // Any moment the README's result is hidden, from the first apply on (page checking regroups as pages arrive).
    await tab.addInitScript((url) => {
      const w = window as unknown as { __readmeHidden: number };
      w.__readmeHidden = 0;
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as Element;
          if (el.hasAttribute('data-resemble-hidden') && el.querySelector(`a[href="${url}"]`)) w.__readmeHidden++;
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-resemble-hidden'] });
    }, README.url);
    await tab.goto(serpUrl);
    await applied(tab);

    // The early page is stored while the late one's answer is held; only then is the late one answered.
    const [rec] = await allChecked(sw, [early.url]);
    expect(rec?.status, `${early.url} checked first`).toBe('ok');
    expect((await tabStateOf(sw, serpUrl))?.groups ?? [], 'no group while one page of the pair is known (unalike snippets)').toEqual([]);
    release();
    const state = await checkingDone(sw, serpUrl, RESULTS.length);
    expect(ranksOf(state.groups ?? []), 'the tab’s groups').toEqual([[1, 3]]);
    const reason = state.groups![0].members[0].reason;
    expect(reason.kind, JSON.stringify(reason)).toBe('contains');

    // On the page: the README is shown, labelled, a "contains" member; the licence page says it from its side.
    const readme = tab.locator('[data-resemble-rank="3"]');
    await expect(readme).toHaveAttribute('data-resemble-role', 'contains');
    await expect(readme).toHaveAttribute('data-resemble-cluster', '1');
    await expect(readme).not.toHaveAttribute('data-resemble-hidden');
    await expect(readme.locator(`a[href="${README.url}"]`).first()).toBeVisible();
    const ui = pageUi(tab, evalInContentScript);
    await expect.poll(() => ui('[data-resemble-rank="3"] resemble-ui', '.label').text()).toBe('contains #1');
    await expect.poll(() => ui('[data-resemble-rank="1"] resemble-ui', '.label').text()).toBe('excerpt of #3');
    // Nothing is hidden, so #1 offers no "near-copies" to reveal.
    expect(await ui('[data-resemble-rank="1"] resemble-ui', 'button').count(), 'reveal controls on #1').toBe(0);
    await expect(tab.locator('[data-resemble-hidden]')).toHaveCount(0);
    // Its measure on hover, as every label's.
    await tab.bringToFront();
    await ui('[data-resemble-rank="3"] resemble-ui', '.label').hover();
    const tip = ui('[data-resemble-rank="3"] resemble-ui', '[role="tooltip"]');
    await expect.poll(() => tip.visible(), 'tooltip on hover').toBe(true);
    expect(await tip.text()).toBe(reasonDetail(reason, 1));
    expect(await tab.evaluate(() => (window as unknown as { __readmeHidden: number }).__readmeHidden), 'times the README was hidden').toBe(0);
  });
}
