/**
 * The Firefox store package (issue #16) installs and works in a real Firefox: the zip `npm run zip`
 * makes, unpacked as AMO would serve it, collapses the offline demo's copies exactly as the build the
 * other specs run (../e2e/store-package.ts: the zip the unit suite's package test made, or made here).
 */
import { groupResults } from '../../lib/group/results';
import { DEMO_GROUPS, DEMO_N, demo, demoResults, expectedMarks, libGroups } from '../e2e/groups-kit';
import { unpackedPackage } from '../e2e/store-package';
import { expect, test } from './fixtures';
import { applied, marks, serveDemo } from './kit';

test.use({ extensionDir: unpackedPackage('firefox') });

test('the Firefox store package installs and collapses the demo’s three groups', async ({ server, openPage }) => {
  expect(libGroups(groupResults(demoResults, { threshold: 0.5 }).groups)).toEqual(DEMO_GROUPS);
  serveDemo(server, { pages: false });
  const page = await openPage(demo.searchUrl);
  await applied(page);
  await expect.poll(() => marks(page), { message: 'the page’s marks' }).toEqual(expectedMarks(DEMO_N, DEMO_GROUPS, true));
});
