/**
 * lib/page/lite-dom: the light tree the Worker reads a page's main text from. Each case is a rule of
 * the HTML standard's tree builder that real pages lean on; the outlines are what Chromium's
 * DOMParser builds for the same markup (test/e2e/lite-dom-agrees.spec.ts compares whole pages there).
 */
import { describe, expect, it } from 'vitest';
import { parseLite } from '../../lib/page/lite-dom';
import { mainText } from '../../lib/page/main-text';

/** Elements as "tag(children)", text as its trimmed data in quotes (empty text left out). */
function outline(n: Node): string {
  const parts: string[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) {
      const t = (c as Text).data.trim();
      if (t) parts.push(JSON.stringify(t));
    } else if (c.nodeType === 1) {
      const inner = outline(c);
      parts.push(inner ? `${(c as Element).localName}(${inner})` : (c as Element).localName);
    }
  }
  return parts.join(' ');
}
const body = (html: string) => outline(parseLite(html).firstChild!.lastChild!);

describe('parseLite builds the tree a browser builds', () => {
  it('makes html, head and body when they are missing, and puts head elements in the head', () => {
    expect(outline(parseLite('<title>T</title><meta charset=utf-8><p>x'))).toBe('html(head(title("T") meta) body(p("x")))');
  });
  it('closes an open paragraph at a block, and a list item at the next one, but not across a nested list', () => {
    expect(body('<p>a<div>b</div>')).toBe('p("a") div("b")');
    expect(body('<ul><li>a<li>b</ul>')).toBe('ul(li("a") li("b"))');
    expect(body('<ul><li><ul><li>x</ul></li><li>y</ul>')).toBe('ul(li(ul(li("x"))) li("y"))');
    expect(body('<dl><dt>a<dd>b<dt>c</dl>')).toBe('dl(dt("a") dd("b") dt("c"))');
  });
  it('closes table cells and rows at the next one', () => {
    expect(body('<table><tr><td>a<td>b<tr><td>c</table>')).toBe('table(tbody(tr(td("a") td("b")) tr(td("c"))))');
    expect(body('<table><td>a<tbody><th>b</table>')).toBe('table(tbody(tr(td("a"))) tbody(tr(th("b"))))');
    expect(body('<table><thead><tr><th>h<tbody><tr><td>c</table>')).toBe('table(thead(tr(th("h"))) tbody(tr(td("c"))))');
  });
  it('ignores an end tag that would close past a special element, and one of no open element', () => {
    expect(body('<div><span>a</div>b</span>c')).toBe('div(span("a")) "bc"');
    expect(body('<div>a</p></section>b</div>')).toBe('div("ab")');
  });
  it('reads raw text up to its end tag, and void elements without content', () => {
    expect(body('<p>a<br>b<img src=x>c</p><script>if (a<b) x="</p>"</script><textarea>&lt;b&gt;</textarea>')).toBe(
      'p("a" br "b" img "c") script("if (a<b) x=\\"</p>\\"") textarea("<b>")',
    );
  });
  it('treats a stray quote among attributes as an attribute name, not the start of a value', () => {
    const doc = parseLite('<div class="a" "><p>in</p></div><p>after');
    expect(outline(doc.body ?? doc.firstChild!.lastChild!)).toBe('div(p("in")) p("after")');
  });
  it('closes self-closing tags inside svg only', () => {
    expect(body('<svg><path d="M0"/><circle r=1/></svg><div/>x')).toBe('svg(path circle) div("x")');
  });
  it('reads a noscript in the head as markup, and the attributes of html and body', () => {
    const doc = parseLite('<html lang=de id=x><head><noscript><meta name=a></noscript></head><body class="b &amp; c"><p>Text');
    expect(outline(doc)).toBe('html(head(noscript(meta)) body(p("Text")))');
    const html = doc.firstChild as Element;
    expect(html.getAttribute('lang')).toBe('de');
    expect((html.lastChild as Element).getAttribute('class')).toBe('b & c');
    expect(mainText(doc, 'https://e.org/').lang).toBe('de');
  });
  it('decodes character references in text and attribute values', () => {
    const doc = parseLite('<a href="/x?a=1&amp;b=2" title=&quot;q&quot;>caf&eacute; &#8212; &#x41;</a>');
    const a = doc.firstChild!.lastChild!.firstChild as Element;
    expect(a.getAttribute('href')).toBe('/x?a=1&b=2');
    expect(a.getAttribute('title')).toBe('"q"');
    expect(a.textContent).toBe('café — A');
  });
  it('reads a page nested 100,000 deep without overflowing the stack', () => {
    const deep = `<h1>${'<span>'.repeat(100_000)}deep${'</span>'.repeat(100_000)}</h1><p>${'word '.repeat(50)}`;
    const doc = parseLite(deep);
    expect(doc.firstChild!.lastChild!.firstChild!.textContent).toBe('deep');
    expect(mainText(doc, 'https://e.org/').title).toBe('deep');
  });
});
