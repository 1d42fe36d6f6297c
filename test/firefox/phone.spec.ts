/**
 * Phone-sized (issue #30) in the real Firefox: Firefox ESR in a narrow viewport, standing in for Firefox
 * for Android (not run here), which shows the popup as a full-width page. The popup (with the demo's
 * groups), the options page and lost and found fit a 360 px and a 320 px wide viewport: nothing wider than the width the
 * page is shown at, its vertical scroll bar counted.
 */
import { demo } from '../e2e/groups-kit';
import { expect, test, until } from './fixtures';
import type { Page } from './fixtures';
import { applied, serveDemo } from './kit';

/** The width the page is shown at (without a scroll bar) and how wide its content is. */
const widths = (page: Page) =>
  page.evaluate(() => ({ clientWidth: document.documentElement.clientWidth, scrollWidth: document.scrollingElement?.scrollWidth ?? 0 }));

/** At `width` px wide, `page` scrolls no way but down. */
async function fitsAt(page: Page, width: number, what: string): Promise<void> {
  await page.setViewport({ width, height: 740 });
  const w = await until(`${what} laid out at ${width} px`, 10_000, async () => {
    const x = await widths(page);
    return x.clientWidth <= width && x.clientWidth > width - 30 ? x : undefined;
  });
  expect(w.scrollWidth, `${what} at ${width} px: no horizontal scroll (shown ${w.clientWidth} px wide)`).toBeLessThanOrEqual(w.clientWidth);
}

test('in a narrow window the popup with groups, the options page and lost and found scroll no way but down', async ({
  server,
  openPage,
  openPopup,
  openExtensionPage,
}) => {
  serveDemo(server, { pages: false });
  const tab = await openPage(demo.searchUrl);
  await applied(tab);
  const popup = await openPopup(tab);
  await until('the popup’s groups', 15_000, async () => ((await popup.evaluate(() => document.querySelectorAll('.group').length)) === 3 ? true : undefined));
  await fitsAt(popup, 360, 'the popup');
  await fitsAt(popup, 320, 'the popup');

  const options = await openExtensionPage('options.html', { front: true });
  await until('the options drawn', 15_000, async () =>
    (await options.evaluate(() => !!document.querySelector('input#resemblance-threshold'))) ? true : undefined,
  );
  await fitsAt(options, 360, 'the options');
  await fitsAt(options, 320, 'the options');

  // Lost and found for a long address (its report wraps, never widens the page).
  const lost = await openExtensionPage(`lost.html?url=${encodeURIComponent(`https://gone.example/${'a-long-path-segment/'.repeat(12)}page.html`)}`, {
    front: true,
  });
  await until('lost and found drawn', 15_000, async () => ((await lost.evaluate(() => !!document.querySelector('h1'))) ? true : undefined));
  await fitsAt(lost, 360, 'lost and found');
  await fitsAt(lost, 320, 'lost and found');
});
