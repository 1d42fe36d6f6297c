/**
 * The harness itself: the extension loads, the network is cut off, routes serve pages to tabs and to the
 * service worker, the content script is reachable, and the service worker can be restarted. None of these
 * needs the background's test hook.
 */
import type { Browser } from 'wxt/browser';
import { contentScriptWorlds, expect, test } from './fixtures';

/** The extension API, in functions evaluated in the service worker, extension pages and the content script. */
declare const chrome: typeof Browser;

const page = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

test('the extension loads: service worker, id and manifest', async ({ extensionId, serviceWorker, sw }) => {
  expect(extensionId).toMatch(/^[a-p]{32}$/);
  expect(serviceWorker.url()).toBe(`chrome-extension://${extensionId}/background.js`);
  const manifest = await sw(() => chrome.runtime.getManifest());
  expect(manifest.name).toBe('Resemble');
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.permissions).toEqual(expect.arrayContaining(['storage', 'offscreen']));
});

test('real network is aborted for tabs and for the service worker; routes serve both; extension files load', async ({ context, sw, serveHtml }) => {
  await serveHtml('https://served.example/', page('Served'));
  await context.route('https://served.example/data.txt', (r) =>
    r.fulfill({ status: 200, contentType: 'text/plain', body: 'routed body', headers: { 'access-control-allow-origin': '*' } }),
  );
  const tab = await context.newPage();
  await tab.goto('https://served.example/');
  await expect(tab.locator('h1')).toHaveText('Served');

  const fromTab = await tab.evaluate(() =>
    fetch('https://example.com/').then(
      (r) => `reached (${r.status})`,
      (e: Error) => `failed: ${e.message}`,
    ),
  );
  expect(fromTab).toMatch(/^failed/);
  await expect(tab.goto('https://example.com/')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|ERR_NAME_NOT_RESOLVED/);

  const fromWorker = await sw(async () => {
    const get = (u: string) =>
      fetch(u).then(
        (r) => r.text(),
        (e: Error) => `failed: ${e.message}`,
      );
    return {
      blocked: await get('https://example.com/'),
      served: await get('https://served.example/data.txt'),
      own: JSON.parse(await get(chrome.runtime.getURL('manifest.json'))).name,
    };
  });
  expect(fromWorker.blocked).toMatch(/^failed/);
  expect(fromWorker.served).toBe('routed body');
  // manifest.json as shipped: its name is the i18n placeholder (public/_locales, docs/i18n.md).
  expect(fromWorker.own, 'the extension’s own files are not cut off').toBe('__MSG_extName__');
});

test('the content script runs on the results pages it is declared for, and only there', async ({ context, extensionId, serveHtml, evalInContentScript }) => {
  const declared = [
    'https://www.google.com/search?q=test',
    'https://www.bing.com/search?q=test',
    'https://duckduckgo.com/?q=test',
    'https://html.duckduckgo.com/html/?q=test',
  ];
  for (const url of declared) await serveHtml(url, page('Results'));
  await serveHtml('https://www.example.org/search?q=test', page('Elsewhere'));

  const tab = await context.newPage();
  // The extension's isolated worlds in the tab's document once it has loaded: the content script runs
  // at document_start, so by the load event it is injected wherever it ever will be.
  const worldsAfterLoad = async (url: string) => {
    await tab.goto(url); // resolves on 'load'
    const { cdp, worlds } = await contentScriptWorlds(context, tab, extensionId);
    await cdp.detach().catch(() => {});
    return worlds().length;
  };
  for (const url of declared) {
    expect(await worldsAfterLoad(url), `${url}: the content script's world, seen at load`).toBeGreaterThan(0);
    await expect(tab.locator(':root'), url).toHaveAttribute('data-resemble-ready', 'true');
  }
  // Its isolated world speaks for the extension.
  const seen = await evalInContentScript<{ id: string; ready?: string }>(
    tab,
    '({ id: chrome.runtime.id, ready: document.documentElement.dataset.resembleReady })',
  );
  expect(seen).toEqual({ id: extensionId, ready: 'true' });

  // Elsewhere: no world of the extension's at load (the same look that found it above), so nothing of
  // its can mark the page later; and the page is not marked.
  expect(await worldsAfterLoad('https://www.example.org/search?q=test'), 'no content script on a page it is not declared for').toBe(0);
  expect(await tab.locator(':root').getAttribute('data-resemble-ready')).toBeNull();
});

test('the service worker restarts through CDP with a fresh global scope, and sw() follows it', async ({ sw, restartServiceWorker }) => {
  await sw(() => {
    (globalThis as { __e2eMarker?: number }).__e2eMarker = 42;
  });
  expect(await sw(() => (globalThis as { __e2eMarker?: number }).__e2eMarker)).toBe(42);
  const started = Date.now();
  await restartServiceWorker();
  const restartMs = Date.now() - started;
  expect(await sw(() => (globalThis as { __e2eMarker?: number }).__e2eMarker ?? 'fresh')).toBe('fresh');
  // A second restart works as well as the first.
  await restartServiceWorker();
  expect(await sw(() => chrome.runtime.getManifest().name)).toBe('Resemble');
  test.info().annotations.push({ type: 'timing', description: `service worker restart: ${restartMs} ms` });
});
