import { describe, expect, it, vi } from 'vitest';
import { SNIPPET_OPTIONS, deserializeSketch, sketch } from '../../lib/index';
import { type WorkerScope, handleWorkerRequest, serveWorker } from '../../lib/worker/handle';
import { HANG_MAX_MS, type ItemResult, type WorkerResponse, parseWorkerRequest, parseWorkerResponse, responseTransfer } from '../../lib/worker/protocol';
import { base64ToBytes, bytesToBase64, decodeResponse, encodeResponse } from '../../lib/worker/wire';
import { proseText } from './helpers/prose';

function results(resp: WorkerResponse | null): ItemResult[] {
  expect(resp).not.toBeNull();
  expect(resp!.ok).toBe(true);
  expect('results' in resp!).toBe(true);
  return (resp as { results: ItemResult[] }).results;
}

function okBytes(r: ItemResult): Uint8Array {
  if (!r.ok) throw new Error(`item failed: ${r.error.code} ${r.error.message}`);
  return r.bytes;
}

describe('handleWorkerRequest', () => {
  it('sketches a batch: the bytes deserialize to the sketch lib computes', () => {
    const page = proseText(1, 3000);
    const html = `<!doctype html><html><body><p>${proseText(2, 400)}</p><p>${proseText(3, 300)}</p></body></html>`;
    const snippets = Array.from({ length: 10 }, (_, i) => proseText(100 + i, 35));
    const resp = handleWorkerRequest({
      id: 7,
      op: 'sketch',
      items: [{ text: page }, { text: html }, { text: html, format: 'text' }, ...snippets.map((text) => ({ text, format: 'text' }))],
    });
    expect(resp?.id).toBe(7);
    const rs = results(resp);
    expect(rs).toHaveLength(13);
    expect(deserializeSketch(okBytes(rs[0]))).toEqual(sketch(page));
    expect(deserializeSketch(okBytes(rs[1]))).toEqual(sketch(html));
    expect(deserializeSketch(okBytes(rs[2]))).toEqual(sketch(html, { format: 'text' }));
    expect(deserializeSketch(okBytes(rs[2]))).not.toEqual(sketch(html, { format: 'html' }));
    snippets.forEach((s, i) => expect(deserializeSketch(okBytes(rs[3 + i]))).toEqual(sketch(s, { format: 'text' })));
    const first = rs[0];
    expect(first.ok && first.tokens).toBe(sketch(page).tokens);
    expect(first.ok && first.truncated).toBe(false);
  });

  it('applies the request options to every item', () => {
    const text = proseText(4, 200);
    const rs = results(handleWorkerRequest({ id: 1, op: 'sketch', items: [{ text }], options: { ...SNIPPET_OPTIONS, seed: 99 } }));
    const back = deserializeSketch(okBytes(rs[0]));
    expect(back).toEqual(sketch(text, { ...SNIPPET_OPTIONS, seed: 99 }));
    expect(back.shingle).toBe(2);
    expect(back.seed).toBe(99);
    const cut = results(handleWorkerRequest({ id: 2, op: 'sketch', items: [{ text }], options: { maxChars: 100 } }))[0];
    expect(cut.ok && cut.truncated).toBe(true);
  });

  it('fails only the bad items of a batch: empty, binary, malformed', () => {
    const good = proseText(5, 50);
    const rs = results(
      handleWorkerRequest({
        id: 3,
        op: 'sketch',
        items: [
          { text: good },
          { text: '' },
          { text: '  <p> </p> ' },
          { text: 'PK\u0003\u0004\u0000\u0000binary\u0000' },
          { text: 42 },
          null,
          { text: good, format: 'pdf' },
          { text: good },
        ],
      }),
    );
    expect(rs.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual([
      'ok',
      'EMPTY_INPUT',
      'EMPTY_INPUT',
      'BINARY_INPUT',
      'BAD_REQUEST',
      'BAD_REQUEST',
      'BAD_REQUEST',
      'ok',
    ]);
    for (const r of rs) if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0);
  });

  it('answers an empty batch with no results', () => {
    expect(results(handleWorkerRequest({ id: 4, op: 'sketch', items: [] }))).toEqual([]);
  });

  it('refuses malformed requests with an error response when they have an id, else ignores them', () => {
    const err = (msg: unknown) => {
      const r = handleWorkerRequest(msg);
      expect(r).not.toBeNull();
      expect(r!.ok).toBe(false);
      return r as { id: number; ok: false; error: { code: string; message: string } };
    };
    expect(err({ id: 1, op: 'fly' }).error.code).toBe('BAD_REQUEST');
    expect(err({ id: 2, op: 'sketch' }).error.code).toBe('BAD_REQUEST');
    expect(err({ id: 3, op: 'sketch', items: 'text' }).error.code).toBe('BAD_REQUEST');
    expect(err({ id: 4, op: 'sketch', items: [], options: { ignore: [1, 2] } }).error.code).toBe('BAD_REQUEST');
    expect(err({ id: 5, op: 'sketch', items: [], options: { shingle: '3' } }).error.code).toBe('BAD_REQUEST');
    expect(err({ id: 6, op: 'sketch', items: [], options: 'page' }).error.code).toBe('BAD_REQUEST');
    expect(err({ id: 7, op: 'sketch', items: [{ text: 'a b c' }], options: { shingle: 0 } }).error.code).toBe('BAD_OPTION');
    expect(err({ id: 8, op: 'hang', ms: -1 }).error.code).toBe('BAD_REQUEST');
    expect(err({ id: 9, op: 'hang' }).error.code).toBe('BAD_REQUEST');
    expect(err({ id: 10, op: 'sketch', items: new Array(10_001).fill({ text: 'x' }) }).error.code).toBe('BAD_REQUEST');
    expect(err({ id: 11, op: 'sketch', items: [], options: { shingle: 0 } }).id).toBe(11);
    for (const msg of [null, undefined, 'ping', 42, [], { op: 'ping' }, { id: -1, op: 'ping' }, { id: 1.5, op: 'ping' }, { id: '1', op: 'ping' }]) {
      expect(handleWorkerRequest(msg)).toBeNull();
    }
  });

  it('answers ping and hang; hang busy-waits, capped at 60 s', () => {
    expect(handleWorkerRequest({ id: 1, op: 'ping' })).toEqual({ id: 1, ok: true });
    const t0 = Date.now();
    expect(handleWorkerRequest({ id: 2, op: 'hang', ms: 30 })).toEqual({ id: 2, ok: true });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(29);
    expect(parseWorkerRequest({ id: 3, op: 'hang', ms: 10 ** 9 })).toEqual({ ok: true, value: { id: 3, op: 'hang', ms: HANG_MAX_MS } });
    // The busy loop reads the clock until the capped deadline: a clock that jumps 60 s ends it.
    let t = 1_000;
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => (t += 20_000));
    try {
      expect(handleWorkerRequest({ id: 4, op: 'hang', ms: 10 ** 9 })).toEqual({ id: 4, ok: true });
      expect(t).toBeLessThanOrEqual(1_000 + 5 * 20_000);
    } finally {
      spy.mockRestore();
    }
  });

  it('gives no response to crash (the worker loop throws instead)', () => {
    expect(handleWorkerRequest({ id: 1, op: 'crash' })).toBeNull();
  });
});

describe('serveWorker', () => {
  function scope() {
    let handler: ((ev: { data: unknown }) => void) | undefined;
    const posted: { msg: unknown; transfer: Transferable[] }[] = [];
    const s: WorkerScope = {
      postMessage: (msg, transfer) => posted.push({ msg, transfer }),
      addEventListener: (_type, cb) => {
        handler = cb;
      },
    };
    return { s, posted, send: (data: unknown) => handler!({ data }) };
  }

  it('answers with the sketch bytes transferred, each buffer once', () => {
    const { s, posted, send } = scope();
    serveWorker(s);
    send({ id: 1, op: 'sketch', items: [{ text: proseText(1, 100) }, { text: '' }, { text: proseText(2, 100) }] });
    expect(posted).toHaveLength(1);
    const rs = (posted[0].msg as { results: ItemResult[] }).results;
    const bufs = rs.filter((r) => r.ok).map((r) => (r as { bytes: Uint8Array }).bytes.buffer);
    expect(posted[0].transfer).toEqual(bufs);
    expect(bufs).toHaveLength(2);
    expect(bufs[0]).not.toBe(bufs[1]);
  });

  it('throws from a timer on crash, and posts nothing', () => {
    const { s, posted, send } = scope();
    let scheduled: (() => void) | undefined;
    serveWorker(s, (fn) => {
      scheduled = fn;
    });
    send({ id: 9, op: 'crash' });
    expect(posted).toHaveLength(0);
    expect(scheduled).toThrow(/crash requested by request 9/);
  });

  it('ignores messages without an id and answers malformed ones that have one', () => {
    const { s, posted, send } = scope();
    serveWorker(s);
    send('hello');
    send({ id: 3, op: 'nope' });
    expect(posted.map((p) => p.msg)).toEqual([{ id: 3, ok: false, error: { code: 'BAD_REQUEST', message: 'unknown op nope' } }]);
  });
});

describe('responses', () => {
  it('parseWorkerResponse checks the result count and shapes against the request', () => {
    const resp = handleWorkerRequest({ id: 1, op: 'sketch', items: [{ text: 'a b c d' }, { text: '' }] })!;
    expect(parseWorkerResponse(resp, 'sketch', 2).ok).toBe(true);
    expect(parseWorkerResponse(resp, 'sketch', 3).ok).toBe(false);
    expect(parseWorkerResponse({ id: 1, ok: true, results: [{ ok: true, bytes: [1, 2], tokens: 1, truncated: false }] }, 'sketch', 1).ok).toBe(false);
    expect(parseWorkerResponse({ id: 1, ok: false, error: { code: 'X' } }, 'ping').ok).toBe(false);
    expect(parseWorkerResponse({ id: 1, ok: 'yes' }, 'ping').ok).toBe(false);
    expect(parseWorkerResponse({ id: 1, ok: true }, 'ping')).toEqual({ ok: true, value: { id: 1, ok: true } });
  });

  it('responseTransfer lists each whole buffer once and skips views into shared buffers', () => {
    const a = new Uint8Array(8);
    const big = new ArrayBuffer(16);
    const resp: WorkerResponse = {
      id: 1,
      ok: true,
      results: [
        { ok: true, bytes: a, tokens: 1, truncated: false },
        { ok: true, bytes: a, tokens: 1, truncated: false },
        { ok: true, bytes: new Uint8Array(big, 8), tokens: 1, truncated: false },
      ],
    };
    expect(responseTransfer(resp)).toEqual([a.buffer]);
  });

  it('the port encoding (base64) round-trips sketch bytes', () => {
    const bytes = new Uint8Array(33_000).map((_, i) => (i * 31) & 255);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    const resp = handleWorkerRequest({ id: 5, op: 'sketch', items: [{ text: proseText(8, 500) }, { text: '' }] })!;
    const wire = JSON.parse(JSON.stringify(encodeResponse(resp))); // what a Chrome runtime port does to it
    const back = decodeResponse(wire);
    expect(parseWorkerResponse(back, 'sketch', 2)).toEqual({ ok: true, value: resp });
    expect(decodeResponse({ id: 1, ok: true, results: [{ ok: true, b64: '%%%', tokens: 1, truncated: false }] })).toMatchObject({ results: [{ b64: '%%%' }] });
  });
});
