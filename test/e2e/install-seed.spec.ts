/**
 * Issue #28, "Forged sketches", end to end. A fresh install has its own sketch seed in storage.local
 * (never in storage.sync): random in a package, TEST_BUILD_SEED in a test build (issue #37: no e2e verdict
 * rests on a random draw; the random draw itself is lib's, test/unit/install-seed.test.ts), the page sketches it stores in IndexedDB carry it, it survives a
 * service-worker restart, and a page forged from the shingles seed 0 keeps of a target (which measures
 * containment 1.00 against it under seed 0: the attack, checked in Node with lib) is not grouped with it.
 */
import { groupResults } from '../../lib/group/results';
import { groupWithPages, type PageEvidence } from '../../lib/group/pages';
import { containment } from '../../lib/sketch/estimate';
import { PAGE_OPTIONS, sketch } from '../../lib/index';
import { INSTALL_SEED_KEY, TEST_BUILD_SEED } from '../../lib/sketch/install-seed';
import { compactSketch, readCompactSketch } from '../../lib/store/compact';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { GRANTED_EXTENSION_DIR, type ResembleFixtures, expect, test } from './fixtures';
import { PageServer, allChecked, applied, checkingDone, enablePageChecking, ranksOf } from './page-check-kit';
import { demo } from './page-demo-serp';
import { buildSerp } from './serp-builder';
import { forgeFromSample } from '../unit/helpers/seed-forgery';
import { proseText } from '../unit/helpers/prose';

test.use({ extensionDir: GRANTED_EXTENSION_DIR });

declare const chrome: {
  storage: { local: { get(k: string | null): Promise<Record<string, unknown>> }; sync: { get(k: string | null): Promise<Record<string, unknown>> } };
};

const TARGET_TEXT = proseText(2028, 1500);
const FORGED_TEXT = forgeFromSample(TARGET_TEXT, 0);
const html = (title: string, text: string) => `<!doctype html><html><head><title>${title}</title></head><body><main><p>${text}</p></main></body></html>`;
const TARGET = {
  url: 'https://original.example/essay',
  title: 'An essay on the harbour',
  snippet: 'The harbour at night, the lantern and the bridge over the river',
};
const FORGER = {
  url: 'https://forger.example/essay',
  title: 'Harbour essay mirror',
  snippet: 'Twelve candles in the orchard window and a doctor at the doorway',
};
const NEWS = { url: 'https://news.example/winter', title: 'Winter news', snippet: 'The village council met on Tuesday to talk about the market' };
const PIE = { url: 'https://recipes.example/pie', title: 'Orchard pie', snippet: 'Bake the apples with butter, sugar and a little cinnamon' };
const RESULTS = [TARGET, FORGER, NEWS, PIE];
const BODIES = [TARGET_TEXT, FORGED_TEXT, proseText(51, 800), proseText(52, 800)];

/** Every page record's page-sketch seed, read raw from IndexedDB (the compact format's u32 at byte 16). */
async function storedSeeds(sw: ResembleFixtures['sw']) {
  return sw(async () => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('resemble');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const all = await new Promise<{ url: string; page?: Uint8Array }[]>((res, rej) => {
      const r = db.transaction('pages').objectStore('pages').getAll();
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    db.close();
    return all.filter((r) => r.page).map((r) => ({ url: r.url, seed: new DataView(r.page!.buffer, r.page!.byteOffset).getUint32(16, true) }));
  });
}

test('a fresh install draws its own seed, stores its page sketches under it, and a seed-0 forgery groups with nothing', async ({
  context,
  sw,
  openExtensionPage,
  serveHtml,
  restartServiceWorker,
  extensionSeed,
}) => {
  // The seed: in storage.local, a test build's fixed one (never the public 0), nowhere in storage.sync.
  const stored = await sw(async (k) => (await chrome.storage.local.get(k))[k], INSTALL_SEED_KEY);
  expect(stored).toBe(TEST_BUILD_SEED);
  expect(stored).toBe(extensionSeed);
  expect(await sw(async () => chrome.storage.sync.get(null)), 'nothing synced').toEqual({});

  // The attack, in Node: under seed 0 the forger holds the target's whole sample and groups with it.
  const items = RESULTS.map((r, i) => ({ ...r, rank: i + 1 }));
  const snippets = groupResults(items, { threshold: DEFAULT_SETTINGS.resemblanceThreshold });
  const nodeGroups = (seed: number) => {
    const pages = new Map<number, PageEvidence>(
      BODIES.map((t, i) => [i + 1, { sketch: readCompactSketch(compactSketch(sketch(t, { ...PAGE_OPTIONS, seed, format: 'text' }))) }]),
    );
    const c = containment(pages.get(1)!.sketch!, pages.get(2)!.sketch!);
    return {
      c,
      groups: ranksOf(
        groupWithPages(items, snippets, pages, { threshold: DEFAULT_SETTINGS.resemblanceThreshold, containment: DEFAULT_SETTINGS.containmentThreshold }),
      ),
    };
  };
  const pub = nodeGroups(0);
  expect(pub.c, 'seed 0: the target inside the forger').toBeGreaterThanOrEqual(0.95);
  expect(pub.groups, 'seed 0: the forger groups with the target').toEqual([[1, 2]]);
  const mine = nodeGroups(extensionSeed);
  expect(mine.c, 'under this install’s seed').toBeLessThan(DEFAULT_SETTINGS.containmentThreshold);

  // The extension checks the four pages.
  const server = new PageServer();
  RESULTS.forEach((r, i) => server.html(r.url, html(r.title, BODIES[i])));
  await server.install(context);
  await enablePageChecking(openExtensionPage);
  const serpUrl = 'https://www.google.com/search?q=harbour+essay';
  await serveHtml(serpUrl, buildSerp(demo.resultsHtml, serpUrl, RESULTS).html);
  const tab = await context.newPage();
  await tab.goto(serpUrl);
  await applied(tab);
  const recs = await allChecked(
    sw,
    RESULTS.map((r) => r.url),
  );
  expect(recs.map((r) => r?.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  expect(
    recs.map((r) => r?.seed),
    'the hook reads each page sketch’s seed',
  ).toEqual(RESULTS.map(() => extensionSeed));
  const state = await checkingDone(sw, serpUrl, RESULTS.length);
  expect(ranksOf(state.groups ?? []), 'the forger groups with nothing').toEqual(mine.groups);
  expect(mine.groups).toEqual([]);

  // IndexedDB itself: every stored page sketch carries the install's seed.
  const raw = await storedSeeds(sw);
  expect(raw.map((r) => r.url).sort()).toEqual(RESULTS.map((r) => r.url).sort());
  for (const r of raw) expect(r.seed, r.url).toBe(extensionSeed);

  // A restarted service worker finds the same seed.
  await restartServiceWorker();
  expect(await sw(async (k) => (await chrome.storage.local.get(k))[k], INSTALL_SEED_KEY)).toBe(extensionSeed);
});
