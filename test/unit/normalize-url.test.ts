import { describe, expect, it } from 'vitest';
import { normalizeUrl, samePage } from '../../lib/url/normalize';

describe('URL normalization', () => {
  it.each([
    ['https://www.example.com/a/b/', 'https://example.com/a/b'],
    ['http://example.com/a/b#section-2', 'https://example.com/a/b'],
    ['https://EXAMPLE.com:443/a', 'https://example.com/a'],
    ['https://m.example.com/news/story?utm_source=x&utm_medium=y&id=7', 'https://example.com/news/story?id=7'],
    ['https://example.com/story?fbclid=abc&gclid=1&b=2&a=1', 'https://example.com/story?a=1&b=2'],
    ['https://example.com/story/amp', 'https://example.com/story'],
    ['https://example.com/amp/story', 'https://example.com/story'],
    ['https://amp.example.com/story.amp.html', 'https://example.com/story.html'],
    ['https://example.com/story?amp=1', 'https://example.com/story'],
    ['https://www.google.com/amp/s/www.example.com/story', 'https://example.com/story'],
    ['https://www-example-com.cdn.ampproject.org/c/s/www.example.com/story/amp', 'https://example.com/story'],
    ['https://example.com/docs/index.html', 'https://example.com/docs'],
    ['https://example.com//a///b', 'https://example.com/a/b'],
    ['https://example.com', 'https://example.com/'],
    ['https://example.com:8080/x', 'https://example.com:8080/x'],
  ])('%s → %s', (raw, want) => {
    expect(normalizeUrl(raw)).toBe(want);
  });

  it('keeps what changes the page: other hosts, paths and meaningful parameters', () => {
    expect(samePage('https://example.com/a?id=1', 'https://example.com/a?id=2')).toBe(false);
    expect(samePage('https://blog.example.com/a', 'https://example.com/a')).toBe(false);
    expect(samePage('https://example.com/a', 'https://example.com/b')).toBe(false);
    expect(samePage('https://example.com/Case', 'https://example.com/case')).toBe(false);
  });

  it('refuses what is not an http(s) address', () => {
    expect(normalizeUrl('javascript:alert(1)')).toBeUndefined();
    expect(normalizeUrl('ftp://example.com/file')).toBeUndefined();
    expect(normalizeUrl('not a url')).toBeUndefined();
  });
});
