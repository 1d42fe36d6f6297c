/**
 * Issue #27's figures, in headless Chromium:
 *  1. the structural reader (lib/engines/structure.ts, readByStructure) on a real 100-result Google page
 *     (../shared's 2023-05_coffee_zlurad.html, 95 organic results, ~2 MB): median ms over the rounds
 *     (goal ≤ 5 ms); peer in the same rounds, on the same live document: the engine's definition read
 *     alone (extract() bundled without the structural reader: bench/structure-in-page.ts), ratio
 *     structure / definition (median of per-round ratios); also extract() as the content script runs it
 *     (the definition, then the structure to check it: extractWith in lib/engines/extract.ts);
 *  2. the content script's size (content-scripts/results.js of the built extension, in KB);
 *  3. issue #38's deep page, 100,000 nested divs, read over linkedom in Node as `resemble serp` reads it
 *     (bench/structure-deep.ts: the parse apart, then readByStructure and extract(); goal ≤ 1 s).
 * The page is served at its Google address with scripts off (its saved DOM, as it was when saved) and
 * nothing else loaded; lib is bundled for the page with esbuild, as `npm run bench` bundles the benches.
 * Without ../shared, 1. is skipped (said so); 2. and 3. are measured anyway.
 * `npm run bench` runs it last; flags: --json, --quick (fewer rounds), --rebuild, --no-extension.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import type { Plugin } from 'esbuild';
import { ensureBuilt, extensionDir, findChromium } from './ext-build';
import { measureDeep } from './structure-deep';
import type { InPage } from './structure-in-page';
import { median } from './timing';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
// 30 rounds (a read is a few ms: the whole measure takes about a second in the page).
const ROUNDS = Number(process.env.STRUCTURE_ROUNDS) || (args.includes('--quick') ? 10 : 30);
const WARM = 3;
const GOAL_MS = 5;
const repoRoot = process.env.RESEMBLE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromRoot = createRequire(path.join(repoRoot, 'package.json'));
const log = (m: string): void => void process.stderr.write(`${m}\n`);
const f2 = (x: number) => x.toFixed(2);
const round4 = (x: number) => Number(x.toPrecision(4));

const PAGE_FILE = 'fixtures/serp/google/2023-05_coffee_zlurad.html';
const PAGE_URL = 'https://www.google.com/search?q=coffee&num=100&hl=en';
const shared = path.resolve(repoRoot, '../shared');

function finish(out: Record<string, unknown>, lines: string[]): never {
  if (lines.length) console.log(lines.join('\n'));
  if (JSON_OUT) console.log(JSON.stringify({ structure: out }));
  process.exit(0);
}

/** lib for the page: bench/structure-in-page.ts, with `spec-only:extract` (extract.ts without the structural reader). */
async function bundleForPage(): Promise<string> {
  const { build } = requireFromRoot('esbuild') as typeof import('esbuild');
  const extractTs = path.join(repoRoot, 'lib/engines/extract.ts');
  const specOnly: Plugin = {
    name: 'spec-only',
    setup(b) {
      b.onResolve({ filter: /^spec-only:extract$/ }, () => ({ path: extractTs, namespace: 'spec-only' }));
      b.onLoad({ filter: /.*/, namespace: 'spec-only' }, (a) => ({
        contents: fs.readFileSync(a.path, 'utf8'),
        loader: 'ts',
        resolveDir: path.dirname(a.path),
      }));
      // Only the spec-only copy's import of the reader is replaced; every other module is shared.
      b.onResolve({ filter: /^\.\/structure$/, namespace: 'spec-only' }, () => ({ path: 'no-structure', namespace: 'no-structure' }));
      b.onLoad({ filter: /.*/, namespace: 'no-structure' }, () => ({
        contents: 'export function readByStructure() { return { results: [], blocks: [] }; }',
        loader: 'js',
      }));
      // The rest of the spec-only copy's imports resolve as files.
      b.onResolve({ filter: /^\./, namespace: 'spec-only' }, (a) => ({ path: requireResolveTs(path.resolve(a.resolveDir, a.path)) }));
    },
  };
  const r = await build({
    entryPoints: [path.join(repoRoot, 'bench/structure-in-page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
    plugins: [specOnly],
  });
  return r.outputFiles[0].text;
}

/** A relative import's file (lib imports without extensions). */
function requireResolveTs(p: string): string {
  for (const c of [p, `${p}.ts`, `${p}.tsx`, `${p}.js`, path.join(p, 'index.ts')]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  throw new Error(`spec-only bundle: cannot resolve ${p}`);
}

let browser: Browser | undefined;

async function main() {
  const out: Record<string, unknown> = {};
  const lines = ['structural reader (issue #27), headless Chromium:'];

  // 2. The content script's size, of the build the other browser benches use.
  if (!args.includes('--no-extension')) {
    out.build = ensureBuilt(repoRoot, args.includes('--rebuild'), log);
    const file = path.join(extensionDir(repoRoot), 'content-scripts', 'results.js');
    const bytes = fs.statSync(file).size;
    out.contentScript = { file: path.relative(repoRoot, file), bytes, kB: round4(bytes / 1000) };
    lines.push(`  content script (${path.relative(repoRoot, file)}): ${(bytes / 1000).toFixed(2)} kB (${(bytes / 1024).toFixed(1)} KiB)`);
  }

  // 3. The deep page (no browser: before the parts that need one).
  const deep = measureDeep(args.includes('--quick') ? 3 : 5);
  out.deep = deep.out;
  out.goals = { deepPageExtractMs: deep.goal };
  lines.push(...deep.lines);

  // 1. The reader on a 100-result page.
  const file = path.join(shared, PAGE_FILE);
  if (!fs.existsSync(file)) {
    out.read = { skipped: '../shared not found' };
    lines.push(`  100-result page: skipped (../shared not found: ${path.join('../shared', PAGE_FILE)})`);
    return { out, lines };
  }
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    out.read = { skipped: 'no Chromium' };
    lines.push('  100-result page: skipped (no Chromium: sudo apt-get install -y chromium)');
    return { out, lines };
  }
  const html = fs.readFileSync(file);
  const bundle = await bundleForPage();
  const { chromium } = requireFromRoot('@playwright/test') as typeof import('@playwright/test');
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  // The page's own scripts blocked by its CSP (the saved DOM as it was saved, not Google's scripts failing
  // over it), with scripting on (no <noscript> redirect); code evaluated by the bench still runs.
  const context = await browser.newContext();
  await context.route('**/*', (r) =>
    r.request().url() === PAGE_URL
      ? r.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'none'" }, body: html })
      : r.abort(),
  );
  const page = await context.newPage();
  await page.goto(PAGE_URL, { waitUntil: 'load' });
  await page.evaluate(bundle);
  const t = await page.evaluate(([n, w]) => (globalThis as unknown as { __structureBench: (n: number, w: number) => InPage }).__structureBench(n, w), [
    ROUNDS,
    WARM,
  ] as const);
  const structureMs = median(t.structure);
  const specMs = median(t.spec);
  const extractMs = median(t.extract);
  const ratio = round4(median(t.structure.map((s, i) => s / Math.max(t.spec[i], 0.005))));
  out.read = {
    page: path.join('../shared', PAGE_FILE),
    htmlBytes: html.length,
    elements: t.elements,
    rounds: ROUNDS,
    results: t.counts,
    sameUrls: t.sameUrls,
    structureMs: round4(structureMs),
    specMs: round4(specMs),
    extractMs: round4(extractMs),
    extractReader: t.extractReader,
    structureOverSpec: ratio,
    chromium: browser.version(),
  };
  out.goals = { ...(out.goals as object), structureReadMs: { target: GOAL_MS, value: round4(structureMs), met: structureMs <= GOAL_MS } };
  lines.push(
    `  ${path.basename(file)} (${Math.round(html.length / 1024)} KB, ${t.elements.toLocaleString('en')} elements, ${t.counts.spec} results by the definition), ${ROUNDS} rounds:`,
    `    readByStructure: median ${f2(structureMs)} ms (goal ≤ ${GOAL_MS}: ${structureMs <= GOAL_MS ? 'met' : 'NOT met'}), ${t.counts.structure} results, ${t.sameUrls ? 'the definition’s, in order' : 'NOT the definition’s'}`,
    `    peer: the engine’s definition alone ${f2(specMs)} ms (ratio structure / definition ${ratio.toFixed(2)}x, median of per-round ratios)`,
    `    extract() as the content script runs it (definition, then structure to check it): ${f2(extractMs)} ms, reader ${t.extractReader}`,
  );
  return { out, lines };
}

let result: { out: Record<string, unknown>; lines: string[] } | undefined;
try {
  result = await main();
} catch (e) {
  log(`structural reader: failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
}
await browser?.close().catch(() => undefined);
if (!result) process.exit(1);
finish(result.out, result.lines);
