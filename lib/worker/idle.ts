/**
 * Closing the sketch Worker when nothing happens (issue #29). Once started it held its heap and, in
 * Chrome, the offscreen document around it for the rest of the session; now it goes after `WORKER_IDLE_MS`
 * with no request in flight and is made again by the next request (bench/idle-footprint.bench.ts measures
 * what that saves and what a reopen costs).
 */
import type { WorkerTransport } from './client';
import { messageId } from './protocol';
import type { WorkerTransportExtra } from './worker-transport';

/**
 * A minute: longer than the gaps within one search session (results, then their pages checked, then
 * the next query), so a reopen (~0.1 s, off the page's groups) is paid once a session, not once a page.
 */
export const WORKER_IDLE_MS = 60_000;

export interface Timers {
  set(f: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (f, ms) => setTimeout(f, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface IdleTimer {
  /** Something happened; `inFlight` requests are still open. Idle counting (re)starts when that is 0. */
  touch(inFlight: number): void;
  /** No more idle calls (the thing is closed). */
  stop(): void;
}

/** Calls `onIdle` once `ms` pass after the last touch with nothing in flight. */
export function idleTimer(ms: number, onIdle: () => void, timers: Timers = realTimers): IdleTimer {
  let handle: unknown;
  let stopped = false;
  const clear = () => {
    if (handle !== undefined) timers.clear(handle);
    handle = undefined;
  };
  return {
    touch(inFlight) {
      clear();
      if (stopped || inFlight > 0) return;
      handle = timers.set(() => {
        handle = undefined;
        if (!stopped) onIdle();
      }, ms);
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}

/**
 * A Worker transport whose Worker is terminated after `ms` with no request outstanding (Firefox: the
 * Worker lives in the background page). The next post starts a new one (createWorkerTransport); all
 * of this runs on one thread, so a request can never arrive "while it closes".
 */
export function closeWhenIdle(transport: WorkerTransportExtra, ms = WORKER_IDLE_MS, timers?: Timers): WorkerTransport {
  const open = new Set<number>();
  const idle = idleTimer(ms, () => open.size === 0 && transport.close(), timers);
  const messageCbs: ((msg: unknown) => void)[] = [];
  transport.onMessage((msg) => {
    const id = messageId(msg);
    if (id !== undefined) open.delete(id);
    idle.touch(open.size);
    for (const cb of messageCbs) cb(msg);
  });
  transport.onFailure(() => {
    open.clear();
    idle.touch(0);
  });
  return {
    post(msg, transfer) {
      open.add(msg.id);
      idle.touch(open.size);
      try {
        transport.post(msg, transfer);
      } catch (e) {
        open.delete(msg.id); // never sent: nothing to wait for
        idle.touch(open.size);
        throw e;
      }
    },
    onMessage: (cb) => void messageCbs.push(cb),
    onFailure: (cb) => transport.onFailure(cb),
    restart() {
      open.clear(); // the client has settled or re-sends them under new ids
      transport.restart();
      idle.touch(0);
    },
  };
}
