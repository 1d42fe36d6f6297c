/**
 * Issue #28: page checking for a private tab fetches past the browser's HTTP cache. The fetch is
 * lib/fetch's (its own test shows `noStore` becomes `cache: 'no-store'` on every hop): here, that the
 * check asks for it for a private tab only, for the page and for a suspected error page's probe.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import type { FetchPageOptions } from '../../lib/fetch/types';

const asked: { url: string; noStore: boolean }[] = [];
vi.mock('../../entrypoints/background/net/fetch-policy', () => ({ fetchPolicy: async () => ({}) }));
vi.mock('../../lib/fetch/fetch-page', () => ({
  PAGE_ORIGINS: ['<all_urls>'],
  fetchPage: async (url: string, o: FetchPageOptions) => {
    asked.push({ url, noStore: o.noStore === true });
    return { ok: false, kind: 'gone', url };
  },
}));

const { checkOne } = await import('../../entrypoints/background/pages/page-check');
const store = { put: async () => undefined } as never;
const service = {} as never;
const result = { rank: 1, url: 'https://private-diary.example/a', title: 'A', snippet: '', displayUrl: '' };

describe('page checking and private tabs', () => {
  beforeEach(() => void (asked.length = 0));
  it('asks for no-store for a private tab’s page, and not otherwise', async () => {
    await checkOne(service, store, result, DEFAULT_SETTINGS, new AbortController().signal, undefined, undefined, true);
    await checkOne(service, store, result, DEFAULT_SETTINGS, new AbortController().signal);
    expect(asked).toEqual([
      { url: result.url, noStore: true },
      { url: result.url, noStore: false },
    ]);
  });
});
