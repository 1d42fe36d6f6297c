/**
 * test/helpers/rename-names.ts: the seeded class/id renamer that makes test pages for the structural
 * results-page reader (issue #27). A renamed page must differ from the original only in names: checked
 * on a hand-written page exactly, then on every saved results page (own fixtures, and ../shared's when
 * present) by undoing the renaming byte for byte and comparing both pages parsed with linkedom.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { decodeBytes } from '../../lib/text/decode';
import { renameMap, renameNames } from '../helpers/rename-names';
import { SHARED, hasShared } from '../helpers/shared-dir';

const OWN_SERP = path.resolve(__dirname, '../fixtures/serp');
const SHARED_SERP = path.join(SHARED, 'fixtures/serp');
const hasSharedSerp = hasShared;

const PAGE = `<!DOCTYPE html><html><head><title>.a #main</title><style>
.a, #main > .b:hover, div.c.d { color: #fff; background: url(#grad) }
@media (min-width: 37.5em) { .a { color: #abc } @keyframes spin { 12.5% { top: 0 } } }
.unseen, [class="a"] { color: red } .md\\:flex { margin: 0 }
/* .a in a comment */ .a::after { content: ".a #main" }
</style><script>var s = '<div class="a">'; document.querySelector('.a #main');</script></head>
<BODY CLASS=a id='main' data-role="a b"><label for="main">Name .a #main</label>
<div class=" b  c d " aria-labelledby="main other" aria-describedby="main">Text</div>
<a href="#main">top</a> <a href="#nowhere">away</a> <a href="/x#main">elsewhere</a>
<svg><rect fill="url(#grad)" style="clip-path: url('#grad'); color: #fff"/><linearGradient id="grad"/></svg>
<!-- <p class="a"> --><p class="md:flex">Last &amp; least</p>
</BODY></html>`;

/** The same page as PAGE with the names given by t. */
const expected = (t: (name: string) => string) => `<!DOCTYPE html><html><head><title>.a #main</title><style>
.${t('a')}, #${t('main')} > .${t('b')}:hover, div.${t('c')}.${t('d')} { color: #fff; background: url(#${t('grad')}) }
@media (min-width: 37.5em) { .${t('a')} { color: #abc } @keyframes spin { 12.5% { top: 0 } } }
.unseen, [class="a"] { color: red } .${t('md:flex')} { margin: 0 }
/* .a in a comment */ .${t('a')}::after { content: ".a #main" }
</style><script>var s = '<div class="a">'; document.querySelector('.a #main');</script></head>
<BODY CLASS=${t('a')} id='${t('main')}' data-role="a b"><label for="${t('main')}">Name .a #main</label>
<div class=" ${t('b')}  ${t('c')} ${t('d')} " aria-labelledby="${t('main')} other" aria-describedby="${t('main')}">Text</div>
<a href="#${t('main')}">top</a> <a href="#nowhere">away</a> <a href="/x#main">elsewhere</a>
<svg><rect fill="url(#${t('grad')})" style="clip-path: url('#${t('grad')}'); color: #fff"/><linearGradient id="${t('grad')}"/></svg>
<!-- <p class="a"> --><p class="${t('md:flex')}">Last &amp; least</p>
</BODY></html>`;

// <style> contents are the one text that is renamed.
const stripTags = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]*>/g, '');
const parse = (html: string): Document => parseHTML(html).document as unknown as Document;

describe('renameNames on a hand-written page', () => {
  const map = renameMap(PAGE, 7);
  const t = (name: string) => map.get(name)!;
  const out = renameNames(PAGE, 7);

  it('maps exactly the class names and ids of the page, in order of appearance', () => {
    expect([...map.keys()]).toEqual(['a', 'main', 'b', 'c', 'd', 'grad', 'md:flex']);
  });

  it('tokens are 6 to 8 letters, distinct, and never the original', () => {
    for (const [name, tok] of map) {
      expect(tok).toMatch(/^[a-zA-Z]{6,8}$/);
      expect(tok).not.toBe(name);
    }
    expect(new Set(map.values()).size).toBe(map.size);
  });

  it('renames classes, ids, for/aria refs, #fragment links, url(#id) and style selectors, the same name the same way everywhere', () => {
    expect(out).toBe(expected(t));
  });

  it('leaves #fff in declarations, <script>, <title>, comments, data-* and unknown names alone', () => {
    expect(out).toContain('color: #fff; background');
    expect(out).toContain(`<script>var s = '<div class="a">'; document.querySelector('.a #main');</script>`);
    expect(out).toContain('data-role="a b"');
    expect(out).toContain('.unseen, [class="a"]');
    expect(out).toContain('<a href="#nowhere">');
  });

  it('keeps the text of the page', () => {
    expect(stripTags(out)).toBe(stripTags(PAGE));
  });

  it('the same seed gives the same page; another seed gives other tokens for every name', () => {
    expect(renameNames(PAGE, 7)).toBe(out);
    const other = renameMap(PAGE, 8);
    for (const [name, tok] of map) expect(other.get(name)).not.toBe(tok);
    expect(renameNames(PAGE, 8)).toBe(expected((n) => other.get(n)!));
  });

  it('a token that is already a name of the page is not given to another name', () => {
    const page = `<p class="a ${t('a')}">x</p>`;
    const m = renameMap(page, 7);
    expect(m.get('a')).not.toBe(t('a'));
    expect(m.get(t('a'))).not.toBe(m.get('a'));
    expect(renameNames(page, 7)).toBe(`<p class="${m.get('a')} ${m.get(t('a'))}">x</p>`);
  });
});

/** Text of a parsed page without <style> contents (the only text that is renamed). */
function textOf(doc: Document): string {
  for (const s of [...doc.querySelectorAll('style')]) s.remove();
  return doc.documentElement?.textContent ?? '';
}

/** Every check that a renamed page differs from the original only in names. */
function checkPage(html: string): void {
  const map = renameMap(html, 27);
  const out = renameNames(html, 27, map);
  // Undoing the renaming restores every byte (tokens are whole letter runs where they stand).
  const back = new Map([...map].map(([name, tok]) => [tok, name]));
  expect(out.replace(/[A-Za-z]+/g, (w) => back.get(w) ?? w) === html).toBe(true);

  const a = parse(html);
  const b = parse(out);
  const before = [...a.querySelectorAll('*')];
  const after = [...b.querySelectorAll('*')];
  expect(after.length).toBe(before.length);
  const classes = new Set(before.flatMap((e) => (e.getAttribute('class') ?? '').split(/[\t\n\f\r ]+/)).filter((c) => c.length >= 3));
  const left: string[] = [];
  const wrong: string[] = [];
  after.forEach((e, i) => {
    const cls = (e.getAttribute('class') ?? '').split(/[\t\n\f\r ]+/).filter(Boolean);
    left.push(...cls.filter((c) => classes.has(c)));
    const was = (before[i].getAttribute('class') ?? '').split(/[\t\n\f\r ]+/).filter(Boolean);
    if (e.tagName !== before[i].tagName || cls.join(' ') !== was.map((c) => map.get(c) ?? c).join(' ')) wrong.push(`${i} ${e.tagName}`);
  });
  expect(left).toEqual([]);
  expect(wrong).toEqual([]);
  expect(textOf(b)).toBe(textOf(a));
}

describe('renameNames on the saved results pages', () => {
  const own = readdirSync(OWN_SERP).filter((f) => f.endsWith('.html'));

  it('finds the own fixtures', () => expect(own.length).toBeGreaterThan(10));
  for (const f of own) it(`test/fixtures/serp/${f}`, () => checkPage(readFileSync(path.join(OWN_SERP, f), 'utf8')));

  // Listed only when present: a fresh clone has no ../shared.
  const shared = hasSharedSerp
    ? readdirSync(SHARED_SERP, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) =>
          readdirSync(path.join(SHARED_SERP, d.name))
            .filter((f) => f.endsWith('.html'))
            .map((f) => `${d.name}/${f}`),
        )
    : [];
  it.skipIf(!hasSharedSerp)(`../shared/fixtures/serp: ${hasSharedSerp ? `${shared.length} pages` : 'absent, real-page checks skipped'}`, () => {
    expect(shared.length).toBeGreaterThan(0);
  });
  for (const f of shared) {
    it(`../shared/fixtures/serp/${f}`, () => {
      const b = readFileSync(path.join(SHARED_SERP, f));
      checkPage(decodeBytes(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)).text);
    });
  }
});
