import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extractPage } from '../../lib/page/extract-page';
import { mainText } from '../../lib/page/main-text';
import { withoutRawText } from '../../lib/page/raw-text';

const parse = (h: string) => parseHTML(h).document as unknown as Document;

describe('withoutRawText', () => {
  it('empties scripts and styles, keeping the elements and everything around them', () => {
    const html = '<html><head><title>T</title><style media="x">p{color:red}</style><script type="module">let a = "<p>";</script></head>' +
      '<body><p>One</p><SCRIPT>x()</SCRIPT ><p>Two</p><svg><style>.a{}</style></svg></body></html>';
    expect(withoutRawText(html)).toBe('<html><head><title>T</title><style media="x"></style><script type="module"></script></head>' +
      '<body><p>One</p><SCRIPT></SCRIPT ><p>Two</p><svg><style></style></svg></body></html>');
  });

  it('leaves a page without them as it is (the same string)', () => {
    const html = '<p>No scripts here; <b>scripting</b> and <stylish> are not tags it empties.</p>';
    expect(withoutRawText(html)).toBe(html);
  });

  it('takes no "<script" in a comment, a title, a textarea or an attribute for a tag', () => {
    const html = '<!-- <script> --><title>About <script> tags</title><p data-x="<style>">Kept</p>' +
      '<textarea><style></textarea><p>Also kept</p><!--> <p>after an empty comment</p><script>gone()</script>';
    const out = withoutRawText(html);
    expect(out).toBe(html.replace('gone()', ''));
  });

  it('leaves a script with "<!--" whole (the tokenizer may read past its first "</script"), and an unclosed one', () => {
    const escaped = '<script><!-- document.write("<script></script>") --></script><p>Text</p>';
    expect(withoutRawText(escaped)).toBe(escaped);
    expect(withoutRawText('<p>A</p><style>p{}')).toBe('<p>A</p><style>');
  });

  it('changes no main text: the same text, title and canonical link with and without it', () => {
    const html = '<html><head><title>Walden</title><link rel="canonical" href="https://a.example/w"><style>article{display:none}</style>' +
      '<script type="application/ld+json">{"headline":"x"}</script></head><body><nav><a href="/">Home</a><script>menu()</script></nav>' +
      '<article><h1>Walden</h1><p>I went to the woods because I wished to live deliberately, to front only the essential facts of life.</p>' +
      '<script>track("<p>not text</p>")</script><p>Simplify, simplify.</p></article><footer>© 2026</footer></body></html>';
    const whole = mainText(parse(html), 'https://a.example/w');
    const page = extractPage(parse, html, 'https://a.example/w');
    expect(page).toMatchObject({ text: whole.text, title: whole.title, method: whole.method, canonical: whole.canonical });
    expect(page.text).toContain('Simplify, simplify.');
  });
});
