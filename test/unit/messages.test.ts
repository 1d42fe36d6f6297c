import { describe, expect, it, vi } from 'vitest';
import { type Handlers, Refusal, readReply, route, senderContext } from '../../lib/messages';
import { DEFAULT_SETTINGS } from '../../lib/settings';

const ext = { id: 'abc', origin: 'chrome-extension://abc' };
const content = { id: 'abc', url: 'https://www.google.com/search?q=x', tab: { id: 7 }, frameId: 0 };
const popup = { id: 'abc', url: 'chrome-extension://abc/popup.html' };
const results = {
  engine: 'google',
  url: 'https://www.google.com/search?q=x',
  query: 'x',
  results: [{ rank: 1, url: 'https://a.example/', title: 'A', snippet: 's', displayUrl: 'a.example' }],
};

function handlers() {
  return {
    'page/results': vi.fn(async () => ({ accepted: 1, sketched: 1 })),
    'settings/get': vi.fn(async () => DEFAULT_SETTINGS),
    'settings/set': vi.fn(async () => DEFAULT_SETTINGS),
    'cache/clear': vi.fn(async () => ({ cleared: 0 })),
  } satisfies Partial<Handlers>;
}

describe('message routing', () => {
  it('takes the tab id from the sender, never the message', async () => {
    const h = handlers();
    const r = await route({ type: 'page/results', payload: results }, content, ext, h);
    expect(r).toEqual({ ok: true, value: { accepted: 1, sketched: 1 } });
    expect(h['page/results']).toHaveBeenCalledWith(results, expect.objectContaining({ origin: 'content', tabId: 7 }));
  });

  it.each([
    ['not an object', 'hello', 'BAD_MESSAGE'],
    ['no type', { payload: {} }, 'BAD_MESSAGE'],
    ['unknown type', { type: 'steal/cookies', payload: {} }, 'UNKNOWN_MESSAGE'],
    ['a prototype name', { type: 'constructor', payload: {} }, 'UNKNOWN_MESSAGE'],
    ['extra envelope keys', { type: 'page/results', payload: results, tabId: 3 }, 'BAD_MESSAGE'],
    ['a tab id smuggled into the payload', { type: 'page/results', payload: { ...results, tabId: 3 } }, 'BAD_MESSAGE'],
    [
      'a result without a url',
      { type: 'page/results', payload: { ...results, results: [{ rank: 1, title: 'A', snippet: '', displayUrl: '' }] } },
      'BAD_MESSAGE',
    ],
    ['too many results', { type: 'page/results', payload: { ...results, results: Array(201).fill(results.results[0]) } }, 'BAD_MESSAGE'],
    ['a reader the map does not know', { type: 'page/results', payload: { ...results, reader: 'guess' } }, 'BAD_MESSAGE'],
    ['a reader that is not a word', { type: 'page/results', payload: { ...results, reader: 1 } }, 'BAD_MESSAGE'],
    ['a settings write', { type: 'settings/set', payload: { displayMode: 'off' } }, 'FORBIDDEN'],
    ['clearing the cache', { type: 'cache/clear', payload: {} }, 'FORBIDDEN'],
  ])('a content script sending %s is refused and no handler runs', async (_, msg, code) => {
    const h = handlers();
    const r = await route(msg, content, ext, h);
    expect(r).toMatchObject({ ok: false, error: { code } });
    for (const f of Object.values(h)) expect(f).not.toHaveBeenCalled();
  });

  it.each(['spec', 'structure'])('results say how they were read (issue #27): reader %s reaches the handler', async (reader) => {
    const h = handlers();
    const payload = { ...results, reader };
    expect(await route({ type: 'page/results', payload }, content, ext, h)).toMatchObject({ ok: true });
    expect(h['page/results']).toHaveBeenCalledWith(payload, expect.objectContaining({ tabId: 7 }));
  });

  it('extension pages may write settings, with the patch checked strictly', async () => {
    const h = handlers();
    expect(await route({ type: 'settings/set', payload: { displayMode: 'flag' } }, popup, ext, h)).toMatchObject({ ok: true });
    expect(await route({ type: 'settings/set', payload: { resemblanceThreshold: 7 } }, popup, ext, h)).toMatchObject({
      ok: false,
      error: { code: 'BAD_MESSAGE' },
    });
    expect(await route({ type: 'settings/set', payload: { nonsense: 1 } }, popup, ext, h)).toMatchObject({ ok: false, error: { code: 'BAD_MESSAGE' } });
    expect(h['settings/set']).toHaveBeenCalledTimes(1);
  });

  it('other extensions and tab-less non-extension senders are refused', async () => {
    expect(senderContext({ id: 'other', url: 'chrome-extension://other/x.html' }, ext)).toBeUndefined();
    expect(senderContext({ id: 'abc', url: 'https://evil.example/' }, ext)).toBeUndefined();
    expect(await route({ type: 'settings/get', payload: {} }, { id: 'other' }, ext, handlers())).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('a failing handler answers with an error instead of throwing', async () => {
    const r = await route({ type: 'settings/get', payload: {} }, popup, ext, { 'settings/get': async () => Promise.reject(new Error('disk on fire')) });
    expect(r).toEqual({ ok: false, error: { code: 'FAILED', message: 'disk on fire' } });
  });

  it('a refusal a page can meet carries its reason, so the page says it in its language', async () => {
    const r = await route({ type: 'copies/get', payload: { id: 'gone' } }, popup, ext, {
      'copies/get': async () => Promise.reject(new Refusal('no-such-run', 'no such search for copies')),
    });
    expect(r).toEqual({ ok: false, error: { code: 'FAILED', message: 'no such search for copies', reason: 'no-such-run' } });
    expect(readReply(r)).toEqual(r);
    expect(readReply({ ok: false, error: { code: 'FAILED', message: 'x', reason: 'made-up' } })).toBeUndefined();
  });
});
