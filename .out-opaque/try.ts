import { parseHTML } from 'linkedom';
import { extract } from '../lib/engines/extract';
import { demo } from '../test/e2e/page-demo-serp';
let n = 0;
const map: Record<string,string> = {};
const html = demo.resultsHtml.replace(/href="(https?:\/\/[^"]+)"/g, (m, u) => { if (!demo.results.some(r => new URL(r.url).href === new URL(u.replace(/&amp;/g,'&')).href)) return m; const tok = `t${++n}`; map[tok]=u; return `href="/goto?url=${tok}"`; });
const x = extract(parseHTML(html).document as unknown as Document, demo.searchUrl);
console.log(n, x?.reader, x?.results.map(r => [r.rank, r.url, r.displayUrl, r.unresolved]));
console.log(demo.results.map(r=>r.url), demo.groups, demo.searchUrl);
