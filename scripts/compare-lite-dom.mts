import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { htmlPage } from './bench/html-page';
import { withoutRawText } from './lib/page/raw-text';
import { mainText } from './lib/page/main-text';
import { parseLite } from './lib/page/lite-dom';
import { exactResemblance, shingleSet, PAGE_OPTIONS } from './lib/index';
const pages: [string, string][] = [];
for (const f of readdirSync('test/fixtures/pages')) pages.push([f, readFileSync(path.join('test/fixtures/pages', f), 'utf8')]);
pages.push(['bench200k', htmlPage(200 * 1024)]);
const walk = (d: string, out: string[] = []) => { if (!existsSync(d)) return out; for (const f of readdirSync(d, { withFileTypes: true })) { const p = path.join(d, f.name); if (f.isDirectory()) walk(p, out); else if (/\.html?$/.test(f.name)) out.push(p); } return out; };
const shared = walk('../shared/corpora').concat(walk('../shared/fixtures')).concat(walk('test/fixtures/serp'));
for (const p of shared) pages.push([p.replace('../shared/', ''), readFileSync(p, 'utf8')]);
let same = 0, near = 0;
const url = 'https://example.org/a/b.html';
for (const [name, raw] of pages) {
  const html = withoutRawText(raw);
  const a = mainText(parseHTML(html).document as any, url);
  const b = mainText(parseLite(html), url);
  const eq = a.text === b.text && a.title === b.title && a.canonical === b.canonical;
  let r = 1;
  if (!eq) { try { r = exactResemblance(shingleSet(a.text, { ...PAGE_OPTIONS, format: 'text' }), shingleSet(b.text, { ...PAGE_OPTIONS, format: 'text' })); } catch { r = -1; } }
  if (eq) same++; else if (r >= 0.95) near++;
  if (!eq) console.log(`${name}: differs (resemblance ${r.toFixed(3)}, chars ${a.text.length} vs ${b.text.length}, method ${a.method}/${b.method}, title ${a.title === b.title})`);
}
console.log(`${pages.length} pages: ${same} identical, ${near} ≥0.95`);
const html = withoutRawText(htmlPage(200 * 1024));
const time = (n: string, f: () => unknown) => { const ts: number[] = []; for (let i = 0; i < 30; i++) { const t = performance.now(); f(); ts.push(performance.now() - t); } ts.sort((x, y) => x - y); console.log(n, ts[15].toFixed(2), 'ms'); };
time('parseLite', () => parseLite(html));
time('parseLite + mainText', () => mainText(parseLite(html), url));
time('linkedom + mainText', () => mainText(parseHTML(html).document as any, url));
