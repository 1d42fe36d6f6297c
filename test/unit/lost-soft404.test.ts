/** Dead pages and soft 404s (lib/lost/soft404.ts, issue #7). */
import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, sketchText } from '../../lib/index';
import { deadReason, isSoft404, looksLikeErrorPage, probeUrl } from '../../lib/lost/soft404';
import { proseText } from './helpers/prose';

const NOT_FOUND = (path: string) =>
  `Page not found\nSorry, the page ${path} could not be found. It may have been moved or deleted.\nGo back to the home page or use the search box above to find what you were looking for.`;

describe('looksLikeErrorPage', () => {
  it.each([
    ['404 Not Found', '404 Not Found\nnginx/1.24.0'],
    ['Page not found – Example News', NOT_FOUND('/2020/story')],
    ['Example News', 'Oops! That page can’t be found.\nIt looks like nothing was found at this location.'],
    ['Example', 'This page no longer exists.'],
    ['Error', 'Something went wrong.'],
    ['Error | Example Shop', 'We are sorry.'],
    ['', 'HTTP 410 Gone'],
    ['Seite nicht gefunden', 'Die angeforderte Seite existiert nicht.'],
    ['Page introuvable', 'Cette page n’existe pas.'],
    ['Página no encontrada', ''],
    ['ページが見つかりません', 'お探しのページは見つかりませんでした。'],
    ['页面不存在', '抱歉，您访问的页面不存在。'],
    ['Страница не найдена', 'Ошибка 404'],
  ])('%s: error page', (title, text) => {
    expect(looksLikeErrorPage(title, text)).toBe(true);
  });

  it.each([
    ['How to fix 404 Not Found errors on your site', `404 Not Found errors explained.\n${proseText(1, 400)}`],
    ['Error handling in Python', 'Exceptions are raised with raise and caught with try and except.'],
    ['The harbour at night', 'A short note on the evening market by the bridge.'],
    ['Gone with the Wind', 'A novel by Margaret Mitchell, published in 1936.'],
  ])('%s: not an error page', (title, text) => {
    expect(looksLikeErrorPage(title, text)).toBe(false);
  });

  it('a page with many words is never an error page, whatever its title', () => {
    expect(looksLikeErrorPage('Page not found', proseText(2, 149))).toBe(true);
    expect(looksLikeErrorPage('Page not found', proseText(2, 151))).toBe(false);
  });
});

describe('isSoft404', () => {
  const page = { title: 'Page not found – Example News', text: NOT_FOUND('/2020/story') };
  it('error-like without a probe, or with a probe that answered a real 404', () => {
    expect(isSoft404(page)).toBe(true);
    expect(isSoft404(page, { status: 404 })).toBe(true);
    expect(isSoft404(page, { status: 410 })).toBe(true);
  });

  it('error-like and resembling the site answer for a missing address', () => {
    const probe = { title: 'Not here – Example News', text: NOT_FOUND('/resemble-missing-abc123'), status: 200 };
    expect(isSoft404(page, probe)).toBe(true);
    expect(isSoft404({ ...page, sketch: sketchText(page.text, PAGE_OPTIONS) }, { ...probe, sketch: sketchText(probe.text, PAGE_OPTIONS) })).toBe(true);
    // The same title is enough: the echoed address moves a tiny page's shingles.
    expect(isSoft404(page, { title: page.title, text: 'Nothing here at /resemble-missing-abc123.' })).toBe(true);
  });

  it('not when the site answers missing addresses with another page', () => {
    const probe = {
      title: 'Search – Example News',
      text: 'Search results for resemble missing abc123: no stories matched your search terms today.',
      status: 200,
    };
    expect(isSoft404(page, probe)).toBe(false);
  });

  it('not when the page does not read as an error', () => {
    const story = { title: 'A story', text: proseText(3, 80) };
    expect(isSoft404(story)).toBe(false);
    expect(isSoft404(story, { status: 404 })).toBe(false);
    expect(isSoft404(story, story)).toBe(false);
  });
});

describe('probeUrl', () => {
  it('stays in the same folder, with the same extension and trailing slash', () => {
    expect(probeUrl('https://ex.com/blog/2020/post.html?x=1#top', 'Ab-12_c')).toBe('https://ex.com/blog/2020/resemble-missing-ab12c.html');
    expect(probeUrl('https://ex.com/wiki/Some_Page', 'n1')).toBe('https://ex.com/wiki/resemble-missing-n1');
    expect(probeUrl('http://ex.com:8080/a/b/', 'n1')).toBe('http://ex.com:8080/a/resemble-missing-n1/');
    expect(probeUrl('https://ex.com/', '!!')).toBe('https://ex.com/resemble-missing-0');
    expect(probeUrl('https://ex.com', 'z')).toBe('https://ex.com/resemble-missing-z');
  });

  it('refuses anything but http(s)', () => {
    expect(() => probeUrl('ftp://ex.com/a', 'n')).toThrow(TypeError);
    expect(() => probeUrl('not a url', 'n')).toThrow();
  });
});

describe('deadReason', () => {
  it('404/410, DNS and connection failures mark a result dead; others do not', () => {
    expect(deadReason('gone')).toBe('gone');
    expect(deadReason('dns')).toBe('dns');
    expect(deadReason('connection')).toBe('connection');
    for (const k of ['timeout', 'http', 'tls', 'too-large', 'wrong-type', 'redirect', 'blocked', 'cancelled', 'network'] as const)
      expect(deadReason(k)).toBeUndefined();
  });
});

describe('isSoft404 edge cases', () => {
  it('texts without words', () => {
    const empty = { title: '404', text: '' };
    expect(isSoft404(empty, { title: 'x', text: '' })).toBe(true); // the same empty answer
    expect(isSoft404(empty, { title: 'x', text: '— … —' })).toBe(true);
    expect(isSoft404({ title: '404', text: '— … —' }, { title: 'x', text: 'A long answer about something else entirely here.' })).toBe(false);
    expect(isSoft404(empty, { status: 200 })).toBe(false);
  });
});
