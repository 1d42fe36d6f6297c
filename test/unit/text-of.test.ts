/** lib/engines/text-of.ts: a result's text without the scripts and styles inside it (Baidu's <style> per result). */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extract } from '../../lib/engines/extract';
import { textOf } from '../../lib/engines/text-of';
import { renameNames } from '../helpers/rename-names';

const doc = (html: string) => parseHTML(`<!doctype html><html><body>${html}</body></html>`).document as unknown as Document;

describe('textOf', () => {
  it('leaves out style, script, noscript and template text, in document order otherwise', () => {
    const d = doc('<div id="x">one <style>.a{color:red}</style><b>two</b><script>var s=1</script> three<noscript>no</noscript><template>t</template></div>');
    expect(textOf(d.getElementById('x'))).toBe('one two three');
    expect(textOf(d.querySelector('b'))).toBe('two');
    expect(textOf(null)).toBe('');
  });

  it('walks 20,000 nested elements without recursion', () => {
    const d = doc(`<div id="x">${'<span>'.repeat(20_000)}deep<style>s</style>${'</span>'.repeat(20_000)}</div>`);
    expect(textOf(d.getElementById('x'))).toBe('deep');
  });

  it("a result's snippet never holds its <style> rules, whatever the class names (read by definition or by structure)", () => {
    const result = (i: number) =>
      `<div class="result c-container" id="${i}"><h3 class="t"><a href="http://www.baidu.com/link?url=x${i}">Title ${i} of a page</a></h3>` +
      `<div class="c-abstract"><style>.fmcPyflk {position: relative;}</style>Snippet ${i}: the page's own words about steel pipes.</div>` +
      `<div class="f13"><a class="c-showurl">site${i}.example</a></div></div>`;
    const html = `<div id="content_left">${[1, 2, 3, 4].map(result).join('')}</div>`;
    const url = 'https://www.baidu.com/s?wd=steel';
    for (const page of [html, renameNames(html, 7)]) {
      const x = extract(doc(page), url)!;
      expect(x.results.length).toBe(4);
      for (const r of x.results) {
        expect(r.snippet).toMatch(/^Snippet \d: the page's own words about steel pipes\.$/);
      }
    }
  });
});
