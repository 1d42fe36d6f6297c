/**
 * lib/page/main-text.ts: the main text of a fetched page, over linkedom (the extension runs it over the
 * browser's DOMParser). Own fixtures in test/fixtures/pages (written for these tests, own text) pin
 * what stays and what goes; the Gutenberg corpus in ../shared checks that the main text of a book's
 * HTML edition resembles its plain-text editions at least as much as the whole page's text does.
 * Numbers: `npx tsx scripts/measure-main-text.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, exactResemblance, resemblance, shingleSet, sketch } from '../../lib/index';
import { chromeByName, classTokens } from '../../lib/page/chrome';
import { mainText, type MainText } from '../../lib/page/main-text';
import { syntheticPage } from '../../scripts/measure-main-text';
import { SHARED_ABSENT_TEST, hasShared, readLabels, readSharedText, repoRoot, warnSharedAbsent } from './helpers/shared';

const FIXTURES = path.join(repoRoot, 'test/fixtures/pages');
const TEXT = { ...PAGE_OPTIONS, format: 'text' as const };
const HTML = { ...PAGE_OPTIONS, format: 'html' as const };

const parse = (html: string): Document => parseHTML(html).document as unknown as Document;
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const run = (html: string, url = 'https://example.org/dir/page.html'): MainText => mainText(parse(html), url);
const page = (body: string, head = '') => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

function expectIn(text: string, inside: string[], outside: string[]): void {
  for (const s of inside) expect(text, `should keep "${s}"`).toContain(s);
  for (const s of outside) expect(text, `should drop "${s}"`).not.toContain(s);
}

describe('mainText on own fixtures (test/fixtures/pages)', () => {
  it('news article in site A: the <article>, with its header and figure caption, without the chrome around it', () => {
    const m = run(fixture('news-site-a.html'), 'https://www.coastal-courier.example/news/2024/03/library');
    expect(m.method).toBe('article');
    expect(m.title).toBe('Harbour town library to open every evening | The Coastal Courier');
    expect(m.canonical).toBe('https://www.coastal-courier.example/news/2024/03/library-evening-hours?utm_source=rss');
    expect(m.lang).toBe('en-GB');
    expect(m.text.split('\n')[0]).toBe('Harbour town library to open every evening');
    expect(m.text.split('\n')[1]).toBe('By Morwenna Tregear, Local Affairs Reporter · 14 March 2024');
    expectIn(
      m.text,
      [
        "The public library on Quay Street will stay open until nine o'clock",
        '"We are asking for tables, chairs, a bit of heat and the wifi password."',
        'The library on Quay Street was built in 1904 with money from a local shipowner.', // figcaption
        'if you knock on enough doors."',
        'Topics: Libraries, Council, Education', // the article's own footer stays
      ],
      [
        'We use cookies',
        'Accept all',
        'Skip to main content',
        'Your town, your news',
        'Sport',
        'Search',
        'Advertisement',
        'Sponsored: The best mattress',
        'Share on',
        'Email this story',
        'Comments (3)',
        'revising in the car park',
        'Join the discussion',
        'Most read',
        'Seagull attacks',
        'Sign up for our free',
        'Related stories',
        'Library faces cuts',
        'All rights reserved',
        'Privacy policy',
        'three free articles',
        'dataLayer',
        'Home',
      ],
    );
    // cookie banner, skip link, site header, leaderboard ad, breadcrumb, share tools, inline ad,
    // comments, sidebar, related stories, site footer, paywall popup: each dropped whole, once.
    expect(m.dropped).toBe(12);
  });

  it('the same article in site B: the <main>, without role- and class-marked chrome inside and around it', () => {
    const m = run(fixture('news-site-b.html'), 'https://www.westcountry-daily.example/local/x');
    expect(m.method).toBe('main');
    expect(m.canonical).toBe('https://www.westcountry-daily.example/local/library-opening-hours-7731');
    expect(m.lang).toBe('en');
    expect(m.text.split('\n').slice(0, 2)).toEqual(['Harbour town library to open every evening', 'Morwenna Tregear — Thursday 14 March 2024, 6:12 pm']);
    expectIn(
      m.text,
      ['The petition was started last autumn', '“It turns out they do, if you knock on enough doors.”'],
      [
        'Westcountry Daily',
        'light rain',
        'Farming',
        '214 partners',
        'Holiday cottages',
        'Tweet',
        'WhatsApp',
        'Twenty hidden beaches',
        'More from Local',
        'Bus route 14',
        '12 comments',
        'potholes',
        'Trending',
        'Zennor',
        'Kernow Energy',
        'Peninsula Media',
        'Accessibility',
        'NewsArticle',
      ],
    );
  });

  it('one article in two templates: main texts resemble ≥ 0.9, the whole pages much less', () => {
    const a = run(fixture('news-site-a.html')).text;
    const b = run(fixture('news-site-b.html')).text;
    const mainExact = exactResemblance(shingleSet(a, TEXT), shingleSet(b, TEXT));
    const mainEst = resemblance(sketch(a, TEXT), sketch(b, TEXT));
    const fullExact = exactResemblance(shingleSet(fixture('news-site-a.html'), HTML), shingleSet(fixture('news-site-b.html'), HTML));
    const fullEst = resemblance(sketch(fixture('news-site-a.html'), HTML), sketch(fixture('news-site-b.html'), HTML));
    console.log(
      `A ~ B: mainText exact ${mainExact.toFixed(3)}, MIN_128 ${mainEst.toFixed(3)}; whole page exact ${fullExact.toFixed(3)}, MIN_128 ${fullEst.toFixed(3)}`,
    );
    expect(mainExact).toBeGreaterThanOrEqual(0.9);
    expect(mainEst).toBeGreaterThanOrEqual(0.9);
    expect(fullExact).toBeLessThan(0.5);
    expect(fullEst).toBeLessThan(0.5);
  });

  it('a table-layout page with no <article> or <main>: the density pick finds the text, not the link column', () => {
    const m = run(fixture('no-article.html'));
    expect(m.method).toBe('density');
    expect(m.title).toBe('On the Keeping of Bees in Winter -- Notes of a Country Beekeeper');
    expect(m.lang).toBeUndefined();
    expect(m.canonical).toBeUndefined();
    expect(m.dropped).toBe(0);
    const lines = m.text.split('\n');
    expect(lines[0]).toBe('On the Keeping of Bees in Winter');
    expect(lines.filter((l) => l.length > 200)).toHaveLength(5); // the five paragraphs, one a line
    expectIn(m.text, ['the year has turned.'], ['Pages', 'Spring work', 'Sign my guestbook', 'Webring', 'Previous', 'Write to me', 'Back to the top']);
  });

  it('a blog whose post is a <div class="post-content">: the post body, without widgets, sharing, related posts or comments', () => {
    const m = run(fixture('blog-post.html'));
    expect(m.method).toBe('density');
    expect(m.title).toBe('Sourdough without a scale – Crumb & Crust');
    expect(m.canonical).toBe('https://crumbandcrust.example/2023/11/sourdough-without-a-scale/');
    expect(m.lang).toBe('en-US');
    expect(m.text.split('\n')[0]).toMatch(/^Most sourdough recipes begin/);
    expectIn(
      m.text,
      ['Reading the dough', 'one mug of lively starter'.replace('one', 'One'), 'sounds hollow when you knock on its base.'],
      [
        'Bread, mostly',
        'Recipes',
        'Share this',
        'Pinterest',
        'A dark rye for the winter months',
        'Focaccia for beginners',
        'thoughts on',
        'my sister weighs',
        'Leave a Reply',
        'Recent Posts',
        'About me',
        'a home baker',
        'Proudly powered by WordPress',
      ],
    );
  });

  it('a <header> inside <article> (the title and byline) stays; the page-level header and footer go', () => {
    const m = run(fixture('header-in-article.html'));
    expect(m.method).toBe('article');
    expect(m.lang).toBe('fr');
    expect(m.dropped).toBe(2);
    expect(m.text).toBe(
      [
        'Le phare de la pointe rouvre ses portes',
        'Par Yann Le Goff',
        "Après deux ans de travaux, le phare de la pointe accueille de nouveau les visiteurs chaque après-midi, de mai à septembre. Les deux cent trente marches mènent à une galerie d'où l'on voit, par temps clair, les îles au large.",
        "La lentille d'origine, démontée pièce par pièce et nettoyée à la main, a retrouvé sa place au sommet de la tour. Le gardien, qui vit toujours au pied du phare, raconte volontiers les nuits de tempête.",
        "Visites guidées sur réservation à l'office de tourisme.",
      ].join('\n'),
    );
  });

  it('a wrapper whose class names chrome ("has-sidebar") but holds most of the text is kept; its chrome children go', () => {
    const m = run(fixture('wrapper-chrome-class.html'));
    expect(m.method).toBe('density');
    expectIn(m.text, ['Tide tables explained', 'rule of twelfths', 'not a promise.'], ['Charts', 'Tide times today', 'Falmouth', 'guidance only']);
    // Without the guard the whole page would go.
    expect(mainText(parse(fixture('wrapper-chrome-class.html')), 'https://e.org/', { guard: 1.01 }).text).toBe('');
  });
});

describe('mainText: what counts as chrome', () => {
  const filler = `<p>${'Plain words of the story that a reader came to read, one after another. '.repeat(8)}</p>`;

  it('hidden elements go (hidden, aria-hidden, inline display:none / visibility:hidden, screen-reader-only classes); hidden=until-found stays', () => {
    const m = run(
      page(
        '<p>Visible one.</p><p hidden>Hidden attr.</p><p aria-hidden="true">Aria hidden.</p>' +
          '<p style="color:red; DISPLAY : none">Display none.</p><p style="visibility:hidden">Invisible.</p>' +
          '<p hidden="until-found">Until found.</p><span class="sr-only">Screen reader only.</span>' +
          '<dialog>Closed dialog.</dialog><dialog open>Open dialog.</dialog>' +
          filler,
      ),
    );
    expectIn(
      m.text,
      ['Visible one.', 'Until found.', 'Open dialog.'],
      ['Hidden attr.', 'Aria hidden.', 'Display none.', 'Invisible.', 'Screen reader only.', 'Closed dialog.'],
    );
    expect(m.dropped).toBe(5);
  });

  it('roles: navigation, banner, contentinfo, complementary, search go; header/footer inside section/article/main stay; custom elements named like chrome go', () => {
    const m = run(
      page(
        '<div role="navigation">Nav role</div><div role="banner">Banner role</div><div role="search">Search role</div>' +
          '<section><header>Section header</header>' +
          filler +
          '<amp-story-page>Custom content</amp-story-page><footer>Section footer</footer></section>' +
          '<div role="complementary">Aside role</div><aside>Aside tag</aside><div role="contentinfo">Footer role</div>' +
          '<amp-ad>Custom ad element</amp-ad><amp-sidebar>Custom sidebar</amp-sidebar>',
      ),
    );
    expectIn(
      m.text,
      ['Section header', 'Section footer', 'Custom content'],
      ['Nav role', 'Banner role', 'Search role', 'Aside role', 'Aside tag', 'Footer role', 'Custom ad', 'Custom sidebar'],
    );
  });

  it('scripts, styles, templates, svg, iframes and form controls give no text', () => {
    const m = run(
      page(
        '<script>var s = "script text";</script><style>.x{content:"style text"}</style><template><p>template text</p></template>' +
          '<noscript><p>noscript text</p></noscript><svg><title>svg title</title><text>svg text</text></svg>' +
          '<iframe srcdoc="frame">iframe text</iframe><form><label>Label</label><input value="input text">' +
          '<select><option>option text</option></select><textarea>textarea text</textarea><button>button text</button></form>' +
          filler,
      ),
    );
    expectIn(
      m.text,
      ['Label', 'Plain words'],
      ['script text', 'style text', 'template text', 'noscript text', 'svg', 'iframe text', 'input text', 'option text', 'textarea text', 'button text'],
    );
    expect(m.dropped).toBe(0); // invisible and non-text elements are not counted as chrome
  });

  it('class/id words: tokens at punctuation and camelCase; header/footer only without a content word', () => {
    expect(classTokens('siteNav__item col-md-8 AdSlot')).toEqual(['site', 'nav', 'item', 'col', 'md', '8', 'ad', 'slot']);
    for (const chrome of [
      'main-nav',
      'topNav',
      'sidenav',
      'mega-menu',
      'breadcrumbs',
      'site-header',
      'footer',
      'cookie-banner',
      'cookiebar',
      'ad-slot',
      'ads',
      'advertorial',
      'sponsored-links',
      'share-tools',
      'social',
      'relatedposts',
      'comments-area',
      'post-comments',
      'newsletter-signup',
      'modal popup',
      'widget-area sidebar',
      'post-navigation',
    ]) {
      expect(chromeByName(chrome), chrome).toBe(true);
    }
    for (const content of [
      'article-header',
      'entry-footer',
      'post-header',
      'story-header',
      'content',
      'canvas',
      'head',
      'lead',
      'download',
      'shadow',
      'paywall',
      'subscriber-content',
      'stanza hidden',
      'widget',
      'navigator',
      'headline',
      'badge',
      'shared-text',
    ]) {
      expect(chromeByName(content), content).toBe(false);
    }
    expect(chromeByName('article-header', false)).toBe(true);
  });

  it('a lone small <article> beside the main text is not the main container, nor is one of several teasers', () => {
    const big = `<div class="story">${filler.repeat(4)}</div>`;
    const m1 = run(page(`<article><h2>Teaser</h2><p>A short teaser with a few words in it, nothing more to say.</p></article>${big}`));
    expect(m1.method).toBe('density');
    expect(m1.text).toContain('Plain words');
    const teasers = Array.from({ length: 4 }, (_, k) => `<article><h2>Story ${k}</h2>${filler.replace('Plain', `Story${k}`)}</article>`).join('');
    const m2 = run(page(`<div class="list">${teasers}</div>`));
    expect(m2.method).not.toBe('article');
    for (let k = 0; k < 4; k++) expect(m2.text).toContain(`Story${k} words`);
  });

  it('nested articles (comments marked up as articles) inside the main article: the outer one', () => {
    const m = run(
      page(
        `<article><h1>Outer</h1>${filler}${filler}<section class="responses"><article><p>A reply that says something short.</p></article></section></article>`,
      ),
    );
    expect(m.method).toBe('article');
    expectIn(m.text, ['Outer', 'Plain words', 'A reply'], []);
  });
});

describe('mainText: text layout', () => {
  it('blocks on their own lines, inline markup joins words, cells and controls separate them, entities decoded', () => {
    const m = run(
      page(
        '<p>re<b>sem</b>ble &amp; co&nbsp;&lt;x&gt;<br>next<span> </span>word</p><ul><li>one</li><li>two</li></ul><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table><p>foo<img src="x">bar</p>',
      ),
    );
    expect(m.method).toBe('body');
    expect(m.text).toBe('resemble & co <x>\nnext word\none\ntwo\na b\nc d\nfoo bar');
  });

  it('whitespace collapsed where texts meet, inside them, and around skipped and spacing elements; lines without any left alone', () => {
    const m = run(
      page(
        '<p>a <span> b</span></p><p>c<span> </span> d</p><p>tab\there</p><p>x <img src="i"> y</p><p>u<img src="i">v</p><p>nb\u00a0sp</p>' +
          '<p>one two three</p><p>end <b>bold</b> </p><p><i>i</i> <i>j</i></p><p>\u2003em\u3000ideo</p><pre>p1\n  p2 </pre><p>zwsp\u200bkept</p>',
      ),
    );
    expect(m.text).toBe('a b\nc d\ntab here\nx y\nu v\nnb sp\none two three\nend bold\ni j\nem ideo\np1\np2\nzwsp\u200bkept');
  });

  it('a text/plain body shown as <pre> keeps its lines (spaces collapsed)', () => {
    const m = run('<html><head></head><body><pre>Line one of the file\n    indented   line two\n\n\nafter blanks &lt;tag&gt;\n</pre></body></html>');
    expect(m.method).toBe('body');
    expect(m.text).toBe('Line one of the file\nindented line two\nafter blanks <tag>');
  });

  it('title: <title>, else og:title, else the first <h1>', () => {
    expect(run(page('<h1>H</h1>', '<title>\n  The   title </title><meta property="og:title" content="OG">')).title).toBe('The title');
    expect(run(page('<h1>H</h1>', '<meta property="og:title" content=" OG  title ">')).title).toBe('OG title');
    expect(run(page('<nav><h1>Nav</h1></nav><h1> First  heading </h1>')).title).toBe('First heading');
    expect(run(page('<p>x</p>')).title).toBe('');
  });

  it('canonical: resolved against <base href> and the page URL, http(s) only, first of several', () => {
    const head = (h: string) => page('<p>x</p>', h);
    expect(run(head('<link rel="canonical" href="/a?b=1">'), 'https://e.org/x/y').canonical).toBe('https://e.org/a?b=1');
    expect(run(head('<base href="https://cdn.e.org/base/"><link rel="alternate CANONICAL" href="../p">'), 'https://e.org/').canonical).toBe(
      'https://cdn.e.org/p',
    );
    expect(run(head('<link rel="canonical" href="https://one.example/"><link rel="canonical" href="https://two.example/">')).canonical).toBe(
      'https://one.example/',
    );
    expect(run(head('<link rel="canonical" href="javascript:alert(1)">')).canonical).toBeUndefined();
    expect(run(head('<link rel="canonical" href="ftp://e.org/file">')).canonical).toBeUndefined();
    expect(run(head('<link rel="canonical" href="">')).canonical).toBeUndefined();
    expect(run(head('<link rel="canonical" href="rel/only">'), 'not a url').canonical).toBeUndefined();
    expect(run(head('<link rel="canonical" href="https://abs.example/p">'), 'not a url').canonical).toBe('https://abs.example/p');
    expect(run(head('<link rel="alternate" href="https://e.org/amp">')).canonical).toBeUndefined();
  });

  it('lang: <html lang>, else <meta http-equiv=content-language>', () => {
    expect(run('<html lang=" de-CH "><body><p>x</p></body></html>').lang).toBe('de-CH');
    expect(run('<html><head><meta http-equiv="Content-Language" content="nl, en"></head><body><p>x</p></body></html>').lang).toBe('nl');
    expect(run(page('<p>x</p>')).lang).toBeUndefined();
  });
});

describe('mainText: robustness', () => {
  it('empty input, empty body, a frameset, a bare fragment, bare text', () => {
    expect(run('')).toEqual({ text: '', title: '', dropped: 0, method: 'body' });
    expect(run('<!doctype html><html><head><title>x</title></head><body></body></html>')).toEqual({ text: '', title: 'x', dropped: 0, method: 'body' });
    const frames = run(
      '<html><head><title>F</title></head><frameset cols="50%,50%"><frame src="a.html"><frame src="b.html"><noframes>No frames.</noframes></frameset></html>',
    );
    expect(frames).toMatchObject({ text: '', title: 'F', method: 'body' });
    expect(run('<p>A fragment with <a href="/x">a link</a>.</p><p>Second.</p>').text).toBe('A fragment with a link.\nSecond.');
    expect(run('bare text, no tags').text).toBe('bare text, no tags');
  });

  it('malformed markup: unclosed and misnested tags', () => {
    const m = run(
      '<html><body><div><p>unclosed <b>bold <i>both</b> text<p>second<table><tr><td>cell one<td>cell two</table><div class="nav">Home | About</div>tail',
    );
    expect(m.text).toBe('unclosed bold both text\nsecond\ncell one cell two\ntail');
    expect(m.dropped).toBe(1);
  });

  it('20 000 nested elements: no recursion', () => {
    const depth = 20000;
    const m = run(`<html><body>${'<div>'.repeat(depth)}deep text${'</div>'.repeat(depth)}</body></html>`);
    expect(m.text).toBe('deep text');
  });

  it('a ~2 MB page is read whole, its article found (its time printed: speed is the bench’s business, not a unit test’s)', () => {
    const small = parse(syntheticPage(200 * 1024));
    mainText(small, 'https://e.org/'); // warm-up
    const html = syntheticPage(2 * 1024 * 1024);
    const doc = parse(html);
    const t0 = performance.now();
    const m = mainText(doc, 'https://e.org/');
    const ms = performance.now() - t0;
    console.log(`mainText on a ${(html.length / 1024).toFixed(0)} KB page: ${ms.toFixed(0)} ms, ${m.text.length} characters kept`);
    expect(m.method).toBe('article');
    expect(m.text).not.toContain('Advertisement');
    expect(m.text).not.toContain('Most read');
  });
});

const GUTENBERG = 'corpora/gutenberg-formats-editions';

describe.skipIf(!hasShared)('mainText on Gutenberg HTML editions (needs ../shared)', () => {
  interface Doc {
    file: string;
    group: string;
    format: string;
    raw: string;
    main?: MainText;
  }
  let docs: Doc[];
  beforeAll(() => {
    docs = readLabels(GUTENBERG).map((r) => {
      const raw = readSharedText(`${GUTENBERG}/${r.file}`);
      return {
        file: r.file,
        group: r.group,
        format: r.format,
        raw,
        main: r.format === 'html' ? mainText(parse(raw), 'https://www.gutenberg.org/') : undefined,
      };
    });
  });

  it('methods: the body for books whose paragraphs sit in <body>, a density pick widened to the whole book for 16595', () => {
    const methods = Object.fromEntries(docs.filter((d) => d.main).map((d) => [d.file, d.main!.method]));
    expect(methods).toEqual({
      'pg18131/head/18131-h/18131-h.htm': 'body',
      'pg16595/head/16595-h/16595-h.htm': 'density',
      'pg17997/head/17997-h/17997-h.htm': 'body',
      'pg972/head/972-h/972-h.htm': 'body',
      'pg972/import2014/972-h/972-h.htm': 'body',
    });
    for (const d of docs.filter((x) => x.main)) expect(d.main!.title).toMatch(/Project Gutenberg|Devil's Dictionary/);
  });

  it('same book: mainText(HTML) resembles the text editions at least as much as the whole page does; other books stay far', () => {
    const rows: string[] = [];
    let crossNaive = 0;
    let crossMain = 0;
    for (const h of docs.filter((d) => d.main)) {
      const naiveSet = shingleSet(h.raw, HTML);
      const mainSet = shingleSet(h.main!.text, TEXT);
      const mainSk = sketch(h.main!.text, TEXT);
      for (const t of docs.filter((d) => !d.main)) {
        const tSet = shingleSet(t.raw, TEXT);
        const naive = exactResemblance(naiveSet, tSet);
        const main = exactResemblance(mainSet, tSet);
        const est = resemblance(mainSk, sketch(t.raw, TEXT));
        if (t.group === h.group) {
          rows.push(`${h.file} ~ ${t.file}: naive ${naive.toFixed(3)}, mainText ${main.toFixed(3)} (MIN_128 ${est.toFixed(3)})`);
          expect(main, `${h.file} ~ ${t.file}`).toBeGreaterThanOrEqual(naive - 0.002);
          expect(est, `${h.file} ~ ${t.file}`).toBeGreaterThanOrEqual(0.85);
        } else {
          crossNaive = Math.max(crossNaive, naive);
          crossMain = Math.max(crossMain, main);
          expect(est, `${h.file} ~ ${t.file}`).toBeLessThan(0.2);
        }
      }
    }
    console.log(
      `Gutenberg, HTML edition ~ text editions (exact, w = 5):\n  ${rows.join('\n  ')}\n  other books, max: naive ${crossNaive.toFixed(3)}, mainText ${crossMain.toFixed(3)}`,
    );
    expect(crossMain).toBeLessThanOrEqual(crossNaive + 0.002);
  });
});
if (!hasShared) it(SHARED_ABSENT_TEST, () => warnSharedAbsent('Gutenberg main-text'));
