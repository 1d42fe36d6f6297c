// The offline demo (demo/): its manifest, and the routes that serve it to a Playwright browser context.
// Used by `npm start` (scripts/start.mjs) and by test/e2e/demo.spec.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './start-browser.mjs';

export const DEMO_DIR = join(ROOT, 'demo');

/** demo/demo.json with each result's page read, and the results page itself. */
export function loadDemo() {
  const manifest = JSON.parse(readFileSync(join(DEMO_DIR, 'demo.json'), 'utf8'));
  return {
    ...manifest,
    resultsHtml: readFileSync(join(DEMO_DIR, manifest.resultsPage), 'utf8'),
    results: manifest.results.map((r) => ({ ...r, html: readFileSync(join(DEMO_DIR, r.page), 'utf8') })),
  };
}

const normQuery = (q) => q.trim().replace(/\s+/g, ' ').toLowerCase();

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What another search on www.google.com gets in the demo: a short page saying only the demo query is served. */
export function otherQueryPage(query, demoUrl) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(query)} - Resemble offline demo</title></head>
<body style="font-family: arial, sans-serif; margin: 40px 180px; color: #202124">
<p>The offline demo serves one results page only. Nothing was searched for “${escapeHtml(query)}”.</p>
<p><a href="${escapeHtml(demoUrl)}">Back to the demo results</a></p></body></html>`;
}

/**
 * Serves the demo in `context`: the demo query's results page on www.google.com/search, every result
 * URL as its page, a notice for other searches, and nothing else. Registers a route aborting every
 * request but the extension's own files first, unless `abortOthers` is false (the caller then owns it). Later routes win, so the demo
 * routes take precedence over the abort. Resolves to the loaded demo (see loadDemo).
 */
export async function installDemoRoutes(context, { abortOthers = true } = {}) {
  const demo = loadDemo();
  const pages = new Map(demo.results.map((r) => [new URL(r.url).href, r.html]));
  const html = (body) => ({ status: 200, contentType: 'text/html; charset=utf-8', body });
  // Not '**/*': that would also catch the chrome-extension:// scripts and styles of the extension's pages.
  if (abortOthers)
    await context.route(
      (url) => url.protocol !== 'chrome-extension:',
      (route) => route.abort('internetdisconnected'),
    );
  await context.route(
    (url) => pages.has(url.href),
    (route) => route.fulfill(html(pages.get(new URL(route.request().url()).href))),
  );
  await context.route(
    (url) => url.protocol === 'https:' && url.hostname === 'www.google.com' && url.pathname === '/search',
    (route) => {
      const q = new URL(route.request().url()).searchParams.get('q') ?? '';
      return route.fulfill(html(normQuery(q) === normQuery(demo.query) ? demo.resultsHtml : otherQueryPage(q, demo.searchUrl)));
    },
  );
  return demo;
}
