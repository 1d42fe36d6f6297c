/**
 * Issue #27's figures, in headless Chromium:
 *  1. the structural reader (lib/engines/structure.ts, readByStructure) on a real 100-result Google page
 *     (../shared's 2023-05_coffee_zlurad.html, 95 organic results, ~2 MB): median ms over the rounds
 *     (goal ≤ 5 ms); peer in the same rounds, on the same live document: the engine's definition read
 *     alone (extract() bundled without the structural reader: bench/structure-in-page.ts), ratio
 *     structure / definition (median of per-round ratios); also extract() as the content script runs it
 *     (the definition, then the structure to check it: extractWith in lib/engines/extract.ts);
 *  2. the content script's size (content-scripts/results.js of the built extension, in KB; goal ≤ 95 KB, issue
 *     #41) and what is in it, by folder or package (bundleReport below);
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
import { shimOf } from '../scripts/vite-content-no-entities';
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
/** Issue #41: the results content script, as built for Chromium, in kB (1,000 bytes). */
const SIZE_GOAL_KB = 95;
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

/** WXT's wrapper of a content script (node_modules/wxt/dist/virtual/content-script-isolated-world-entrypoint.mjs), in short. */
const WXT_WRAPPER = `import definition from './entrypoints/results.content.ts';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
(async () => { const { main, ...options } = definition; await main(new ContentScriptContext('results', options)); })();`;

interface BundleReport {
  bytes: number;
  modules: { module: string; bytes: number }[];
  files: { file: string; bytes: number }[];
}

/** A file's place in the report: its package, its folder two levels down (lib/engines), or itself. */
function moduleOf(file: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (nm) return nm[1];
  const parts = file.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file;
}

/**
 * What is in the content script: an esbuild metafile of the same entry (WXT's wrapper around
 * entrypoints/results.content.ts), minified for es2022 in one IIFE, with the build's own shims
 * (scripts/vite-content-no-entities.ts). The shipped file is Vite's (Rollup, then esbuild's minifier),
 * which names no minified size per module (`wxt build --analyze` reports them before minifying); esbuild
 * bundles the same modules, tree-shaken, through the same minifier, so each module's bytes in its output
 * are what that module costs. Its total is printed beside the built file's, so how close it comes is seen.
 */
async function bundleReport(top = 15): Promise<BundleReport> {
  const { build } = requireFromRoot('esbuild') as typeof import('esbuild');
  const r = await build({
    stdin: { contents: WXT_WRAPPER, resolveDir: repoRoot, sourcefile: 'wxt-wrapper.ts', loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'warning',
    define: { __RESEMBLE_TEST_BUILD__: 'true' },
    plugins: [
      {
        name: 'shims',
        setup: (b) =>
          b.onResolve({ filter: /.*/ }, (a) => {
            const shim = shimOf(a.path, a.resolveDir, repoRoot);
            return shim ? { path: path.join(repoRoot, shim) } : undefined;
          }),
      },
    ],
  });
  const output = Object.values(r.metafile.outputs)[0];
  const files = Object.entries(output.inputs).map(([file, v]) => ({ file, bytes: v.bytesInOutput }));
  const by = new Map<string, number>();
  for (const f of files) by.set(moduleOf(f.file), (by.get(moduleOf(f.file)) ?? 0) + f.bytes);
  const modules = [...by].map(([module, bytes]) => ({ module, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { bytes: output.bytes, modules: modules.slice(0, top), files: files.sort((a, b) => b.bytes - a.bytes).slice(0, 10) };
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
    const report = await bundleReport();
    out.contentScript = {
      file: path.relative(repoRoot, file),
      bytes,
      kB: round4(bytes / 1000),
      report: { by: 'esbuild metafile (same entry, shims, minifier)', bytes: report.bytes },
      modules: report.modules,
      files: report.files,
    };
    const kB = bytes / 1000;
    out.goals = { contentScriptKB: { target: SIZE_GOAL_KB, value: round4(kB), met: kB <= SIZE_GOAL_KB } };
    // Its second script (issue #41), run at document_end: what a page needs only after its first paint.
    const laterFile = path.join(path.dirname(file), 'results-later.js');
    const laterBytes = fs.existsSync(laterFile) ? fs.statSync(laterFile).size : 0;
    out.laterScript = { file: path.relative(repoRoot, laterFile), bytes: laterBytes, kB: round4(laterBytes / 1000) };
    lines.push(
      `  content script (${path.relative(repoRoot, file)}): ${kB.toFixed(2)} kB (${(bytes / 1024).toFixed(1)} KiB; goal ≤ ${SIZE_GOAL_KB} kB: ${kB <= SIZE_GOAL_KB ? 'met' : 'NOT met'})`,
      `    what is in it (esbuild's bundle of the same entry: ${(report.bytes / 1000).toFixed(2)} kB), by folder or package:`,
      ...report.modules.map((m) => `      ${(m.bytes / 1000).toFixed(2).padStart(6)} kB  ${m.module}`),
      `    largest files: ${report.files.map((f) => `${path.basename(f.file)} ${(f.bytes / 1000).toFixed(1)}`).join(', ')} (kB)`,
      `  its later script (results-later.js, at document_end): ${(laterBytes / 1000).toFixed(2)} kB`,
    );
  }

  // 3. The deep page (no browser: before the parts that need one).
  const deep = measureDeep(args.includes('--quick') ? 3 : 5);
  out.deep = deep.out;
  out.goals = { ...(out.goals as object), deepPageExtractMs: deep.goal };
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
    verticalCardsMs: round4(median(t.cards)),
    verticalCards: t.counts.cards,
    structureOverSpec: ratio,
    chromium: browser.version(),
  };
  out.goals = { ...(out.goals as object), structureReadMs: { target: GOAL_MS, value: round4(structureMs), met: structureMs <= GOAL_MS } };
  lines.push(
    `  ${path.basename(file)} (${Math.round(html.length / 1024)} KB, ${t.elements.toLocaleString('en')} elements, ${t.counts.spec} results by the definition), ${ROUNDS} rounds:`,
    `    readByStructure: median ${f2(structureMs)} ms (goal ≤ ${GOAL_MS}: ${structureMs <= GOAL_MS ? 'met' : 'NOT met'}), ${t.counts.structure} results, ${t.sameUrls ? 'the definition’s, in order' : 'NOT the definition’s'}`,
    `    peer: the engine’s definition alone ${f2(specMs)} ms (ratio structure / definition ${ratio.toFixed(2)}x, median of per-round ratios)`,
    `    extract() as the content script runs it (definition, then structure to check it): ${f2(extractMs)} ms, reader ${t.extractReader}`,
    `    verticalCards() after it (issue #41): ${f2(median(t.cards))} ms, ${t.counts.cards} cards of other verticals`,
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
