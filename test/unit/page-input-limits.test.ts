/**
 * Issue #13, "bad page input drops nothing": a field over the background's limits, or more results than
 * one message takes, made the background refuse the whole batch, and the page stayed ungrouped. The
 * extractor clips fields (an address that cannot be clipped leaves out that result alone), the watcher
 * splits batches, and every message it sends passes the background's own check.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extract } from '../../lib/engines/extract';
import type { SerpResult } from '../../lib/engines/types';
import { LIMITS } from '../../lib/limits';
import { MESSAGES } from '../../lib/messages';
import { check } from '../../lib/validate';
import type { ResultsBatch } from '../../lib/engines/batch';
import { ResultsWatcher } from '../../entrypoints/results/watcher';
import { parseSerp } from './helpers/serp';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A Mojeek results page (its markup is the plainest of the engines read) with these results. */
function mojeek(results: { url: string; title: string; snippet: string }[], query = 'q'): { doc: Document; url: string } {
  const items = results.map(
    (r) =>
      `<li><a class="ob" href="${esc(r.url)}"><p class="url">${esc(r.url.slice(8, 60))}</p></a><h2><a class="title" href="${esc(r.url)}">${esc(r.title)}</a></h2><p class="s">${esc(r.snippet)}</p></li>`,
  );
  const html = `<!doctype html><html><body><ul class="results-standard">${items.join('')}</ul></body></html>`;
  return { doc: parseSerp(html), url: `https://www.mojeek.com/search?q=${encodeURIComponent(query)}` };
}

const plain = (i: number) => ({ url: `https://site${i}.example/page/${i}`, title: `Result number ${i}`, snippet: `Words of result ${i} and more words.` });
/** The background's check of a `page/results` payload: its complaints (none when accepted). */
const accepted = (payload: unknown) => {
  const c = check(MESSAGES['page/results'].payload, payload);
  return { errors: c.ok ? [] : c.errors };
};

describe('the extractor keeps within the limits the background checks', () => {
  it('clips a 5,001-character snippet and a 1,001-character title, leaves out a 5,000-character URL only, clips a long query', () => {
    const rows = [
      plain(1),
      { ...plain(2), snippet: 's'.repeat(5001) },
      { ...plain(3), title: 't'.repeat(1001) },
      { ...plain(4), url: `https://long.example/${'a'.repeat(4980)}` },
      plain(5),
    ];
    const { doc, url } = mojeek(rows, 'q'.repeat(3000));
    const x = extract(doc, url)!;
    expect(x.results.map((r) => r.url)).toEqual([rows[0].url, rows[1].url, rows[2].url, rows[4].url]);
    expect(x.results[1].snippet).toHaveLength(LIMITS.snippet);
    expect(x.results[2].title).toHaveLength(LIMITS.title);
    expect(x.query).toHaveLength(LIMITS.query);
    const msg = { engine: x.engine, url, query: x.query, results: x.results };
    expect(accepted(msg).errors).toEqual([]);
  });

  it('never cuts a character in two (a surrogate pair at the limit)', () => {
    const { doc, url } = mojeek([{ ...plain(1), title: `${'t'.repeat(LIMITS.title - 1)}😀x` }]);
    const t = extract(doc, url)!.results[0].title;
    expect(t).toBe('t'.repeat(LIMITS.title - 1));
  });
});

describe('the watcher sends every result, in messages the background accepts', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Runs a watcher over a page of `n` results; returns what it sent, in order. */
  async function sent(results: SerpResult[], pageUrl = 'https://www.mojeek.com/search?q=q', expected = results.length): Promise<ResultsBatch[]> {
    vi.stubGlobal('location', { href: pageUrl });
    vi.stubGlobal('document', parseSerp('<html><body></body></html>'));
    vi.stubGlobal(
      'MutationObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const out: ResultsBatch[] = [];
    let active = 0;
    const w = new ResultsWatcher(
      () => undefined,
      async (b) => {
        expect(++active, 'one message at a time: an append follows what it continues').toBe(1);
        await new Promise((r) => setTimeout(r, 1));
        out.push(b);
        active--;
      },
    );
    w.start({ engine: 'mojeek', variant: 'web', query: 'q', results, reader: 'spec' });
    await vi.waitFor(() => expect(out.reduce((n, b) => n + b.results.length, 0)).toBe(expected));
    w.stop();
    return out;
  }
  const many = (n: number): SerpResult[] => Array.from({ length: n }, (_, i) => ({ rank: i + 1, ...plain(i + 1), displayUrl: `site${i + 1}.example` }));

  it('201 and 450 results go in messages of at most 200, ranks continuing, every one after the first an append', async () => {
    for (const n of [201, 450]) {
      const out = await sent(many(n));
      expect(out.map((b) => b.results.length)).toEqual(n === 201 ? [200, 1] : [200, 200, 50]);
      expect(out.map((b) => !!b.append)).toEqual(out.map((_, i) => i > 0));
      expect(out.flatMap((b) => b.results.map((r) => r.rank))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      for (const b of out) expect(accepted(b).errors).toEqual([]);
    }
  });

  it('a page of 1,000+ results (infinite scroll) is accepted: ranks up to 10,000', async () => {
    const out = await sent(many(1500));
    expect(out).toHaveLength(8);
    expect(out.at(-1)!.results.at(-1)!.rank).toBe(1500);
    for (const b of out) expect(accepted(b).errors).toEqual([]);
    expect(check(MESSAGES['lost/open'].payload, { rank: 1500 }).ok).toBe(true);
    expect(check(MESSAGES['lost/open'].payload, { rank: LIMITS.rank + 1 }).ok).toBe(false);
  });

  it('fields over the limits that reach the watcher anyway, and a page address over 8,192, are clipped', async () => {
    const rs = many(3);
    rs[0] = { ...rs[0], snippet: 's'.repeat(9000), title: 't'.repeat(2000), displayUrl: 'd'.repeat(5000) };
    rs[1] = { ...rs[1], url: `https://long.example/${'a'.repeat(5000)}` };
    const out = await sent(rs, `https://www.mojeek.com/search?q=${'q'.repeat(9000)}`, 2);
    expect(out).toHaveLength(1);
    expect(
      out[0].results.map((r) => r.rank),
      'the unclippable address alone is left out',
    ).toEqual([1, 3]);
    expect(out[0].url).toHaveLength(LIMITS.pageUrl);
    expect(accepted(out[0]).errors).toEqual([]);
  });
});
