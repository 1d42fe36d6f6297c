import { beforeEach, describe, expect, it, vi } from 'vitest';

const sendMessage = vi.fn();
vi.mock('wxt/browser', () => ({ browser: { runtime: { sendMessage: (m: unknown) => sendMessage(m) } } }));

const { MessageError, errorText, send } = await import('../../page-support/messaging');

describe('ui: send()', () => {
  beforeEach(() => {
    sendMessage.mockReset();
  });

  it('sends {type, payload} and returns the value of an ok reply', async () => {
    sendMessage.mockResolvedValue({ ok: true, value: { entries: 3, bytes: 100 } });
    await expect(send('cache/usage', {})).resolves.toEqual({ entries: 3, bytes: 100 });
    expect(sendMessage).toHaveBeenCalledWith({ type: 'cache/usage', payload: {} });
  });

  it("throws the reply's code and message when ok is false", async () => {
    sendMessage.mockResolvedValue({ ok: false, error: { code: 'UNKNOWN_MESSAGE', message: 'tab/state is not handled here' } });
    const e = await send('tab/state', { tabId: 4 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MessageError);
    expect(e).toMatchObject({ code: 'UNKNOWN_MESSAGE', message: 'tab/state is not handled here', type: 'tab/state' });
  });

  it('turns no listener, no reply and a malformed reply into NO_ANSWER', async () => {
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
