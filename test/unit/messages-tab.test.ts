/**
 * The contract the other way (background → tab) and the answers' check: what the content script and
 * the extension pages take from the background.
 */
import { describe, expect, it } from 'vitest';
import { readReply, readTabMessage } from '../../lib/messages';

const update = {
  mode: 'collapse',
  threshold: 0.5,
  groups: [{ id: 1, representative: 1, members: [{ rank: 2, reason: { kind: 'snippet', resemblance: 0.8 } }], evidence: 'snippets' }],
};

describe('tab messages', () => {
  it('a page/update from this extension with groups of the expected shape is taken', () => {
    expect(readTabMessage({ type: 'page/update', payload: update }, { id: 'abc' }, 'abc')).toEqual({ type: 'page/update', payload: update });
  });

  it('another sender, an unknown type or a malformed payload is not', () => {
    expect(readTabMessage({ type: 'page/update', payload: update }, { id: 'other' }, 'abc')).toBeUndefined();
    expect(readTabMessage({ type: 'page/other', payload: update }, { id: 'abc' }, 'abc')).toBeUndefined();
    expect(readTabMessage({ type: 'page/update', payload: { ...update, mode: 'explode' } }, { id: 'abc' }, 'abc')).toBeUndefined();
    expect(
      readTabMessage(
        { type: 'page/update', payload: { ...update, dead: [{ rank: 1, kind: 'gone', alternates: [{ url: 'javascript:alert(1)' }] }] } },
        { id: 'abc' },
        'abc',
      ),
    ).toBeUndefined();
    expect(readTabMessage('page/update', { id: 'abc' }, 'abc')).toBeUndefined();
  });
});

describe('replies', () => {
  it('an answer or a refusal is read; anything else is no answer', () => {
    expect(readReply({ ok: true, value: null })).toEqual({ ok: true, value: null });
    expect(readReply({ ok: false, error: { code: 'FORBIDDEN', message: 'no' } })).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'no' } });
    for (const v of [undefined, null, 'ok', { ok: true }, { ok: false }, { ok: false, error: { code: 'X' } }, { ok: 'yes', value: 1 }])
      expect(readReply(v)).toBeUndefined();
  });
});
