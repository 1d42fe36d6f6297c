/**
 * Issue #13: the content script's questions when no answer comes (the service worker stopped while it
 * grouped the page: the message fails or is answered with nothing) and when the background refuses one.
 */
import { describe, expect, it, vi } from 'vitest';
import { ask } from '../../entrypoints/results/ask';

const now = { sleep: () => Promise.resolve(), warn: () => {} };

describe('ask', () => {
  it('asks again when the message fails or comes back empty, until an answer comes', async () => {
    const answers = [
      () => Promise.reject(new Error('The message port closed before a response was received.')),
      () => Promise.resolve(undefined),
      () => Promise.resolve({ ok: true, value: 42 }),
    ];
    const send = vi.fn(() => answers.shift()!());
    const waits: number[] = [];
    const v = await ask(send, 'page/results', { x: 1 }, { ...now, backoffMs: [200, 500, 1000], sleep: async (ms) => void waits.push(ms) });
    expect(v).toBe(42);
    expect(send).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([200, 500]);
  });

  it('gives up after the last wait, and at once when the extension is gone', async () => {
    const send = vi.fn(() => Promise.reject(new Error('no')));
    expect(await ask(send, 'page/groups', {}, { ...now, backoffMs: [1, 1] })).toBeUndefined();
    expect(send).toHaveBeenCalledTimes(3);
    send.mockClear();
    expect(await ask(send, 'page/groups', {}, { ...now, backoffMs: [1, 1], alive: () => false })).toBeUndefined();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('without backoff (lost/open: a second try could open a second tab) it asks once', async () => {
    const send = vi.fn(() => Promise.resolve(undefined));
    expect(await ask(send, 'lost/open', { rank: 1 }, now)).toBeUndefined();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a refusal is reported and tried once more, with the payload refitted', async () => {
    const refusal = { ok: false, error: { code: 'BAD_MESSAGE', message: 'page/results: results[0].snippet: longer than 5000 characters' } };
    const send = vi.fn((m: { payload: unknown }) => Promise.resolve((m.payload as { fit?: boolean }).fit ? { ok: true, value: 'grouped' } : refusal));
    const warn = vi.fn();
    expect(await ask(send, 'page/results', { fit: false }, { ...now, warn, refit: () => ({ fit: true }) })).toBe('grouped');
    expect(send).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/refused page\/results \(BAD_MESSAGE: .*snippet.*\); trying once more/));
    // Refused again: reported, and no third try.
    send.mockClear();
    warn.mockClear();
    expect(await ask(() => send({ payload: {} }), 'page/results', {}, { ...now, warn, backoffMs: [1, 1] })).toBeUndefined();
    expect(send).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
