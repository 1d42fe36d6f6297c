/**
 * Near-duplicate groups on results pages in Firefox, end to end, with the build users get (no host
 * access): the content script reads the page, the background (an MV2 event page running the sketch
 * Worker itself) groups the results, the page collapses the copies; the popup lists the groups; the
 * options page regroups an open page.
 *
 * 1. Google's markup (the offline demo, demo/) and Bing's (a saved Bing page of ../shared with the
 *    Gutenberg corpus's passages) each collapse exactly their known groups: the same expectations as
 *    the Chromium suite (../e2e/groups-kit.ts), cross-checked with lib in Node.
 * 2. The popup, for the results tab, lists those groups.
 * 3. The options page's display mode (collapse → flag) and resemblance slider regroup the open page.
 */
import path from 'node:path';
import { reasonLabel } from '../../words/groups';
import { useLocale } from '../unit/helpers/i18n';
import { groupResults } from '../../lib/group/results';
import { buildSerp, readText } from '../e2e/serp-builder';
import {
  CORPUS_LABEL_GROUPS,
  DEMO_GROUPS,
  DEMO_N,
  SHARED,
  SHARED_ABSENT,
  TEMPLATES,
  corpusResults,
  demo,
  demoResults,
  expectedMarks,
  groupsOf,
  hasShared,
  libGroups,
  readInNode,
} from '../e2e/groups-kit';
import { expect, test } from './fixtures';
import { applied, marks, serveDemo, textOf, textsOf } from './kit';
// The words the page shows, said in Node in English (the browser's language here); lib keeps no words.
useLocale('en');

// ---------------------------------------------------------------------------------------------------
// 1. Google's and Bing's markup collapse exactly their groups

test('Google markup (the offline demo): exactly its three groups are collapsed under their best-ranked result', async ({ server, openPage }) => {
  expect(libGroups(groupResults(demoResults, { threshold: 0.5 }).groups), 'lib, in Node').toEqual(DEMO_GROUPS);
  serveDemo(server, { pages: false });
  const page = await openPage(demo.searchUrl);
  await applied(page);
  await expect.poll(() => marks(page), { message: 'the page’s marks' }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-resemble-ready'))).toBe('true');
  // The extension fetched nothing (no host access in this build): only the results page was asked for.
  expect(server.count(demo.searchUrl)).toBe(1);
  for (const r of demo.results) expect(server.requests, `${r.url} not requested`).not.toContain(new URL(r.url).href);
});

const BING = TEMPLATES.find((t) => t.name === 'Bing')!;

test('Bing markup (a saved Bing page with the Gutenberg corpus’s near-duplicate passages): exactly the labels’ groups collapse', async ({
  server,
  openPage,
}) => {
  test.skip(!hasShared, SHARED_ABSENT);
  const { results, labelGroups } = corpusResults();
  expect(labelGroups, 'the labels give three books with copies and one without').toEqual(CORPUS_LABEL_GROUPS);
  const built = buildSerp(readText(path.join(SHARED, BING.file)), BING.url, results);
  expect(built.engine, 'the template reads as Bing').toBe('bing');
  // In Node: the built page reads back as exactly these results, and lib groups them as the labels do.
  const read = readInNode(built.html, BING.url);
  expect(read.map((r) => r.url)).toEqual(results.map((r) => r.url));
  expect(libGroups(groupResults(read, { threshold: 0.5 }).groups), 'lib, in Node, finds the labels’ groups').toEqual(labelGroups);

  server.html(BING.url, built.html);
  const page = await openPage(BING.url);
  await applied(page);
  await expect.poll(() => marks(page), { message: 'the page’s marks' }).toEqual(expectedMarks(results.length, labelGroups, true));
  expect(groupsOf(await marks(page))).toEqual(labelGroups);
});

// ---------------------------------------------------------------------------------------------------
// 2. The popup

test('the popup for the results tab lists its groups: representatives, members, counts and reasons', async ({ server, openPage, openPopup }) => {
  serveDemo(server, { pages: false });
  const page = await openPage(demo.searchUrl);
  await applied(page);
  await expect.poll(() => marks(page)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));

  const popup = await openPopup(page);
  await expect.poll(() => textOf(popup, '.count'), { message: 'the popup’s count line' }).toBe('10 results · 3 groups · 4 near-copies');
  const outcome = groupResults(demoResults, { threshold: 0.5 });
  const shown = await popup.evaluate(() =>
    [...document.querySelectorAll('.group')].map((g) => ({
      rank: g.querySelector('.group-rep .rank')?.textContent,
      title: g.querySelector('.group-rep .result-title')?.textContent,
      members: [...g.querySelectorAll('.member')].map((m) => ({
        rank: m.querySelector('.rank')?.textContent,
        title: m.querySelector('.result-title')?.textContent,
        reason: m.querySelector('summary')?.textContent,
      })),
    })),
  );
  expect(shown, 'the groups the popup lists').toEqual(
    outcome.groups.map((g) => ({
      rank: `#${g.representative}`,
      title: demoResults[g.representative - 1].title,
      members: g.members.map((m) => ({ rank: `#${m.rank}`, title: demoResults[m.rank - 1].title, reason: reasonLabel(m.reason, g.representative) })),
    })),
  );
  expect(await textsOf(popup, '.group:nth-of-type(2) .member summary')).toEqual(['same page as #4']);
});

// ---------------------------------------------------------------------------------------------------
// 3. Settings regroup the open page

test('the options page regroups the open page: display mode collapse → flag, then the resemblance slider', async ({ server, openPage, openExtensionPage }) => {
  expect(libGroups(groupResults(demoResults, { threshold: 0.95 }).groups), 'lib at 0.95').toEqual([[4, 8]]);
  serveDemo(server, { pages: false });
  const page = await openPage(demo.searchUrl);
  await applied(page);
  await expect.poll(() => marks(page)).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
  // A reload would clear this: the page is regrouped in place.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const options = await openExtensionPage('options.html', { front: true });
  await options.waitForSelector('#display-mode-flag');
  expect(await options.$eval('#display-mode-collapse', (el) => (el as HTMLInputElement).checked)).toBe(true);
  await options.click('#display-mode-flag');
  await expect.poll(() => marks(page), { message: 'flag mode: the copies marked, none hidden' }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, false));

  // The resemblance slider to its top (0.95) by keyboard, as a user would: only the same-page pair is left.
  await options.focus('input#resemblance-threshold');
  expect(await options.$eval('input#resemblance-threshold', (el) => (el as HTMLInputElement).value)).toBe('0.5');
  await options.keyboard.press('End');
  await expect.poll(() => options.$eval('input#resemblance-threshold', (el) => (el as HTMLInputElement).value)).toBe('0.95');
  await expect.poll(() => marks(page), { message: 'marks after the slider moved to 0.95' }).toEqual(expectedMarks(DEMO_N, [[4, 8]], false));
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), 'the same document: no reload').toBe(true);
});
