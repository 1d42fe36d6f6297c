/**
 * Issue #27 in Firefox, end to end, with the build users get: a results page whose class names and ids
 * an engine's CSS rebuild renamed (test/helpers/rename-names.ts, seed 7) still has its copies collapsed,
 * exactly as the original page: the engine's definition reads nothing there, so the content script
 * reads the page by its structure (lib/engines/structure.ts) and marks the same results the same way.
 * The page: the offline demo (demo/: Google's markup, 10 results, three groups), served at its Google
 * address both times.
 */
import { parseHTML } from 'linkedom';
import { extract } from '../../lib/engines/extract';
import { groupResults } from '../../lib/group/results';
import { DEMO_GROUPS, DEMO_N, demo, expectedMarks, libGroups } from '../e2e/groups-kit';
import { renameNames } from '../helpers/rename-names';
import { expect, test } from './fixtures';
import { applied, marks } from './kit';

test('a Google page with every class name and id renamed collapses exactly the copies the original does (the structural reader)', async ({
  server,
  openPage,
}) => {
  const renamed = renameNames(demo.resultsHtml, 7);
  // In Node: the definition reads the original, the structure reads the renamed page, and both read
  // the same results, which lib groups as the demo's labels say.
  const read = (html: string) => extract(parseHTML(html).document as unknown as Document, demo.searchUrl)!;
  const original = read(demo.resultsHtml);
  const byStructure = read(renamed);
  expect(renamed, 'every name renamed: the page changed').not.toBe(demo.resultsHtml);
  expect(original.reader, 'the original is read by the engine’s definition').toBe('spec');
  expect(byStructure.reader, 'the renamed page is read by its structure').toBe('structure');
  expect(byStructure.results, 'the same results, by the structure').toEqual(original.results);
  expect(libGroups(groupResults(byStructure.results, { threshold: 0.5 }).groups), 'lib, in Node').toEqual(DEMO_GROUPS);

  // The original page in Firefox: its three groups collapsed.
  server.html(demo.searchUrl, demo.resultsHtml);
  const first = await openPage(demo.searchUrl);
  await applied(first);
  await expect.poll(() => marks(first), { message: 'the original page’s marks' }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
  const originalMarks = await marks(first);
  await first.close();

  // The renamed page at the same address: the same marks (ranks, groups, roles, hidden copies).
  server.html(demo.searchUrl, renamed);
  const page = await openPage(demo.searchUrl);
  await applied(page);
  expect(server.count(demo.searchUrl), 'the renamed page was served').toBe(1);
  expect(await page.evaluate(() => document.querySelectorAll('[class~="g"], #search, #rso').length), 'none of Google’s names is left').toBe(0);
  await expect.poll(() => marks(page), { message: 'the renamed page’s marks' }).toEqual(originalMarks);
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-resemble-ready'))).toBe('true');
});
