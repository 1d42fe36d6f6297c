/**
 * Measures lib/page/main-text.ts: speed in linkedom, what it keeps and drops, how it changes
 * resemblance, and what each measured constant (MainTextTuning) does when it is varied.
 *
 *   npx tsx scripts/measure-main-text.ts
 *
 * 1. Speed: a synthetic ~200 KB and ~2 MB news page (nav, header, ads, an <article> of many sections,
 *    sidebar, comments, footer; generated here, deterministic), plus the largest real pages in
 *    ../shared (a 2 MB saved Google results page, the largest Gutenberg HTML) when present. Parse and
 *    mainText times are medians of 5 runs after one warm-up; characters are visible non-space characters
 *    (htmlToText of the whole page) against those mainText keeps.
 * 2. Gutenberg (../shared/corpora/gutenberg-formats-editions): resemblance of each HTML edition with the
 *    text forms of the same book and with the other books, naive (htmlToText of the whole page, what
 *    sketch(html, {format: 'html'}) does) against mainText. Exact (shingleSet) and MIN_128 estimates,
 *    PAGE_OPTIONS.
 * 3. Own fixtures (test/fixtures/pages): the same article in two site templates, main text against the
 *    whole page.
 * 4. Ablations: every MainTextTuning constant varied alone, with the figures of 2 and 3 and the text kept
 *    on the fixtures that test it.
 *
 * 5. With --chromium: the same pages through Chromium's DOMParser (the DOM the extension uses), output
 *    compared with linkedom's and timed.
 *
 * Says so and skips the parts that need ../shared when it is absent.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { PAGE_OPTIONS, exactResemblance, htmlToText, resemblance, shingleSet, sketch } from '../lib/index';
import { MAIN_TEXT_DEFAULTS, mainText, type MainText, type MainTextTuning } from '../lib/page/main-text';
import { SHARED, hasShared, readLabels, readSharedText, repoRoot } from '../test/unit/helpers/shared';

const GUTENBERG = 'corpora/gutenberg-formats-editions';
const FIXTURES = path.join(repoRoot, 'test/fixtures/pages');
const RUNS = 5;

const parse = (html: string): Document => parseHTML(html).document as unknown as Document;
const visible = (s: string) => s.replace(/\s+/g, '').length;
const f3 = (x: number) => x.toFixed(3);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k].length)));
  const line = (cells: string[]) => cells.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join('  ');
  return [line(head), line(head.map((_, k) => '-'.repeat(widths[k]))), ...rows.map(line)].join('\n');
}

// ------------------------------------------------------------------------------------ synthetic page

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the harbour library council evening petition students revise quiet tables chairs heat password readers ' +
  'fisherman reading room grandchildren shift workers market borrow books heating winter radiators lights ' +
  'homework club volunteers schools study floor children adult survey opening hours staff posts van villages'
).split(' ');

/** A news page of about `bytes` bytes: chrome around an <article> of sections, and a comment thread. */
export function syntheticPage(bytes: number, seed = 1): string {
  const rnd = prng(seed);
  const word = () => WORDS[Math.floor(rnd() * WORDS.length)];
  const sentence = (n: number) => {
    const w = Array.from({ length: n }, word);
    w[0] = w[0][0].toUpperCase() + w[0].slice(1);
    return `${w.join(' ') + (rnd() < 0.3 ? `, ${word()} ${word()}` : '')}.`;
  };
  const para = () => {
    const parts: string[] = [];
    for (let k = 0; k < 4; k++) {
      const s = sentence(8 + Math.floor(rnd() * 12));
      parts.push(rnd() < 0.15 ? `<a href="/story/${Math.floor(rnd() * 1e6)}">${s}</a>` : rnd() < 0.2 ? `<em>${s}</em>` : s);
    }
    return `<p>${parts.join(' ')}</p>`;
  };
  const nav = `<header class="site-header"><nav class="main-nav"><ul>${WORDS.slice(0, 12)
    .map((w) => `<li><a href="/${w}">${w}</a></li>`)
    .join('')}</ul></nav></header>`;
  const cookie = `<div class="cookie-banner"><p>${sentence(25)}</p><button>Accept</button></div>`;
  const sidebar = (n: number) =>
    `<aside class="sidebar"><h2>Most read</h2><ol>${Array.from({ length: n }, () => `<li><a href="/s/${Math.floor(rnd() * 1e6)}">${sentence(8)}</a></li>`).join('')}</ol></aside>`;
  const footer = `<footer class="site-footer"><p>${sentence(20)}</p><ul>${WORDS.slice(12, 24)
    .map((w) => `<li><a href="/${w}">${w}</a></li>`)
    .join('')}</ul></footer>`;
  const head = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${sentence(8)}</title><link rel="canonical" href="/story/1"><style>body{font:16px serif}</style><script>var x = "<p>not text</p>";</script></head><body>`;
  const out: string[] = [head, cookie, nav, '<div class="ad-slot">Advertisement</div><div id="content"><article><h1>', sentence(10), '</h1>'];
  let size = out.join('').length + 4000;
  const articleShare = 0.6;
  let section = 0;
  while (size < bytes * articleShare) {
    const s = `<section id="s${section++}"><h2>${sentence(6)}</h2>${Array.from({ length: 6 }, para).join('')}<div class="ad-slot ad-inline">Advertisement</div><figure><img src="/i.jpg" alt=""><figcaption>${sentence(12)}</figcaption></figure></section>`;
    out.push(s);
    size += s.length;
  }
  out.push('</article><section id="comments" class="comments"><h2>Comments</h2>');
  while (size < bytes * 0.95) {
    const c = `<div class="comment"><div class="comment-meta"><a href="/u/${Math.floor(rnd() * 1e6)}">user${Math.floor(rnd() * 1e4)}</a> <span>2 hours ago</span></div><div class="comment-body">${para()}</div><div class="comment-actions"><button>Reply</button> <a href="#">Report</a></div></div>`;
    out.push(c);
    size += c.length;
  }
  out.push('</section></div>', sidebar(Math.max(10, Math.floor(bytes / 20000))), footer, '<script src="/app.js"></script></body></html>');
  return out.join('');
}

// ----------------------------------------------------------------------------------------------- speed

interface SpeedRow {
  name: string;
  bytes: number;
  parseMs: number;
  /** The first call on this page (the first page of the table also pays for the JIT's warm-up). */
  firstMs: number;
  mainMs: number;
  method: string;
  visibleChars: number;
  kept: number;
}

function measureSpeed(name: string, html: string): SpeedRow {
  const parseTimes: number[] = [];
  const mainTimes: number[] = [];
  let m: MainText | undefined;
  let firstMs = 0;
  for (let run = 0; run <= RUNS; run++) {
    const t0 = performance.now();
    const doc = parse(html);
    const t1 = performance.now();
    m = mainText(doc, 'https://example.org/page');
    const t2 = performance.now();
    if (run > 0) {
      parseTimes.push(t1 - t0);
      mainTimes.push(t2 - t1);
    } else firstMs = t2 - t1;
  }
  return {
    name,
    bytes: html.length,
    parseMs: median(parseTimes),
    firstMs,
    mainMs: median(mainTimes),
    method: m!.method,
    visibleChars: visible(htmlToText(html)),
    kept: visible(m!.text),
  };
}

/** The pages timed: synthetic ones always, real ones from ../shared when present. */
function speedPages(): [string, string][] {
  const pages: [string, string][] = [
    ['synthetic news ~200 KB', syntheticPage(200 * 1024)],
    ['synthetic news ~2 MB', syntheticPage(2 * 1024 * 1024)],
  ];
  if (hasShared) {
    pages.push(['Google results page (shared, 2023-05 coffee)', readSharedText('fixtures/serp/google/2023-05_coffee_zlurad.html')]);
    pages.push(['Gutenberg 972-h.htm (shared)', readSharedText(`${GUTENBERG}/pg972/head/972-h/972-h.htm`)]);
  }
  return pages;
}

function speedSection(pages: [string, string][]): void {
  const rows = pages.map(([name, html]) => measureSpeed(name, html));
  console.log(`\n## Speed in linkedom (first call, then the median of the next ${RUNS})\n`);
  console.log(
    table(
      ['page', 'KB', 'parse ms', 'first ms', 'mainText ms', 'method', 'visible chars', 'kept', 'dropped'],
      rows.map((r) => [
        r.name,
        (r.bytes / 1024).toFixed(0),
        r.parseMs.toFixed(1),
        r.firstMs.toFixed(1),
        r.mainMs.toFixed(1),
        r.method,
        String(r.visibleChars),
        String(r.kept),
        `${r.visibleChars - r.kept} (${(((r.visibleChars - r.kept) / r.visibleChars) * 100).toFixed(1)}%)`,
      ]),
    ),
  );
  console.log('\nOwn fixtures (test/fixtures/pages):');
  const fixtures = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.html'))
    .sort();
  console.log(
    table(
      ['fixture', 'method', 'dropped elements', 'visible chars', 'kept'],
      fixtures.map((f) => {
        const html = fixture(f);
        const m = mainText(parse(html), 'https://example.org/');
        return [f, m.method, String(m.dropped), String(visible(htmlToText(html))), String(visible(m.text))];
      }),
    ),
  );
}

/**
 * The same pages through Chromium's DOMParser (the extension's DOM): is the output identical to
 * linkedom's, and how long does it take? Needs Debian's Chromium (/usr/bin/chromium or
 * $RESEMBLE_CHROMIUM); run with --chromium.
 */
async function chromiumSection(pages: [string, string][]): Promise<void> {
  const { build } = await import('esbuild');
  const { chromium } = await import('@playwright/test');
  const { findChromium } = await import('./start-browser.mjs');
  const bundle = await build({
    entryPoints: [path.join(repoRoot, 'lib/page/main-text.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'ResembleMainText',
    write: false,
  });
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
  try {
    const tab = await browser.newPage();
    await tab.setContent('<!DOCTYPE html><html><body></body></html>');
    await tab.addScriptTag({ content: bundle.outputFiles[0].text });
    const all: [string, string][] = [
      ...readdirSync(FIXTURES)
        .filter((f) => f.endsWith('.html'))
        .sort()
        .map((f): [string, string] => [f, fixture(f)]),
      ...pages,
    ];
    if (hasShared) for (const r of readLabels(GUTENBERG).filter((x) => x.format === 'html')) all.push([r.file, readSharedText(`${GUTENBERG}/${r.file}`)]);
    const rows: string[][] = [];
    for (const [name, html] of all) {
      const ours = mainText(parse(html), 'https://example.org/a/b.html');
      const theirs = await tab.evaluate(
        ({ html, runs }) => {
          const api = (globalThis as unknown as { ResembleMainText: { mainText: (d: Document, u: string) => unknown } }).ResembleMainText;
          const times: number[] = [];
          let out: unknown;
          for (let k = 0; k <= runs; k++) {
            const doc = new DOMParser().parseFromString(html, 'text/html');
            const t = performance.now();
            out = api.mainText(doc, 'https://example.org/a/b.html');
            if (k > 0) times.push(performance.now() - t);
          }
          times.sort((a, b) => a - b);
          return { out, ms: times[Math.floor(times.length / 2)] };
        },
        { html, runs: RUNS },
      );
      rows.push([name, JSON.stringify(theirs.out) === JSON.stringify(ours) ? 'identical' : 'DIFFERENT', ours.method, theirs.ms.toFixed(1)]);
    }
    console.log(`\n## Chromium's DOMParser against linkedom (mainText ms: median of ${RUNS} after a warm-up)\n`);
    console.log(table(['page', 'output', 'method', 'Chromium ms'], rows));
  } finally {
    await browser.close();
  }
}

// ------------------------------------------------------------------------------------------- resemblance

interface GutDoc {
  file: string;
  group: string;
  format: string;
  raw: string;
  doc?: Document;
}

interface GutStats {
  /** Same book, HTML edition against a text form. */
  sameMinExact: number;
  sameMeanExact: number;
  sameMinEst: number;
  /** Different books, HTML edition against anything. */
  crossMaxExact: number;
  crossMaxEst: number;
  methods: string;
}

const TEXT_OPTS = { ...PAGE_OPTIONS, format: 'text' as const };
const HTML_OPTS = { ...PAGE_OPTIONS, format: 'html' as const };

function gutenbergStats(docs: GutDoc[], text: (d: GutDoc) => string, opts: (d: GutDoc) => typeof TEXT_OPTS | typeof HTML_OPTS): GutStats {
  const sets = docs.map((d) => shingleSet(text(d), opts(d)));
  const sks = docs.map((d) => sketch(text(d), opts(d)));
  const same: number[] = [];
  let sameMinEst = 1;
  let crossMaxExact = 0;
  let crossMaxEst = 0;
  for (let i = 0; i < docs.length; i++) {
    for (let j = 0; j < docs.length; j++) {
      if (docs[i].format !== 'html' || i === j || (docs[j].format === 'html' && j < i)) continue;
      const ex = exactResemblance(sets[i], sets[j]);
      const est = resemblance(sks[i], sks[j]);
      if (docs[i].group === docs[j].group) {
        if (docs[j].format === 'html') continue; // HTML against HTML: not the question here
        same.push(ex);
        sameMinEst = Math.min(sameMinEst, est);
      } else {
        crossMaxExact = Math.max(crossMaxExact, ex);
        crossMaxEst = Math.max(crossMaxEst, est);
      }
    }
  }
  return { sameMinExact: Math.min(...same), sameMeanExact: same.reduce((a, b) => a + b, 0) / same.length, sameMinEst, crossMaxExact, crossMaxEst, methods: '' };
}

function loadGutenberg(): GutDoc[] {
  return readLabels(GUTENBERG).map((r) => {
    const raw = readSharedText(`${GUTENBERG}/${r.file}`);
    return { file: r.file, group: r.group, format: r.format, raw, doc: r.format === 'html' ? parse(raw) : undefined };
  });
}

function gutenbergWith(docs: GutDoc[], tune?: Partial<MainTextTuning>): GutStats {
  const texts = new Map<GutDoc, string>();
  const methods: string[] = [];
  for (const d of docs) {
    if (!d.doc) continue;
    const m = mainText(d.doc, 'https://www.gutenberg.org/', tune);
    texts.set(d, m.text);
    methods.push(`${d.group}:${m.method}`);
  }
  const st = gutenbergStats(
    docs,
    (d) => texts.get(d) ?? d.raw,
    () => TEXT_OPTS,
  );
  st.methods = methods.join(' ');
  return st;
}

function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

function templatePair(tune?: Partial<MainTextTuning>): { exact: number; est: number } {
  const a = mainText(parse(fixture('news-site-a.html')), 'https://www.coastal-courier.example/news/', tune).text;
  const b = mainText(parse(fixture('news-site-b.html')), 'https://www.westcountry-daily.example/local/', tune).text;
  if (!a.trim() || !b.trim()) return { exact: 0, est: 0 };
  return { exact: exactResemblance(shingleSet(a, TEXT_OPTS), shingleSet(b, TEXT_OPTS)), est: resemblance(sketch(a, TEXT_OPTS), sketch(b, TEXT_OPTS)) };
}

/** Visible characters mainText keeps on a fixture, and whether it keeps a given phrase. */
function keeps(name: string, phrase: string, tune?: Partial<MainTextTuning>): string {
  const m = mainText(parse(fixture(name)), 'https://example.org/', tune);
  return `${visible(m.text)}${m.text.includes(phrase) ? '' : ' (lost)'}`;
}

function resemblanceSection(gut: GutDoc[] | undefined): void {
  if (gut) {
    console.log("\n## Gutenberg: HTML edition against the same book's text forms, and against other books\n");
    const naive = gutenbergStats(
      gut,
      (d) => d.raw,
      (d) => (d.format === 'html' ? HTML_OPTS : TEXT_OPTS),
    );
    const main = gutenbergWith(gut);
    console.log(
      table(
        ['HTML text by', 'same book min', 'mean', 'min (MIN_128)', 'other books max', 'max (MIN_128)'],
        [
          ['htmlToText (whole page)', f3(naive.sameMinExact), f3(naive.sameMeanExact), f3(naive.sameMinEst), f3(naive.crossMaxExact), f3(naive.crossMaxEst)],
          ['mainText', f3(main.sameMinExact), f3(main.sameMeanExact), f3(main.sameMinEst), f3(main.crossMaxExact), f3(main.crossMaxEst)],
        ],
      ),
    );
    console.log(`methods: ${main.methods}`);
    console.log('\nPer pair (exact; HTML edition ~ text form):');
    const rows: string[][] = [];
    for (const h of gut.filter((d) => d.doc)) {
      const m = mainText(h.doc!, 'https://www.gutenberg.org/');
      for (const t of gut.filter((d) => d.group === h.group && !d.doc)) {
        const tSet = shingleSet(t.raw, TEXT_OPTS);
        rows.push([
          `${h.file} ~ ${t.file}`,
          f3(exactResemblance(shingleSet(h.raw, HTML_OPTS), tSet)),
          f3(exactResemblance(shingleSet(m.text, TEXT_OPTS), tSet)),
        ]);
      }
    }
    console.log(table(['pair', 'naive', 'mainText'], rows));
  }
  console.log('\n## Own fixtures: one article in two site templates (test/fixtures/pages/news-site-a|b.html)\n');
  const a = fixture('news-site-a.html');
  const b = fixture('news-site-b.html');
  const main = templatePair();
  const fullExact = exactResemblance(shingleSet(a, HTML_OPTS), shingleSet(b, HTML_OPTS));
  const fullEst = resemblance(sketch(a, HTML_OPTS), sketch(b, HTML_OPTS));
  console.log(
    table(
      ['text', 'exact', 'MIN_128'],
      [
        ['whole page (htmlToText)', f3(fullExact), f3(fullEst)],
        ['mainText', f3(main.exact), f3(main.est)],
      ],
    ),
  );
}

// ------------------------------------------------------------------------------------------- ablations

function ablationSection(gut: GutDoc[] | undefined): void {
  const variants: [string, Partial<MainTextTuning>][] = [
    ['defaults', {}],
    ['guard off (1.01)', { guard: 1.01 }],
    ['guard 0.3', { guard: 0.3 }],
    ['header/footer words always chrome', { weakHeaderWords: false }],
    ['no prose beside a density pick', { proseMin: Number.POSITIVE_INFINITY }],
    ['prose link density < 0.5', { proseLinkDensity: 0.5 }],
    ['in-page links weigh 1', { hashLinkWeight: 1 }],
    ['container share 0.3', { containerShare: 0.3 }],
    ['container share 0.7', { containerShare: 0.7 }],
  ];
  console.log(`\n## Ablations: each constant varied alone (defaults: ${JSON.stringify(MAIN_TEXT_DEFAULTS)})\n`);
  console.log('Fixture columns: visible characters kept; "(lost)" when the phrase that must stay is gone.');
  const rows = variants.map(([name, tune]) => {
    const g = gut ? gutenbergWith(gut, tune) : undefined;
    const pair = templatePair(tune);
    return [
      name,
      g ? f3(g.sameMinExact) : '-',
      g ? f3(g.sameMeanExact) : '-',
      g ? f3(g.crossMaxExact) : '-',
      f3(pair.exact),
      keeps('wrapper-chrome-class.html', 'rule of twelfths', tune),
      keeps('header-in-article.html', 'Le phare de la pointe rouvre', tune),
      keeps('news-site-a.html', 'Harbour town library to open every evening', tune),
      keeps('blog-post.html', 'Bake in the hottest oven', tune),
    ];
  });
  console.log(table(['variant', 'gut same min', 'mean', 'gut cross max', 'A~B main', 'wrapper', 'hdr-in-article', 'news A (h1)', 'blog'], rows));
}

async function main(): Promise<void> {
  console.log('# mainText measurements');
  if (!hasShared) console.log(`\n(${SHARED} is absent: the Gutenberg and real-page parts are skipped.)`);
  const pages = speedPages();
  speedSection(pages);
  const gut = hasShared ? loadGutenberg() : undefined;
  resemblanceSection(gut);
  ablationSection(gut);
  if (process.argv.includes('--chromium')) await chromiumSection(pages);
  else console.log("\n(Add --chromium to compare with Chromium's DOMParser.)");
}

// Run when executed, not when imported (the unit test borrows syntheticPage).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
