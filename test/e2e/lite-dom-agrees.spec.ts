/**
 * The Worker finds a fetched page's main text over lib's light tree (lib/page/lite-dom), not a browser
 * DOM (issue #17). This holds it to what Chromium's own DOMParser gives, in the same browser: the same
 * extraction (lib/page/extract-page) run both ways on every saved page, the repo's and ../shared's.
 * Chromium alone (no extension): the page evaluates a bundle of lib's extraction.
 */
import { chromium, expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { htmlPage } from '../../bench/html-page';
import { findChromium } from '../../scripts/start-browser.mjs';
import { PAGE_OPTIONS, exactResemblance, shingleSet } from '../../lib/index';
import { SHARED, SHARED_ABSENT_REASON, hasShared } from '../helpers/shared-dir';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function htmlFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, f.name);
    if (f.isDirectory()) htmlFiles(p, out);
    else if (/\.html?$/.test(f.name)) out.push(p);
  }
  return out;
}

type Side = { text: string; title: string; canonical?: string; method: string };

async function bothWays(pages: [string, string][]): Promise<{ name: string; dom: Side; lite: Side }[]> {
  const bundle = await build({
    stdin: {
      contents: `import { extractPage } from './lib/page/extract-page';
        globalThis.both = (html, url) => ({
          dom: extractPage(html, url, (h) => new DOMParser().parseFromString(h, 'text/html')),
          lite: extractPage(html, url),
        });`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
  });
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const out = [];
    for (const [name, html] of pages) {
      const r = await page.evaluate(([h, u]) => (globalThis as unknown as { both: (h: string, u: string) => { dom: Side; lite: Side } }).both(h, u), [
        html,
        'https://example.org/a/b.html',
      ] as const);
      out.push({ name, ...r });
    }
    return out;
  } finally {
    await browser.close();
  }
}

const same = (a: Side, b: Side) => a.text === b.text && a.title === b.title && a.canonical === b.canonical && a.method === b.method;
const words = (s: string) => shingleSet(s, { ...PAGE_OPTIONS, format: 'text' });

test("the light tree gives the same main text as Chromium's DOMParser on the repo's pages and the bench page", async () => {
  const dir = path.join(ROOT, 'test/fixtures/pages');
  const pages: [string, string][] = readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]);
  pages.push(['bench 200 KB page', htmlPage(200 * 1024)]);
  for (const { name, dom, lite } of await bothWays(pages)) {
    expect(dom.text.length, name).toBeGreaterThan(200);
    expect(lite, name).toEqual(dom);
  }
});

test("on ../shared's saved pages the light tree's main text is Chromium's, or resembles it closely", async () => {
  test.skip(!hasShared, `${SHARED_ABSENT_REASON}: the saved pages are not compared`);
  const files = [...htmlFiles(path.join(SHARED, 'corpora')), ...htmlFiles(path.join(SHARED, 'fixtures'))];
  const rows = await bothWays(files.map((f) => [path.relative(SHARED, f), readFileSync(f, 'utf8')]));
  const differ = rows.filter((r) => !same(r.dom, r.lite));
  for (const { name, dom, lite } of differ) {
    const r = dom.text && lite.text ? exactResemblance(words(dom.text), words(lite.text)) : dom.text === lite.text ? 1 : 0;
    console.log(
      `${name}: differs from Chromium (text resemblance ${r.toFixed(3)}, ${dom.text.length} vs ${lite.text.length} chars, ${dom.method}/${lite.method})`,
    );
    expect(r, `${name}: the light tree's main text is far from Chromium's`).toBeGreaterThanOrEqual(0.9);
  }
  console.log(`${rows.length} saved pages: ${rows.length - differ.length} identical to Chromium's DOMParser`);
  // Most pages are read exactly as the browser reads them: a change that breaks the tree rules shows here first.
  expect((rows.length - differ.length) / rows.length).toBeGreaterThanOrEqual(0.85);
});
