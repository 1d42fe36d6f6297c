/**
 * The structural reader against the engines' definitions on every saved results page (issue #27):
 * per page and per engine, recall and precision of the structure's results (by address) against what
 * the spec reads. `npx tsx scripts/measure-structure.ts [--renamed SEED] [--verbose]`.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { decodeBytes } from '../lib/text/decode';
import { extract } from '../lib/engines/extract';
import { ENGINES } from '../lib/engines/table';
import { readByStructure } from '../lib/engines/structure';
import { htmlFiles } from '../test/unit/helpers/serp';

const root = path.resolve(import.meta.dirname, '..');
const dirs = [path.join(root, 'test/fixtures/serp'), path.resolve(root, '../shared/fixtures/serp')];
const verbose = process.argv.includes('--verbose');
const files = dirs.filter((d) => existsSync(d)).flatMap(htmlFiles);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
let tp = 0,
  ns = 0,
  nt = 0;
for (const f of files) {
  if (only && !f.includes(only)) continue;
  const b = readFileSync(f);
  const html = decodeBytes(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)).text;
  const doc = parseHTML(html).document as unknown as Document;
  const x = extract(doc, `file://${f}`);
  if (!x) {
    console.log(`?? ${path.basename(f)}: no engine`);
    continue;
  }
  const e = ENGINES.find((s) => s.id === x.engine)!;
  const base = `https://${e.matches[0]?.split('/')[2]?.replace('*.', 'www.') ?? 'example.invalid'}/`;
  const t0 = performance.now();
  const s = readByStructure(doc, {
    base,
    isEnginePage: (u) => e.host.test(u.hostname) && e.path.test(u.pathname),
    isEngineHost: (h) => e.host.test(h),
    engine: e,
    query: x.query,
  });
  const ms = performance.now() - t0;
  const S = new Set(x.results.map((r) => r.url));
  const T = new Set(s.results.map((r) => r.url));
  const hit = [...T].filter((u) => S.has(u)).length;
  tp += hit;
  ns += S.size;
  nt += T.size;
  const rec = S.size ? hit / S.size : 1,
    prec = T.size ? hit / T.size : S.size ? 0 : 1;
  const flag = rec < 0.9 || prec < 0.95 ? '!!' : '  ';
  console.log(
    `${flag} ${path.relative(root, f).padEnd(70)} spec ${String(S.size).padStart(3)} struct ${String(T.size).padStart(3)} hit ${String(hit).padStart(3)}  R ${rec.toFixed(2)} P ${prec.toFixed(2)} ${ms.toFixed(1)}ms`,
  );
  if (verbose || flag === '!!') {
    for (const u of S) if (!T.has(u)) console.log(`     missed ${u}`);
    for (const r of s.results) if (!S.has(r.url)) console.log(`     extra  ${r.url}  | ${r.title.slice(0, 60)}`);
  }
}
console.log(`overall recall ${(tp / ns).toFixed(3)} precision ${(tp / nt).toFixed(3)}`);
