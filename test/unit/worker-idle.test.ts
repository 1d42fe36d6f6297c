/**
 * Issue #29, idle footprint: the sketch Worker (Firefox: in the background page) is terminated after an
 * idle period and started again by the next request (lib/worker/idle.ts); in Chrome the offscreen
 * document closes by itself when no background is attached (lib/worker/relay.ts), or through the
 * background when it has nothing on the way (entrypoints/background/worker/offscreen-transport.ts):
 * no request is lost, and one arriving while the document closes waits for the next one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerClient } from '../../lib/worker/client';
import { handleWorkerRequest } from '../../lib/worker/handle';
import { closeWhenIdle, idleTimer } from '../../lib/worker/idle';
import { type RelayPort, createRelay } from '../../lib/worker/relay';
import { type WorkerLike, createWorkerTransport } from '../../lib/worker/worker-transport';
import { createOffscreenTransport } from '../../entrypoints/background/worker/offscreen-transport';

/** A Worker answering as the real one, after a tick (or never, while `hold`). */
class FakeWorker implements WorkerLike {
  static made: FakeWorker[] = [];
  terminated = false;
  hold = false;
  private ls: Record<string, ((ev: { data?: unknown }) => void)[]> = {};
  constructor() {
    FakeWorker.made.push(this);
  }
  addEventListener(type: string, cb: (ev: { data?: unknown }) => void) {
    (this.ls[type] ??= []).push(cb);
  }
  postMessage(msg: unknown) {
    if (this.terminated) throw new Error('terminated');
    if (this.hold) return;
    const data = handleWorkerRequest(msg);
    setTimeout(() => !this.terminated && this.ls.message?.forEach((cb) => cb({ data })), 0);
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWorker.made = [];
});
afterEach(() => vi.useRealTimers());

describe('idleTimer', () => {
  it('fires once the period passes with nothing in flight; activity and open requests put it off', async () => {
    const fired = vi.fn();
    const t = idleTimer(1000, fired);
    t.touch(0);
    await vi.advanceTimersByTimeAsync(900);
    t.touch(1); // a request opens: no idle while it is out
    await vi.advanceTimersByTimeAsync(5000);
    expect(fired).not.toHaveBeenCalled();
    t.touch(0);
    await vi.advanceTimersByTimeAsync(999);
    expect(fired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toHaveBeenCalledTimes(1);
    t.touch(0);
    t.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fired).toHaveBeenCalledTimes(1);
  });
});

describe('closeWhenIdle (Firefox: the Worker in the background page)', () => {
  it('terminates the Worker after the idle period, never with a request out, and the next request starts a new one', async () => {
    const inner = createWorkerTransport(() => new FakeWorker());
    const client = new WorkerClient(closeWhenIdle(inner, 1000));
    await expect(Promise.all([client.ping(), vi.advanceTimersByTimeAsync(0)])).resolves.toBeDefined();
    expect(inner.running).toBe(true);
    // A slow request: the Worker stays while it is out, however long past the period.
    FakeWorker.made[0].hold = true;
    const slow = client.ping({ timeoutMs: 60_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeWorker.made[0].terminated).toBe(false);
    FakeWorker.made[0].hold = false;
    await vi.advanceTimersByTimeAsync(60_000); // the slow one times out (the Worker restarted)
    expect(await slow).toMatchObject({ code: 'WORKER_TIMEOUT' });
    expect(inner.running).toBe(false);
    const p = client.sketch([{ text: 'words to sketch again' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect((await p)[0].ok).toBe(true);
    expect(FakeWorker.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(inner.running).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(inner.running).toBe(false);
    expect(FakeWorker.made[1].terminated).toBe(true);
    const again = client.ping();
    await vi.advanceTimersByTimeAsync(0);
    await expect(again).resolves.toBeUndefined();
    expect(FakeWorker.made).toHaveLength(3);
  });
});

function relayPort() {
  const out: unknown[] = [];
  let onMsg: ((m: unknown) => void) | undefined;
  let onGone: (() => void) | undefined;
  const p: RelayPort = {
    postMessage: (m) => out.push(m),
    onMessage: (cb) => (onMsg = cb),
    onDisconnect: (cb) => (onGone = cb),
    disconnect: vi.fn(),
  };
  return { p, out, send: (m: unknown) => onMsg!(m), gone: () => onGone!() };
}

describe('offscreen relay, idle', () => {
  it('with a background attached, says idle to it (never with a request out); alone, closes itself; refuses ports while closing', async () => {
    const close = vi.fn();
    const relay = createRelay(
      createWorkerTransport(() => new FakeWorker()),
      undefined,
      { ms: 1000, close },
    );
    const a = relayPort();
    relay.attach(a.p);
    a.send({ t: 'req', req: { id: 1, op: 'ping' } });
    FakeWorker.made[0].hold = true;
    a.send({ t: 'req', req: { id: 2, op: 'ping' } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(a.out).not.toContainEqual({ t: 'idle' }); // id 2 is still out
    a.send({ t: 'restart' }); // the background gave up on it
    await vi.advanceTimersByTimeAsync(1000);
    expect(a.out.filter((m) => (m as { t: string }).t === 'idle')).toHaveLength(1);
    expect(close).not.toHaveBeenCalled(); // the background decides
    a.gone(); // its service worker stopped
    await vi.advanceTimersByTimeAsync(1000);
    expect(close).toHaveBeenCalledTimes(1);
    const b = relayPort();
    relay.attach(b.p);
    expect(b.p.disconnect).toHaveBeenCalled();
    expect(b.out).toEqual([]); // no hello: its sender tries again, on a new document
  });
});

/** A fake runtime port pair: the background's end, and what the document does with its messages. */
function fakeDocument() {
  const docs: { open: boolean; relay: ReturnType<typeof createRelay> }[] = [];
  const closeDocument = vi.fn(async () => {
    const d = docs.at(-1);
    if (d) d.open = false;
  });
  const ensureDocument = vi.fn(async () => {
    if (docs.at(-1)?.open) return;
    docs.push({ open: true, relay: createRelay(createWorkerTransport(() => new FakeWorker())) });
  });
  const sent: unknown[] = [];
  const ports: { toDoc: (m: unknown) => void; fromDoc: (m: unknown) => void; disconnected: boolean }[] = [];
  const connect = () => {
    const doc = docs.at(-1)!;
    const bgMsg: ((m: unknown) => void)[] = [];
    const docMsg: ((m: unknown) => void)[] = [];
    const end = { toDoc: (m: unknown) => docMsg.forEach((cb) => cb(m)), fromDoc: (m: unknown) => bgMsg.forEach((cb) => cb(m)), disconnected: false };
    ports.push(end);
    const deliver = (f: () => void) => setTimeout(f, 0); // ports are asynchronous
    doc.relay.attach({
      postMessage: (m) => deliver(() => end.fromDoc(JSON.parse(JSON.stringify(m)))),
      onMessage: (cb) => docMsg.push(cb),
      onDisconnect: () => {},
    });
    return {
      postMessage: (m: unknown) => {
        sent.push(m);
        deliver(() => end.toDoc(JSON.parse(JSON.stringify(m))));
      },
      disconnect: () => (end.disconnected = true),
      onMessage: { addListener: (cb: (m: unknown) => void) => bgMsg.push(cb), removeListener: () => {} },
      onDisconnect: { addListener: () => {}, removeListener: () => {} },
    } as never;
  };
  return { docs, closeDocument, ensureDocument, connect, sent, ports };
}

describe('offscreen transport, idle', () => {
  it('closes the document when told idle with nothing on the way; a request meanwhile waits and reopens it', async () => {
    const f = fakeDocument();
    const client = new WorkerClient(createOffscreenTransport({ ensureDocument: f.ensureDocument, connect: f.connect, closeDocument: f.closeDocument }));
    const first = client.ping();
    await vi.advanceTimersByTimeAsync(10);
    await expect(first).resolves.toBeUndefined();
    expect(f.docs).toHaveLength(1);

    // Idle, but a request is on its way: kept.
    const onTheWay = client.sketch([{ text: 'sent before the idle word arrived' }]);
    f.ports[0].fromDoc({ t: 'idle' });
    expect(f.closeDocument).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect((await onTheWay)[0].ok).toBe(true);

    // Idle with nothing out: closed; a request while it closes waits for a new document.
    let closed = () => {};
    f.closeDocument.mockImplementationOnce(
      () =>
        new Promise<void>((r) => {
          closed = () => {
            f.docs[0].open = false;
            r();
          };
        }),
    );
    f.ports[0].fromDoc({ t: 'idle' });
    expect(f.closeDocument).toHaveBeenCalledTimes(1);
    expect(f.ports[0].disconnected).toBe(true);
    const during = client.sketch([{ text: 'asked while the document closes' }]);
    await vi.advanceTimersByTimeAsync(10);
    expect(f.ensureDocument).toHaveBeenCalledTimes(1); // not before it is gone
    closed();
    await vi.advanceTimersByTimeAsync(10);
    expect((await during)[0].ok).toBe(true);
    expect(f.docs).toHaveLength(2);
    expect(f.ports).toHaveLength(2);
  });
});
