import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../lib/text/html-to-text';
import { looksLikeHtml } from '../../lib/text/decode';
import { canonicalSource, resemblance, sketch, tokens } from '../../lib/index';

const words = (html: string) => tokens(htmlToText(html));

describe('HTML to text', () => {
  it('drops markup, scripts, styles and comments and decodes entities', () => {
    const html = `<!DOCTYPE html><html><head><title>Roses &amp; Lilies</title>
      <style>p { color: red }</style><script>var x = "<p>not text</p>";</script></head>
      <body><!-- a comment <p>hidden</p> --><p class="x" data-a='1>2'>A rose&nbsp;is&#32;a &#x72;ose &mdash; &eacute;t&eacute;</p>
      <noscript>enable javascript</noscript></body></html>`;
    expect(words(html)).toEqual(['roses', 'lilies', 'a', 'rose', 'is', 'a', 'rose', 'été']);
  });

  it('keeps inline formatting inside a word and breaks words at block boundaries', () => {
    expect(words('<p>re<b>sem</b>ble</p><p>next</p><div>line</div>one<br>two')).toEqual(['resemble', 'next', 'line', 'one', 'two']);
  });

  it('survives malformed markup: unclosed tags, stray brackets, unterminated comments and scripts', () => {
    expect(words('a < b and c > d <p unclosed')).toEqual(['a', 'b', 'and', 'c', 'd']);
    expect(words('text <!-- never closed')).toEqual(['text']);
    expect(words('before <script>while(1){}')).toEqual(['before']);
    expect(words('<SCRIPT type="x">upper</SCRIPT >after')).toEqual(['after']);
  });

  it('HTML is recognized by content, not by name, and the same text in HTML and plain form match', () => {
    const body = 'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness';
    const html = `<html><body><h1>A Tale</h1><p>${body}</p><script>track()</script></body></html>`;
    expect(looksLikeHtml(html)).toBe(true);
    expect(looksLikeHtml(`A Tale\n\n${body}`)).toBe(false);
    expect(looksLikeHtml('x < y and y > z is not markup')).toBe(false);
    expect(looksLikeHtml('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body>x</body></html>')).toBe(true);
    expect(looksLikeHtml('<style>body{}</style><p>text</p>')).toBe(true);
    expect(canonicalSource(html)).not.toContain('track');
    expect(resemblance(sketch(html), sketch(`A Tale\n\n${body}`))).toBe(1);
  });
});
