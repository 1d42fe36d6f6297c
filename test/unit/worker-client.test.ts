import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deserializeSketch, sketch } from '../../lib/index';
import { WorkerClient, type WorkerError, type WorkerTransport } from '../../lib/worker/client';
import { handleWorkerRequest } from '../../lib/worker/handle';
import type { WorkerRequest } from '../../lib/worker/protocol';
import { createRelay, type RelayPort } from '../../lib/worker/relay';
import { decodeResponse } from '../../lib/worker/wire';
import { type WorkerLike, createWorkerTransport } from '../../lib/worker/worker-transport';

/** A transport whose worker the test drives: it records requests and answers when told to. */
class FakeTransport implements WorkerTransport {
  sent: WorkerRequest[] = [];
  restarts = 0;
  private msgCbs: ((m: unknown) => void)[] = [];
  private failCbs: ((r: string) => void)[] = [];
  post(msg: WorkerRequest) {
    this.sent.push(msg);
  }
  onMessage(cb: (m: unknown) => void) {
    this.msgCbs.push(cb);
  }
  onFailure(cb: (r: string) => void) {
    this.failCbs.push(cb);
  }
  restart() {
    this.restarts++;
  }
  /** The worker answers `req` (by default as the real handler would). */
  answer(req: WorkerRequest, resp: unknown = handleWorkerRequest(req)) {
    for (const cb of this.msgCbs) cb(resp);
  }
  crash(reason = 'boom') {
    for (const cb of this.failCbs) cb(reason);
  }
  last(): WorkerRequest {
    return this.sent[this.sent.length - 1];
  }
}

/** What a promise has settled to so far (after the microtasks queued by now have run). */
async function state<T>(p: Promise<T>): Promise<{ s: 'pending' } | { s: 'ok'; v: T } | { s: 'err'; e: WorkerError }> {
  let out: { s: 'pending' } | { s: 'ok'; v: T } | { s: 'err'; e: WorkerError } = { s: 'pending' };
  p.then(
    (v) => (out = { s: 'ok', v }),
    (e) => (out = { s: 'err', e }),
  );
  await vi.advanceTimersByTimeAsync(0);
  return out;
}

/** The code a call fails with ('ok' if it succeeds), its handlers attached at once. */
function outcome(p: Promise<unknown>): Promise<string | undefined> {
  return p.then(
    () => 'ok',
    (e: unknown) => codeOf(e),
  );
}

function codeOf(e: unknown): string | undefined {
  return (e as { code?: string }).code;
}

describe('WorkerClient', () => {
  let t: FakeTransport;
  let client: WorkerClient;
  beforeEach(() => {
    vi.useFakeTimers();
    t = new FakeTransport();
    client = new WorkerClient(t);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends requests under fresh ids and resolves each with its response', async () => {
    const p1 = client.ping();
    const p2 = client.sketch([{ text: 'one two three four five six' }, { text: '' }], { shingle: 2 });
    expect(t.sent.map((r) => r.id)).toEqual([1, 2]);
    expect(t.sent[1]).toEqual({ id: 2, op: 'sketch', items: [{ text: 'one two three four five six' }, { text: '' }], options: { shingle: 2 } });
    t.answer(t.sent[0]);
    t.answer(t.sent[1]);
    await expect(p1).resolves.toBeUndefined();
    const rs = await p2;
    expect(rs).toHaveLength(2);
    expect(rs[0].ok && deserializeSketch(rs[0].bytes)).toEqual(sketch('one two three four five six', { shingle: 2 }));
    expect(!rs[1].ok && rs[1].error.code).toBe('EMPTY_INPUT');
    expect(client.inFlight).toBe(0);
  });

  it('matches out-of-order responses by id', async () => {
    const a = client.sketch([{ text: 'alpha beta gamma' }]);
    const b = client.sketch([{ text: 'delta epsilon zeta' }]);
    const c = client.ping();
    const [ra, rb, rc] = t.sent;
    t.answer(rc);
    t.answer(rb);
    t.answer(ra);
    await expect(c).resolves.toBeUndefined();
    const [sa] = await a;
    const [sb] = await b;
    expect(sa.ok && deserializeSketch(sa.bytes)).toEqual(sketch('alpha beta gamma'));
    expect(sb.ok && deserializeSketch(sb.bytes)).toEqual(sketch('delta epsilon zeta'));
  });

  it('rejects with the error a worker sends, with its code', async () => {
    const p = client.sketch([{ text: 'x' }], { shingle: 0 });
    t.answer(t.last());
    await expect(p).rejects.toMatchObject({ code: 'BAD_OPTION', name: 'WorkerError' });
  });

  it('refuses a malformed response to a pending request (BAD_RESPONSE) and ignores stray messages', async () => {
    const p = client.sketch([{ text: 'a b c' }, { text: 'd e f' }]);
    t.answer(t.last(), { id: 999, ok: true }); // unknown id
    t.answer(t.last(), 'nonsense');
    t.answer(t.last(), null);
    expect((await state(p)).s).toBe('pending');
    t.answer(t.last(), { id: t.last().id, ok: true, results: [] }); // wrong number of results
    await expect(p).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('times out with WORKER_TIMEOUT after the default 10 s, restarts the worker, and the next request works', async () => {
    const p = client.ping();
    const out = outcome(p);
    const st = state(p);
    await vi.advanceTimersByTimeAsync(9_999);
    expect((await st).s).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await out).toBe('WORKER_TIMEOUT');
    expect(t.restarts).toBe(1);
    const next = client.ping();
    t.answer(t.last());
    await expect(next).resolves.toBeUndefined();
    expect(t.restarts).toBe(1); // a timeout restarts once, at once; not again lazily
  });

  it('takes a per-call timeout', async () => {
    const p = client.diagnose('hang', 5_000, { timeoutMs: 50 });
    const out = outcome(p);
    expect(t.last()).toMatchObject({ op: 'hang', ms: 5_000 });
    const st = state(p);
    await vi.advanceTimersByTimeAsync(49);
    expect((await st).s).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await out).toBe('WORKER_TIMEOUT');
    const slow = new WorkerClient(t, { timeoutMs: 100 });
    const q = outcome(slow.ping());
    await vi.advanceTimersByTimeAsync(100);
    expect(await q).toBe('WORKER_TIMEOUT');
  });

  it('ignores a late response after a timeout', async () => {
    const p = outcome(client.ping({ timeoutMs: 10 }));
    const req = t.last();
    await vi.advanceTimersByTimeAsync(10);
    expect(await p).toBe('WORKER_TIMEOUT');
    const next = client.ping();
    t.answer(req, { id: req.id, ok: true }); // the old request's answer arrives late
    t.answer(req, { id: req.id, ok: false, error: { code: 'X', message: 'late' } });
    expect((await state(next)).s).toBe('pending');
    t.answer(t.last());
    await expect(next).resolves.toBeUndefined();
  });

  it('re-sends the other requests in flight after a timeout restart, under new ids and their own deadlines', async () => {
    const hung = outcome(client.diagnose('hang', 60_000, { timeoutMs: 100 }));
    const a = client.sketch([{ text: 'queued behind the hung one' }], undefined, { timeoutMs: 1_000 });
    const crash = outcome(client.diagnose('crash', 0, { timeoutMs: 1_000 }));
    const [, ra] = t.sent;
    await vi.advanceTimersByTimeAsync(100);
    expect(await hung).toBe('WORKER_TIMEOUT');
    expect(await crash).toBe('WORKER_CRASHED'); // diagnostics are not repeated
    expect(t.restarts).toBe(1);
    expect(t.sent).toHaveLength(4);
    const again = t.last();
    expect(again).toMatchObject({ op: 'sketch', items: ra.op === 'sketch' ? ra.items : [] });
    expect(again.id).not.toBe(ra.id);
    t.answer(ra); // the old worker's answer: ignored
    expect((await state(a)).s).toBe('pending');
    // Its deadline still counts from the first send: 1 000 ms in all, 100 of them gone.
    await vi.advanceTimersByTimeAsync(899);
    expect((await state(a)).s).toBe('pending');
    t.answer(again);
    const [r] = await a;
    expect(r.ok).toBe(true);
  });

  it('a re-sent request still times out at its first deadline', async () => {
    const hung = outcome(client.ping({ timeoutMs: 100 }));
    const a = client.ping({ timeoutMs: 300 });
    const out = outcome(a);
    const st = state(a);
    await vi.advanceTimersByTimeAsync(100);
    expect(await hung).toBe('WORKER_TIMEOUT');
    await vi.advanceTimersByTimeAsync(199);
    expect((await st).s).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await out).toBe('WORKER_TIMEOUT');
    expect(t.restarts).toBe(2);
  });

  it('a crash rejects every pending request with WORKER_CRASHED; the next request restarts the worker and works', async () => {
    const ps = [client.ping(), client.sketch([{ text: 'a b c' }]), client.diagnose('crash')];
    const caught = ps.map((p) => p.catch((e: unknown) => e));
    t.crash('uncaught error in the worker: boom');
    const errs = await Promise.all(caught);
    expect(errs.map(codeOf)).toEqual(['WORKER_CRASHED', 'WORKER_CRASHED', 'WORKER_CRASHED']);
    expect((errs[0] as Error).message).toMatch(/boom/);
    expect(client.inFlight).toBe(0);
    expect(t.restarts).toBe(0); // lazily: not until there is something to send
    const next = client.sketch([{ text: 'after the crash' }]);
    expect(t.restarts).toBe(1);
    for (const r of t.sent.slice(0, 3)) t.answer(r); // late answers from the crashed worker: ignored
    t.answer(t.last());
    const [r] = await next;
    expect(r.ok && deserializeSketch(r.bytes)).toEqual(sketch('after the crash'));
    // Timers of the rejected requests were cleared: nothing fires later.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.restarts).toBe(1);
  });

  it('a request whose post throws fails alone (POST_FAILED)', async () => {
    const p1 = client.ping();
    const post = vi.spyOn(t, 'post').mockImplementationOnce(() => {
      throw new Error('Attempting to use a disconnected port object');
    });
    const p2 = client.ping();
    post.mockRestore();
    await expect(p2).rejects.toMatchObject({ code: 'POST_FAILED' });
    t.answer(t.last());
    await expect(p1).resolves.toBeUndefined();
  });

  it('never leaves a caller waiting: every call settles by its deadline', async () => {
    const calls = Array.from({ length: 20 }, (_, i) => client.ping({ timeoutMs: 50 + i * 10 }).catch((e: unknown) => codeOf(e)));
    await vi.advanceTimersByTimeAsync(50 + 19 * 10);
    const out = await Promise.all(calls);
    expect(out.every((c) => c === 'WORKER_TIMEOUT')).toBe(true);
  });
});

/** A fake DOM Worker running the real handler: its answers arrive asynchronously, like a Worker's. */
class FakeWorker implements WorkerLike {
  static made: FakeWorker[] = [];
  terminated = false;
  hold = false;
  private ls: Record<string, ((ev: { data?: unknown; message?: string; preventDefault?(): void }) => void)[]> = {};
  constructor() {
    FakeWorker.made.push(this);
  }
  addEventListener(type: string, cb: (ev: { data?: unknown; message?: string }) => void) {
    (this.ls[type] ??= []).push(cb);
  }
  emit(type: string, ev: { data?: unknown; message?: string; preventDefault?(): void }) {
    for (const cb of this.ls[type] ?? []) cb(ev);
  }
  postMessage(msg: unknown) {
    if (this.terminated) throw new Error('terminated');
    if ((msg as { op?: string }).op === 'crash') {
      setTimeout(() => this.emit('error', { message: 'Uncaught Error: crash', preventDefault() {} }), 0);
      return;
    }
    if (this.hold) return;
    const resp = handleWorkerRequest(msg);
    setTimeout(() => !this.terminated && this.emit('message', { data: resp }), 0);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('WorkerClient over a Worker transport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWorker.made = [];
  });
  afterEach(() => vi.useRealTimers());

  it('creates the worker on first use, replaces it after a crash and after a timeout', async () => {
    const transport = createWorkerTransport(() => new FakeWorker());
    const client = new WorkerClient(transport);
    expect(FakeWorker.made).toHaveLength(0);
    const p = client.sketch([{ text: 'some words here' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect((await p)[0].ok).toBe(true);
    expect(FakeWorker.made).toHaveLength(1);

    const pending = client.ping().catch((e: unknown) => codeOf(e));
    FakeWorker.made[0].hold = true;
    const held = client.ping().catch((e: unknown) => codeOf(e));
    FakeWorker.made[0].hold = false;
    const crash = client.diagnose('crash').catch((e: unknown) => codeOf(e));
    await vi.advanceTimersByTimeAsync(0);
    expect(await pending).toBeUndefined(); // answered before the crash
    expect(await held).toBe('WORKER_CRASHED');
    expect(await crash).toBe('WORKER_CRASHED');
    expect(FakeWorker.made[0].terminated).toBe(true);
    expect(transport.running).toBe(false);

    const after = client.ping();
    await vi.advanceTimersByTimeAsync(0);
    await expect(after).resolves.toBeUndefined();
    expect(FakeWorker.made).toHaveLength(2);

    FakeWorker.made[1].hold = true;
    const hung = client.ping({ timeoutMs: 20 }).catch((e: unknown) => codeOf(e));
    await vi.advanceTimersByTimeAsync(20);
    expect(await hung).toBe('WORKER_TIMEOUT');
    expect(FakeWorker.made[1].terminated).toBe(true);
    const last = client.ping();
    await vi.advanceTimersByTimeAsync(0);
    await expect(last).resolves.toBeUndefined();
    expect(FakeWorker.made).toHaveLength(3);
  });

  it('a worker that fails to load (error event before any answer) fails the request, not hangs it', async () => {
    const transport = createWorkerTransport(() => {
      const w = new FakeWorker();
      w.hold = true;
      setTimeout(() => w.emit('error', { message: 'NetworkError: failed to load worker script' }), 5);
      return w;
    });
    const client = new WorkerClient(transport);
    const p = client.ping().catch((e: unknown) => (e as Error).message);
    await vi.advanceTimersByTimeAsync(5);
    expect(await p).toMatch(/failed to load/);
  });
});

describe('offscreen relay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWorker.made = [];
  });
  afterEach(() => vi.useRealTimers());

  function port() {
    const out: unknown[] = [];
    let onMsg: ((m: unknown) => void) | undefined;
    let onGone: (() => void) | undefined;
    const p: RelayPort = {
      postMessage: (m) => out.push(JSON.parse(JSON.stringify(m))), // a Chrome port is JSON
      onMessage: (cb) => (onMsg = cb),
      onDisconnect: (cb) => (onGone = cb),
    };
    return {
      p,
      out,
      send: (m: unknown) => onMsg!(m),
      gone: () => onGone!(),
      res: () => out.filter((m) => (m as { t: string }).t === 'res').map((m) => decodeResponse((m as { res: unknown }).res)),
    };
  }

  it('says hello, relays requests under its own ids and answers with base64 bytes; repeated ids of two ports do not mix', async () => {
    const transport = createWorkerTransport(() => new FakeWorker());
    const relay = createRelay(transport);
    const a = port();
    const b = port();
    relay.attach(a.p);
    relay.attach(b.p);
    expect(a.out).toEqual([{ t: 'hello' }]);
    a.send({ t: 'req', req: { id: 1, op: 'sketch', items: [{ text: 'from port a' }] } });
    b.send({ t: 'req', req: { id: 1, op: 'sketch', items: [{ text: 'from port b' }] } });
    a.send({ t: 'req', req: { id: 2, op: 'sketch', items: 'bad' } });
    a.send({ t: 'req', req: { op: 'ping' } }); // no id: ignored
    a.send('junk');
    await vi.advanceTimersByTimeAsync(0);
    const ra = a.res() as { id: number; ok: boolean; results?: { ok: true; bytes: Uint8Array }[]; error?: { code: string } }[];
    const rb = b.res() as { id: number; results: { ok: true; bytes: Uint8Array }[] }[];
    expect(ra.map((r) => [r.id, r.ok])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(ra[0].error?.code).toBe('BAD_REQUEST');
    expect(deserializeSketch(ra[1].results![0].bytes)).toEqual(sketch('from port a'));
    expect(deserializeSketch(rb[0].results[0].bytes)).toEqual(sketch('from port b'));
    expect(relay.inFlight).toBe(0);
  });

  it('reports a Worker crash for every pending id of every port, then serves the next request with a new Worker', async () => {
    const transport = createWorkerTransport(() => new FakeWorker());
    const relay = createRelay(transport);
    const a = port();
    relay.attach(a.p);
    a.send({ t: 'req', req: { id: 1, op: 'ping' } });
    await vi.advanceTimersByTimeAsync(0);
    FakeWorker.made[0].hold = true;
    a.send({ t: 'req', req: { id: 2, op: 'sketch', items: [] } });
    a.send({ t: 'req', req: { id: 3, op: 'crash' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.res().map((r) => [(r as { id: number }).id, (r as { ok: boolean }).ok, (r as { error?: { code: string } }).error?.code])).toEqual([
      [1, true, undefined],
      [2, false, 'WORKER_CRASHED'],
      [3, false, 'WORKER_CRASHED'],
    ]);
    a.send({ t: 'req', req: { id: 4, op: 'ping' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.res().at(-1)).toEqual({ id: 4, ok: true });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('restarts the Worker on request, and when its only port goes away with work in flight', async () => {
    const transport = createWorkerTransport(() => new FakeWorker());
    const relay = createRelay(transport);
    const a = port();
    relay.attach(a.p);
    a.send({ t: 'req', req: { id: 1, op: 'ping' } });
    FakeWorker.made[0].hold = true;
    a.send({ t: 'req', req: { id: 2, op: 'hang', ms: 1 } });
    a.send({ t: 'restart' });
    expect(FakeWorker.made[0].terminated).toBe(true);
    expect(relay.inFlight).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(a.res()).toEqual([]); // the background settled those itself
    a.send({ t: 'req', req: { id: 3, op: 'ping' } });
    FakeWorker.made[1].hold = true;
    a.send({ t: 'req', req: { id: 4, op: 'ping' } });
    a.gone();
    expect(FakeWorker.made[1].terminated).toBe(true);
    expect(relay.inFlight).toBe(0);
  });
});
