import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MessageError, errorText, send } from '../../page-support/messaging';

/** The background's runtime.onMessage listener: what it answers is what sendMessage resolves to (or rejects with). */
const sendMessage = vi.fn();

describe('ui: send()', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    sendMessage.mockReset();
    fakeBrowser.runtime.onMessage.addListener(sendMessage);
  });

  it('sends {type, payload} and returns the value of an ok reply', async () => {
    sendMessage.mockResolvedValue({ ok: true, value: { entries: 3, bytes: 100 } });
    await expect(send('cache/usage', {})).resolves.toEqual({ entries: 3, bytes: 100 });
    expect(sendMessage).toHaveBeenCalledWith({ type: 'cache/usage', payload: {} }, expect.anything());
  });

  it("throws the reply's code and message when ok is false", async () => {
    sendMessage.mockResolvedValue({ ok: false, error: { code: 'UNKNOWN_MESSAGE', message: 'tab/state is not handled here' } });
    const e = await send('tab/state', { tabId: 4 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MessageError);
    expect(e).toMatchObject({ code: 'UNKNOWN_MESSAGE', message: 'tab/state is not handled here', type: 'tab/state' });
  });

  it('turns no listener, no reply and a malformed reply into NO_ANSWER', async () => {
    fakeBrowser.runtime.onMessage.removeListener(sendMessage);
    await expect(send('settings/get', {})).rejects.toMatchObject({ code: 'NO_ANSWER' });
    fakeBrowser.runtime.onMessage.addListener(sendMessage);
    sendMessage.mockRejectedValue(new Error('Could not establish connection. Receiving end does not exist.'));
    await expect(send('settings/get', {})).rejects.toMatchObject({ code: 'NO_ANSWER' });
    sendMessage.mockResolvedValue(undefined);
    await expect(send('settings/get', {})).rejects.toMatchObject({ code: 'NO_ANSWER' });
    sendMessage.mockResolvedValue({ ok: false, error: 'nope' });
    await expect(send('settings/get', {})).rejects.toMatchObject({ code: 'NO_ANSWER' });
  });

  it('gives up after timeoutMs', async () => {
    sendMessage.mockReturnValue(new Promise(() => {}));
    await expect(send('cache/usage', {}, { timeoutMs: 20 })).rejects.toMatchObject({ code: 'NO_ANSWER', message: 'no answer to cache/usage within 0 s' });
  });

  it('errorText drops stacks and trailing full stops', () => {
    expect(errorText(new Error('Receiving end does not exist.'))).toBe('Receiving end does not exist');
    expect(errorText('plain')).toBe('plain');
    expect(errorText(new Error(''))).toBe('unknown error');
  });

  it("errorText says a background that did not answer in the UI language, not in the browser's words", async () => {
    sendMessage.mockRejectedValue(new Error('Could not establish connection. Receiving end does not exist.'));
    const e = await send('settings/get', {}).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'NO_ANSWER', message: 'Could not establish connection. Receiving end does not exist.' });
    expect(errorText(e)).toMatch(/^Resemble's background did not answer/);
  });

  it("errorText says a named refusal in the UI language, and any other failure in the background's words", async () => {
    sendMessage.mockResolvedValue({ ok: false, error: { code: 'FAILED', message: 'no such search for copies', reason: 'no-such-run' } });
    const e = await send('copies/get', { id: 'x' }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'FAILED', reason: 'no-such-run' });
    expect(errorText(e)).toMatch(/^this search for copies is no longer known/);
    sendMessage.mockResolvedValue({ ok: false, error: { code: 'FAILED', message: 'disk on fire.' } });
    expect(errorText(await send('copies/get', { id: 'x' }).catch((x: unknown) => x))).toBe('disk on fire');
  });
});
